import Download from '@mui/icons-material/Download';
import DriveFileRenameOutline from '@mui/icons-material/DriveFileRenameOutline';
import History from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { Node } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

export type NodeHandlers = {
  onOpen: (node: Node) => void;
  onDownload: (node: Node) => void;
  onVersions: (node: Node) => void;
  onRename: (node: Node) => void;
  canWrite: boolean;
};

export const nodeKey = (node: Pick<Node, 'type' | 'id'>) => `${node.type === 'folder' ? 'f' : 'd'}${node.id}`;

/** The actions of one item: download and versions (documents), rename (folders). */
export function NodeActions({ node, handlers }: { node: Node; handlers: NodeHandlers }) {
  const { t } = useTranslation('documents');
  const stop = (fn: () => void) => (e: React.MouseEvent) => {
    e.stopPropagation();
    fn();
  };
  return (
    <Box sx={{ display: 'flex', flexShrink: 0 }}>
      {node.type === 'document' ? (
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
      ) : (
        handlers.canWrite &&
        !node.read_only && (
          <IconButton
            size="small"
            aria-label={t('actions.rename', { name: node.name })}
            onClick={stop(() => handlers.onRename(node))}
          >
            <DriveFileRenameOutline fontSize="small" />
          </IconButton>
        )
      )}
    </Box>
  );
}
