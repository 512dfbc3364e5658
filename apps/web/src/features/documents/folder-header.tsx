import Label from '@mui/icons-material/Label';
import Lock from '@mui/icons-material/Lock';
import LockOpen from '@mui/icons-material/LockOpen';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Folder } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import type { DocumentRights } from './rights';

/**
 * The shown folder's name, its read-only badge, the read-only toggle (firm members) and, inside a
 * read-only folder, what it forbids to the caller.
 */
export function FolderHeader({
  title,
  folder,
  rights,
  onReadOnly,
  onThemes,
}: {
  title: string;
  /** Null in the trash. */
  folder: Folder | null;
  rights: DocumentRights;
  onReadOnly: (folder: Folder, readOnly: boolean) => void;
  /** Firm administrators: opens the folder's themes. */
  onThemes?: (folder: Folder) => void;
}) {
  const { t } = useTranslation('documents');
  const readOnly = folder?.read_only === true;
  const toggleLabel = folder
    ? t(readOnly ? 'actions.readWrite' : 'actions.readOnly', { name: folder.name })
    : '';
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pt: 1.5, minWidth: 0 }}>
        <Typography variant="h6" component="h1" noWrap data-testid="current-folder">
          {title}
        </Typography>
        {readOnly && (
          <Chip
            size="small"
            icon={<Lock />}
            label={t('readOnly')}
            data-testid="folder-read-only"
            sx={{ flexShrink: 0 }}
          />
        )}
        {folder?.theme_read_only && (
          <Tooltip title={t('themeReadOnly.notice')}>
            <Chip
              size="small"
              icon={<Lock />}
              label={t('themeReadOnly.label')}
              data-testid="folder-theme-read-only"
              sx={{ flexShrink: 0 }}
            />
          </Tooltip>
        )}
        {folder && !folder.is_root && onThemes && (
          <Button
            size="small"
            startIcon={<Label />}
            onClick={() => onThemes(folder)}
            data-testid="folder-themes"
          >
            {t('themes.action')}
          </Button>
        )}
        {folder && !folder.is_root && rights.canValidate && (
          <Tooltip title={toggleLabel}>
            <IconButton
              size="small"
              aria-label={toggleLabel}
              aria-pressed={readOnly}
              onClick={() => onReadOnly(folder, !readOnly)}
              data-testid="toggle-read-only"
            >
              {readOnly ? <LockOpen fontSize="small" /> : <Lock fontSize="small" />}
            </IconButton>
          </Tooltip>
        )}
      </Box>
      {readOnly && rights.canWrite && (
        <Alert severity="info" sx={{ mx: 2, mt: 1 }} data-testid="read-only-notice">
          {t(rights.canValidate ? 'readOnlyFolder.noticeFirm' : 'readOnlyFolder.notice')}
        </Alert>
      )}
    </>
  );
}
