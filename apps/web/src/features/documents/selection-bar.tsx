import Close from '@mui/icons-material/Close';
import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * What can be done with the selected items. Move, copy, delete to the trash and download as a ZIP
 * join here once their routes land (issue 13, documents server); today: download the documents.
 */
export function SelectionBar({
  count,
  documents,
  onDownload,
  onClear,
}: {
  count: number;
  documents: number;
  onDownload: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('documents');
  return (
    <Box
      data-testid="selection-bar"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 0.5, bgcolor: 'action.selected' }}
    >
      <Typography variant="body2" sx={{ flexGrow: 1 }}>
        {t('selection.count', { count })}
      </Typography>
      <Button size="small" startIcon={<Download />} disabled={documents === 0} onClick={onDownload}>
        {t('selection.download', { count: documents })}
      </Button>
      <IconButton size="small" aria-label={t('selection.clear')} onClick={onClear}>
        <Close fontSize="small" />
      </IconButton>
    </Box>
  );
}
