import Close from '@mui/icons-material/Close';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteForever from '@mui/icons-material/DeleteForever';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import DriveFileMove from '@mui/icons-material/DriveFileMove';
import FolderZip from '@mui/icons-material/FolderZip';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { Node } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import type { NodeHandlers } from './node-actions';
import { canChangeIn, isProtected } from './rights';

/** What can be done with the selected items: ZIP download, move, copy, delete to the trash. */
export function SelectionBar({
  nodes,
  handlers,
  onDownload,
  onClear,
}: {
  nodes: Node[];
  handlers: Pick<NodeHandlers, 'onDelete' | 'onTransfer' | 'canWrite' | 'canValidate' | 'folderReadOnly'>;
  onDownload: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('documents');
  const count = nodes.length;
  const anyProtected = nodes.some((n) => isProtected(n, handlers.folderReadOnly));
  const changeable = canChangeIn(handlers, handlers.folderReadOnly);
  return (
    <Box
      data-testid="selection-bar"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 0.5,
        px: 2,
        py: 0.5,
        bgcolor: 'action.selected',
      }}
    >
      <Typography variant="body2" sx={{ flexGrow: 1, minWidth: 120 }}>
        {t('selection.count', { count })}
      </Typography>
      <Button size="small" startIcon={<FolderZip />} disabled={count === 0} onClick={onDownload}>
        {t('selection.download', { count })}
      </Button>
      {changeable && (
        <Button
          size="small"
          startIcon={<DriveFileMove />}
          disabled={count === 0}
          onClick={() => handlers.onTransfer(nodes, 'move')}
        >
          {t('selection.move')}
        </Button>
      )}
      {handlers.canWrite && (
        <Button
          size="small"
          startIcon={<ContentCopy />}
          disabled={count === 0}
          onClick={() => handlers.onTransfer(nodes, 'copy')}
        >
          {t('selection.copy')}
        </Button>
      )}
      {changeable && (
        <Button
          size="small"
          color="error"
          startIcon={<DeleteOutline />}
          disabled={count === 0}
          onClick={() => handlers.onDelete(nodes, false)}
        >
          {t('selection.delete')}
        </Button>
      )}
      {handlers.canValidate && anyProtected && (
        <Button
          size="small"
          color="error"
          startIcon={<DeleteForever />}
          onClick={() => handlers.onDelete(nodes, true)}
        >
          {t('selection.forceDelete')}
        </Button>
      )}
      <IconButton size="small" aria-label={t('selection.clear')} onClick={onClear}>
        <Close fontSize="small" />
      </IconButton>
    </Box>
  );
}
