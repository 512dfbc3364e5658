import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { StatusChip } from '../../components/status-chip';
import { type NodeType, useMoveStatus, useNodeStatus, useStatusHistory } from './status-api';

export type StatusNode = { type: NodeType; id: number; name: string };

/**
 * A node's status: where it stands, the moves the caller may make now (with an optional comment)
 * and its history, newest first. Shown in the documents page's dialog and the viewer's panel.
 */
export function StatusContent({ vendorId, node }: { vendorId: number; node: StatusNode }) {
  const { t, i18n } = useTranslation('workflows');
  const status = useNodeStatus(vendorId, node.type, node.id);
  const history = useStatusHistory(vendorId, node.type, node.id);
  const move = useMoveStatus(vendorId);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });

  const go = async (statusId: number) => {
    setError(null);
    try {
      await move.mutateAsync({
        type: node.type,
        id: node.id,
        statusId,
        comment: comment.trim() || undefined,
      });
      setComment('');
    } catch (e) {
      setError(isApiError(e) ? e.message : String(e));
    }
  };

  return (
    <Stack spacing={2}>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {status.data ? (
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2">{t('current')}</Typography>
            {status.data.status ? (
              <StatusChip status={status.data.status} testId="status-current" />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('none')}
              </Typography>
            )}
            {status.data.workflow ? (
              <Typography variant="body2" color="text.secondary">
                ({status.data.workflow.name})
              </Typography>
            ) : null}
          </Stack>
          {status.data.transitions.length ? (
            <>
              <TextField
                size="small"
                label={t('comment')}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                {status.data.transitions.map((s) => (
                  <Button
                    key={s.id}
                    variant="outlined"
                    disabled={move.isPending}
                    onClick={() => void go(s.id)}
                    data-testid={`status-move-${s.id}`}
                  >
                    {t('moveTo', { name: s.name })}
                  </Button>
                ))}
              </Stack>
            </>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('noMove')}
            </Typography>
          )}
        </>
      ) : null}
      <Typography variant="subtitle2">{t('history')}</Typography>
      {history.data?.length ? (
        <List dense disablePadding data-testid="status-history">
          {history.data.map((h) => (
            <ListItem key={`${h.at}-${h.from?.id ?? 0}-${h.to.id}`} divider disableGutters>
              <ListItemText
                primary={h.from ? `${h.from.name} → ${h.to.name}` : h.to.name}
                secondary={[h.actor.fullname, when.format(new Date(h.at)), h.comment]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('noHistory')}
        </Typography>
      )}
    </Stack>
  );
}

/** The viewer's side panel: the document's status, its moves and its history. */
export function StatusDrawer({
  vendorId,
  node,
  open,
  onClose,
}: {
  vendorId: number;
  node: StatusNode;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('workflows');
  return (
    // Above the app bar (which stays above the navigation drawer), as a dialog is.
    <Drawer anchor="right" open={open} onClose={onClose} sx={{ zIndex: (theme) => theme.zIndex.modal }}>
      <Box
        sx={{ width: { xs: '100vw', sm: 400 }, p: 2 }}
        role="region"
        aria-label={t('statusOf', { name: node.name })}
        data-testid="status-panel"
      >
        <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {t('statusOf', { name: node.name })}
          </Typography>
          <Button onClick={onClose}>{t('close')}</Button>
        </Stack>
        {open ? <StatusContent vendorId={vendorId} node={node} /> : null}
      </Box>
    </Drawer>
  );
}
