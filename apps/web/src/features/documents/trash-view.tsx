import DeleteSweep from '@mui/icons-material/DeleteSweep';
import RestoreFromTrash from '@mui/icons-material/RestoreFromTrash';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { Node } from '@portal/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api';
import { useSnackbar } from '../../app/snackbars';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formatSize } from '../../components/format-size';
import { PageLoader } from '../../components/page-loader';
import { TypeToConfirmDialog } from '../../components/type-to-confirm-dialog';
import { LegalHoldTrashNote } from '../storage/legal-hold';
import { useEmptyTrash, useRestoreNodes, useTrash } from './api';
import { nodeKey } from './node-actions';
import { NodeIcon } from './node-icon';

/**
 * A client file's trash: restore to the original place (writers; client users what they deleted
 * themselves, the server says so otherwise), or empty it for good (`canPurge`: the firm only).
 */
export function TrashView({
  vendorId,
  canWrite,
  canPurge,
}: {
  vendorId: number;
  canWrite: boolean;
  canPurge: boolean;
}) {
  const { t, i18n } = useTranslation('documents');
  const { enqueueSnackbar } = useSnackbar();
  const trash = useTrash(vendorId);
  const restore = useRestoreNodes(vendorId);
  const empty = useEmptyTrash(vendorId);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [asking, setAsking] = useState<'none' | 'empty' | 'rename'>('none');
  const nodes = useMemo(() => trash.data?.pages.flatMap((p) => p.data) ?? [], [trash.data]);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const chosen = nodes.filter((n) => selected.has(nodeKey(n)));

  const runRestore = async (conflict: 'refuse' | 'rename') => {
    const body = {
      document_ids: chosen.filter((n) => n.type === 'document').map((n) => n.id),
      folder_ids: chosen.filter((n) => n.type === 'folder').map((n) => n.id),
      conflict,
    };
    try {
      await restore.mutateAsync(body);
      setSelected(new Set());
      setAsking('none');
      enqueueSnackbar(t('trash.restored', { count: chosen.length }), { variant: 'success' });
    } catch (error) {
      if (isApiError(error) && error.code === 'node-name-conflict' && conflict === 'refuse')
        setAsking('rename');
      else enqueueSnackbar(isApiError(error) ? error.message : String(error), { variant: 'error' });
    }
  };
  const toggle = (node: Node) =>
    setSelected((prev) => {
      const next = new Set(prev);
      const key = nodeKey(node);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  if (trash.isPending) return <PageLoader />;
  if (trash.isError) return <Alert severity="error">{t('loadError')}</Alert>;
  return (
    <Box data-testid="trash-view">
      <LegalHoldTrashNote vendorId={vendorId} />
      {canWrite && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, px: 2, py: 1 }}>
          <Button
            startIcon={<RestoreFromTrash />}
            disabled={chosen.length === 0 || restore.isPending}
            onClick={() => void runRestore('refuse')}
          >
            {t('trash.restore', { count: chosen.length })}
          </Button>
          {canPurge && (
            <Button
              color="error"
              startIcon={<DeleteSweep />}
              disabled={nodes.length === 0}
              onClick={() => setAsking('empty')}
              data-testid="empty-trash"
            >
              {t('trash.empty')}
            </Button>
          )}
        </Box>
      )}
      {nodes.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }} data-testid="trash-empty">
          {t('trash.isEmpty')}
        </Typography>
      ) : (
        <List dense aria-label={t('trash.title')} data-testid="trash-list">
          {nodes.map((node) => (
            <ListItem
              key={nodeKey(node)}
              data-node={nodeKey(node)}
              secondaryAction={
                node.size === null ? null : (
                  <Typography variant="caption" color="text.secondary">
                    {formatSize(node.size, i18n.language)}
                  </Typography>
                )
              }
            >
              {canWrite && (
                <Checkbox
                  size="small"
                  edge="start"
                  checked={selected.has(nodeKey(node))}
                  onChange={() => toggle(node)}
                  slotProps={{ input: { 'aria-label': t('list.select', { name: node.name }) } }}
                />
              )}
              <ListItemIcon sx={{ minWidth: 36 }}>
                <NodeIcon type={node.type} extension={node.extension} fontSize="small" />
              </ListItemIcon>
              <ListItemText
                primary={node.name}
                secondary={
                  node.deleted_at
                    ? t('trash.deletedAt', { date: date.format(new Date(node.deleted_at)) })
                    : null
                }
                slotProps={{ primary: { noWrap: true, title: node.name } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {trash.hasNextPage && (
        <Box sx={{ textAlign: 'center', p: 1 }}>
          <Button onClick={() => void trash.fetchNextPage()} disabled={trash.isFetchingNextPage}>
            {t('list.more')}
          </Button>
        </Box>
      )}
      {asking === 'empty' && (
        <TypeToConfirmDialog
          title={t('trash.emptyTitle')}
          warning={t('trash.emptyWarning')}
          severity="error"
          instruction={t('trash.emptyInstruction', { word: t('trash.emptyWord') })}
          label={t('trash.emptyLabel')}
          confirmLabel={t('trash.empty')}
          word={t('trash.emptyWord')}
          testId="empty-trash-dialog"
          onClose={() => setAsking('none')}
          onConfirm={async () => {
            await empty.mutateAsync();
            setSelected(new Set());
            setAsking('none');
          }}
        />
      )}
      <ConfirmDialog
        open={asking === 'rename'}
        color="primary"
        title={t('trash.conflictTitle')}
        body={t('trash.conflict')}
        confirmLabel={t('trash.restoreRenamed')}
        onClose={() => setAsking((a) => (a === 'rename' ? 'none' : a))}
        onConfirm={() => runRestore('rename')}
      />
    </Box>
  );
}
