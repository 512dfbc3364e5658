import Download from '@mui/icons-material/Download';
import RemoveDone from '@mui/icons-material/RemoveDone';
import Restore from '@mui/icons-material/Restore';
import Verified from '@mui/icons-material/Verified';
import Visibility from '@mui/icons-material/Visibility';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { Node } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../components/format-size';
import { useRestoreVersion, useSetValidated, useVersions } from './api';
import type { DocumentRights } from './rights';
import { SignaturesChip, VersionSigners } from './version-signatures';

/**
 * The versions of a document, newest first: author, dates, size; each can be downloaded, shown in
 * the viewer (`onOpen`), an older one restored (writers), any validated or invalidated (firm members).
 */
export function VersionsDialog({
  vendorId,
  document,
  rights,
  onDownload,
  onOpen,
  onClose,
}: {
  vendorId: number;
  document: Pick<Node, 'id' | 'name'>;
  /** `canWrite`: may restore (false inside a read-only folder but for firm members). */
  rights: DocumentRights;
  onDownload: (versionId: number, fileName: string) => void;
  /** Shows a version in the viewer (with `latest` true for the latest). */
  onOpen?: (versionId: number, latest: boolean) => void;
  onClose: () => void;
}) {
  const validation = useSetValidated(vendorId);
  const restore = useRestoreVersion(vendorId);
  const { t, i18n } = useTranslation('documents');
  const versions = useVersions(vendorId, document.id);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const list = [...(versions.data ?? [])].sort((a, b) => b.id - a.id);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('versions.title', { name: document.name })}</DialogTitle>
      <DialogContent dividers>
        {versions.isPending && <CircularProgress />}
        {versions.isError && <Alert severity="error">{t('versions.loadError')}</Alert>}
        <List dense data-testid="versions-list">
          {list.map((v, i) => (
            <ListItem
              key={v.id}
              divider
              sx={{
                pr: (rights.canValidate ? 6 : 0) + (rights.canWrite && i > 0 ? 6 : 0) + (onOpen ? 6 : 0) + 6,
              }}
              secondaryAction={
                <Box sx={{ display: 'flex' }}>
                  {rights.canValidate && (
                    <IconButton
                      aria-label={t(v.is_validated ? 'versions.invalidate' : 'versions.validate', {
                        number: list.length - i,
                      })}
                      disabled={validation.isPending}
                      onClick={() =>
                        validation.mutate({
                          node: { id: document.id, version_id: v.id },
                          validated: !v.is_validated,
                        })
                      }
                    >
                      {v.is_validated ? <RemoveDone /> : <Verified />}
                    </IconButton>
                  )}
                  {onOpen && (
                    <IconButton
                      aria-label={t('versions.open', { number: list.length - i })}
                      onClick={() => onOpen(v.id, i === 0)}
                    >
                      <Visibility />
                    </IconButton>
                  )}
                  {rights.canWrite && i > 0 && (
                    <IconButton
                      aria-label={t('versions.restore', { number: list.length - i })}
                      disabled={restore.isPending}
                      onClick={() => restore.mutate({ documentId: document.id, versionId: v.id })}
                    >
                      <Restore />
                    </IconButton>
                  )}
                  <IconButton
                    edge="end"
                    aria-label={t('versions.download', { number: list.length - i })}
                    onClick={() => onDownload(v.id, v.original_name)}
                  >
                    <Download />
                  </IconButton>
                </Box>
              }
            >
              <ListItemText
                primary={
                  <>
                    {t('versions.number', { number: list.length - i })} · {v.original_name}{' '}
                    {i === 0 && <Chip size="small" label={t('versions.latest')} />}{' '}
                    {v.is_validated && <Chip size="small" color="success" label={t('validated')} />}{' '}
                    <SignaturesChip vendorId={vendorId} documentId={document.id} versionId={v.id} />
                  </>
                }
                secondary={[
                  t('versions.by', { name: v.author?.fullname ?? t('versions.unknownAuthor') }),
                  date.format(new Date(v.created_at)),
                  formatSize(v.size, i18n.language),
                  v.validated_at
                    ? t('versions.validatedAt', {
                        date: date.format(new Date(v.validated_at)),
                        name: v.validator?.fullname ?? '',
                      })
                    : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
              <VersionSigners vendorId={vendorId} documentId={document.id} versionId={v.id} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
