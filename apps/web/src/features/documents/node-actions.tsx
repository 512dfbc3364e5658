import AccountTree from '@mui/icons-material/AccountTree';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteForever from '@mui/icons-material/DeleteForever';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Download from '@mui/icons-material/Download';
import Draw from '@mui/icons-material/Draw';
import DriveFileMove from '@mui/icons-material/DriveFileMove';
import DriveFileRenameOutline from '@mui/icons-material/DriveFileRenameOutline';
import Flag from '@mui/icons-material/FlagOutlined';
import FolderZip from '@mui/icons-material/FolderZip';
import History from '@mui/icons-material/History';
import Lock from '@mui/icons-material/Lock';
import LockOpen from '@mui/icons-material/LockOpen';
import MoreVert from '@mui/icons-material/MoreVert';
import RemoveDone from '@mui/icons-material/RemoveDone';
import Share from '@mui/icons-material/Share';
import Verified from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Node } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canChangeIn, isProtected } from './rights';

export type NodeHandlers = {
  onOpen: (node: Node) => void;
  onDownload: (node: Node) => void;
  onVersions: (node: Node) => void;
  onRename: (node: Node) => void;
  onValidate: (node: Node, validated: boolean) => void;
  onDelete: (nodes: Node[], force: boolean) => void;
  onTransfer: (nodes: Node[], mode: 'move' | 'copy') => void;
  onArchive: (node: Node) => void;
  /** Sets or lifts a folder's read-only flag (firm members). */
  onReadOnly: (node: Node, readOnly: boolean) => void;
  /** Opens the node's workflow status (when it has one the caller sees). */
  onStatus?: (node: Node) => void;
  /** Opens the share-link dialog (those with `documents.share`). */
  onShare?: (node: Node) => void;
  /** Sends a PDF document for signature ("Faire signer"). */
  onSign?: (node: Node) => void;
  /** Opens a folder's workflow, to deactivate it (those who configure workflows). */
  onWorkflow?: ((node: Node) => void) | undefined;
  canWrite: boolean;
  canValidate: boolean;
  /** The listed folder is read-only: its content changes only for those who may validate. */
  folderReadOnly: boolean;
};

export const nodeKey = (node: Pick<Node, 'type' | 'id'>) => `${node.type === 'folder' ? 'f' : 'd'}${node.id}`;

type Item = { key: string; label: string; icon: ReactNode; run: () => void };

/** The menu of one item, by the caller's rights (hidden rather than refused: the server checks again). */
function menuItems(node: Node, h: NodeHandlers, t: TFunction<'documents'>): Item[] {
  const name = { name: node.name };
  const items: Item[] = [];
  const locked = isProtected(node, h.folderReadOnly);
  const changeable = canChangeIn(h, h.folderReadOnly);
  if (node.type === 'document' && h.canValidate)
    items.push(
      node.is_validated
        ? {
            key: 'invalidate',
            label: t('actions.invalidate', name),
            icon: <RemoveDone fontSize="small" />,
            run: () => h.onValidate(node, false),
          }
        : {
            key: 'validate',
            label: t('actions.validate', name),
            icon: <Verified fontSize="small" />,
            run: () => h.onValidate(node, true),
          },
    );
  // A read-only folder is renamed by nobody: its flag is lifted first (the server's rule).
  if (changeable && !node.read_only)
    items.push({
      key: 'rename',
      label: t('actions.rename', name),
      icon: <DriveFileRenameOutline fontSize="small" />,
      run: () => h.onRename(node),
    });
  if (changeable && !locked)
    items.push({
      key: 'move',
      label: t('actions.move', name),
      icon: <DriveFileMove fontSize="small" />,
      run: () => h.onTransfer([node], 'move'),
    });
  if (h.canWrite)
    items.push({
      key: 'copy',
      label: t('actions.copy', name),
      icon: <ContentCopy fontSize="small" />,
      run: () => h.onTransfer([node], 'copy'),
    });
  if (h.onStatus && node.workflow_status)
    items.push({
      key: 'status',
      label: t('actions.status', name),
      icon: <Flag fontSize="small" />,
      run: () => h.onStatus?.(node),
    });
  if (h.onShare)
    items.push({
      key: 'share',
      label: t('actions.share', name),
      icon: <Share fontSize="small" />,
      run: () => h.onShare?.(node),
    });
  if (h.onSign && h.canWrite && node.type === 'document' && /\.pdf$/i.test(node.name))
    items.push({
      key: 'sign',
      label: t('actions.sign', name),
      icon: <Draw fontSize="small" />,
      run: () => h.onSign?.(node),
    });
  if (h.onWorkflow && node.type === 'folder')
    items.push({
      key: 'workflow',
      label: t('actions.workflow', name),
      icon: <AccountTree fontSize="small" />,
      run: () => h.onWorkflow?.(node),
    });
  if (node.type === 'folder')
    items.push({
      key: 'zip',
      label: t('actions.zip', name),
      icon: <FolderZip fontSize="small" />,
      run: () => h.onArchive(node),
    });
  if (node.type === 'folder' && h.canValidate)
    items.push(
      node.read_only
        ? {
            key: 'read-write',
            label: t('actions.readWrite', name),
            icon: <LockOpen fontSize="small" />,
            run: () => h.onReadOnly(node, false),
          }
        : {
            key: 'read-only',
            label: t('actions.readOnly', name),
            icon: <Lock fontSize="small" />,
            run: () => h.onReadOnly(node, true),
          },
    );
  if (changeable && !locked)
    items.push({
      key: 'delete',
      label: t('actions.delete', name),
      icon: <DeleteOutline fontSize="small" />,
      run: () => h.onDelete([node], false),
    });
  if (h.canValidate && locked)
    items.push({
      key: 'force',
      label: t('actions.forceDelete', name),
      icon: <DeleteForever fontSize="small" color="error" />,
      run: () => h.onDelete([node], true),
    });
  return items;
}

/** The actions of one item: download and versions (documents) at hand, the others in a menu. */
export function NodeActions({ node, handlers }: { node: Node; handlers: NodeHandlers }) {
  const { t } = useTranslation('documents');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const stop = (fn: () => void) => (e: React.MouseEvent) => {
    e.stopPropagation();
    fn();
  };
  const items = menuItems(node, handlers, t);
  return (
    <Box sx={{ display: 'flex', flexShrink: 0 }} onDoubleClick={(e) => e.stopPropagation()}>
      {node.type === 'document' && (
        <>
          <IconButton
            size="small"
            aria-label={t('actions.download', { name: node.name })}
            onClick={stop(() => handlers.onDownload(node))}
          >
            <Download fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={t('actions.versions', { name: node.name })}
            onClick={stop(() => handlers.onVersions(node))}
          >
            <History fontSize="small" />
          </IconButton>
        </>
      )}
      {items.length > 0 && (
        <IconButton
          size="small"
          aria-label={t('actions.more', { name: node.name })}
          aria-haspopup="menu"
          onClick={(e) => {
            e.stopPropagation();
            setAnchor(e.currentTarget);
          }}
        >
          <MoreVert fontSize="small" />
        </IconButton>
      )}
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {items.map((item) => (
          <MenuItem
            key={item.key}
            data-action={item.key}
            onClick={() => {
              setAnchor(null);
              item.run();
            }}
          >
            <ListItemIcon>{item.icon}</ListItemIcon>
            <ListItemText>{item.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}
