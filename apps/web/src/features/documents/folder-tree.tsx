import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Lock from '@mui/icons-material/Lock';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { Folder } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useFolderChildren } from './api';
import { NodeIcon } from './node-icon';

type TreeProps = {
  vendorId: number;
  root: Folder;
  selectedId: number;
  expanded: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onSelect: (folder: Folder) => void;
};

/** The folder tree of a client file, each level loaded when it is opened. */
export function FolderTree(props: TreeProps) {
  const { t } = useTranslation('documents');
  return (
    <List dense component="nav" aria-label={t('tree.label')} data-testid="folder-tree">
      <TreeNode {...props} folder={props.root} depth={0} />
    </List>
  );
}

function TreeNode({ folder, depth, ...props }: TreeProps & { folder: Folder; depth: number }) {
  const { t } = useTranslation('documents');
  const open = props.expanded.has(folder.id);
  const children = useFolderChildren(props.vendorId, folder.id, open && folder.has_sub_folders);
  const label = folder.is_root ? t('tree.root') : folder.name;
  return (
    <>
      <ListItemButton
        selected={folder.id === props.selectedId}
        onClick={() => props.onSelect(folder)}
        sx={{ pl: 1 + depth * 2, pr: 1 }}
        data-folder-id={folder.id}
      >
        <Box sx={{ width: 28, flexShrink: 0 }}>
          {folder.has_sub_folders && (
            <IconButton
              size="small"
              aria-label={open ? t('tree.collapse', { name: label }) : t('tree.expand', { name: label })}
              aria-expanded={open}
              onClick={(e) => {
                e.stopPropagation();
                props.onToggle(folder.id);
              }}
            >
              {open ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />}
            </IconButton>
          )}
        </Box>
        <ListItemIcon sx={{ minWidth: 32 }}>
          <NodeIcon type="folder" fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={label} slotProps={{ primary: { noWrap: true, title: label } }} />
        {/* Beside the name, not on the icon: the root's count ("99+") would cover it. */}
        <Badge
          color="primary"
          badgeContent={folder.counter}
          max={99}
          title={t('unreadCount', { count: folder.counter })}
          data-testid="folder-unread-count"
          sx={{ ml: 1, flexShrink: 0, '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
        />
        {folder.read_only && <Lock fontSize="small" color="action" titleAccess={t('readOnly')} />}
      </ListItemButton>
      {open && folder.has_sub_folders && children.isPending && (
        <Box sx={{ pl: 4 + depth * 2, py: 0.5 }}>
          <CircularProgress size={16} />
        </Box>
      )}
      {open &&
        children.data?.map((child) => (
          <TreeNode key={child.id} {...props} folder={child} depth={depth + 1} />
        ))}
    </>
  );
}
