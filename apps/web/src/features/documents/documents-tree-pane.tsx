import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import type { Folder } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { FolderTree } from './folder-tree';

/** The folder tree and the trash entry: a side pane, or a drawer on a small screen (`drawer`). */
export function DocumentsTreePane({
  vendorId,
  root,
  selectedId,
  expanded,
  onToggle,
  onSelect,
  inTrash,
  onOpenTrash,
  drawer,
}: {
  vendorId: number;
  root: Folder;
  selectedId: number;
  expanded: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onSelect: (folder: Folder) => void;
  inTrash: boolean;
  onOpenTrash: () => void;
  drawer: { open: boolean; onClose: () => void } | null;
}) {
  const { t } = useTranslation('documents');
  const tree = (
    <>
      <FolderTree
        vendorId={vendorId}
        root={root}
        selectedId={selectedId}
        expanded={expanded}
        onToggle={onToggle}
        onSelect={onSelect}
      />
      <ListItemButton dense selected={inTrash} onClick={onOpenTrash} data-testid="open-trash">
        <ListItemIcon sx={{ minWidth: 32, pl: 4.5 }}>
          <DeleteOutline fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={t('trash.title')} />
      </ListItemButton>
    </>
  );
  return drawer ? (
    <Drawer open={drawer.open} onClose={drawer.onClose}>
      <Box sx={{ width: 280 }}>{tree}</Box>
    </Drawer>
  ) : (
    <Paper variant="outlined" sx={{ width: 280, flexShrink: 0, overflow: 'auto', maxHeight: '80vh' }}>
      {tree}
    </Paper>
  );
}
