import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ArchiveLinkRequest, Folder, Node, TransferNodesRequest } from '@portal/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api';
import { useSnackbar } from '../../app/snackbars';
import { ConfirmDialog } from '../../components/confirm-dialog';
import {
  downloadArchive,
  selectionOf,
  type TransferBody,
  type TransferMode,
  useDeleteNodes,
  useSetFolderReadOnly,
  useSetValidated,
  useTransferNodes,
} from './api';
import { FolderPickerDialog } from './folder-picker-dialog';
import { transferStep } from './rights';

type DocumentConflict = TransferNodesRequest['conflict'];
type FolderConflict = TransferNodesRequest['folder_conflict'];

type Pending =
  | { kind: 'none' }
  | { kind: 'pick'; mode: TransferMode; nodes: Node[] }
  | { kind: 'conflict'; on: 'documents' | 'folders'; mode: TransferMode; body: TransferBody }
  | { kind: 'default-folders'; mode: TransferMode; body: TransferBody }
  | { kind: 'delete'; nodes: Node[]; force: boolean };

/**
 * Validation, read-only flags, deletion to the trash, move and copy (with the conflict rules of spec section 5)
 * and ZIP downloads: the handlers, and the dialogs they open.
 */
export function useNodeCommands({
  vendorId,
  root,
  expanded,
  onDone,
}: {
  vendorId: number;
  root: Folder | null;
  expanded: ReadonlySet<number>;
  /** After a deletion, move or copy (clears the selection). */
  onDone: () => void;
}) {
  const { t } = useTranslation('documents');
  const { enqueueSnackbar } = useSnackbar();
  const validation = useSetValidated(vendorId);
  const readOnlyFlag = useSetFolderReadOnly(vendorId);
  const deletion = useDeleteNodes(vendorId);
  const transfer = useTransferNodes(vendorId);
  const [pending, setPending] = useState<Pending>({ kind: 'none' });
  const close = () => setPending({ kind: 'none' });
  const fail = (error: unknown) =>
    enqueueSnackbar(isApiError(error) ? error.message : String(error), { variant: 'error' });

  const runTransfer = async (mode: TransferMode, body: TransferBody) => {
    try {
      const outcome = await transfer.mutateAsync({ mode, body });
      close();
      onDone();
      const skipped = outcome.skipped_document_ids.length + outcome.skipped_folder_ids.length;
      if (skipped > 0) enqueueSnackbar(t('transfer.skipped', { count: skipped }), { variant: 'warning' });
      else enqueueSnackbar(t(mode === 'move' ? 'transfer.moved' : 'transfer.copied'), { variant: 'success' });
    } catch (error) {
      const step = isApiError(error) ? transferStep(error, body) : 'fail';
      if (step === 'confirm-default-folders') setPending({ kind: 'default-folders', mode, body });
      else if (step === 'ask-documents' && body.conflict === undefined)
        setPending({ kind: 'conflict', on: 'documents', mode, body });
      else if (step === 'ask-folders' && body.folder_conflict === undefined)
        setPending({ kind: 'conflict', on: 'folders', mode, body });
      else fail(error);
    }
  };

  const runDelete = async (nodes: Node[], force: boolean) => {
    try {
      const outcome = await deletion.mutateAsync({ ...selectionOf(nodes), force });
      onDone();
      if (outcome.skipped_document_ids.length + outcome.skipped_folder_ids.length > 0)
        enqueueSnackbar(t('trash.failedValidated'), { variant: 'error' });
      else enqueueSnackbar(t('trash.deleted', { count: nodes.length }), { variant: 'success' });
    } catch (error) {
      fail(error);
      throw error;
    }
  };

  const commands = {
    validate: (node: Node, validated: boolean) =>
      validation.mutate(
        { node, validated },
        {
          onSuccess: () =>
            enqueueSnackbar(t(validated ? 'validation.done' : 'validation.undone', { name: node.name }), {
              variant: 'success',
            }),
        },
      ),
    readOnly: (folder: Pick<Node, 'id' | 'name'>, readOnly: boolean) =>
      readOnlyFlag.mutate(
        { id: folder.id, readOnly },
        {
          onSuccess: () =>
            enqueueSnackbar(
              t(readOnly ? 'readOnlyFolder.set' : 'readOnlyFolder.lifted', { name: folder.name }),
              {
                variant: 'success',
              },
            ),
        },
      ),
    remove: (nodes: Node[], force: boolean) => setPending({ kind: 'delete', nodes, force }),
    transfer: (nodes: Node[], mode: TransferMode) => setPending({ kind: 'pick', mode, nodes }),
    /** The API client reports a refusal in the snackbar. */
    archive: (request: ArchiveLinkRequest) => void downloadArchive(vendorId, request).catch(() => undefined),
  };

  let dialog: ReactNode = null;
  if (pending.kind === 'pick' && root)
    dialog = (
      <FolderPickerDialog
        vendorId={vendorId}
        root={root}
        title={t(pending.mode === 'move' ? 'transfer.moveTitle' : 'transfer.copyTitle', {
          count: pending.nodes.length,
        })}
        confirmLabel={t(pending.mode === 'move' ? 'transfer.moveHere' : 'transfer.copyHere')}
        initial={{ expanded }}
        busy={transfer.isPending}
        onPick={(folder) =>
          void runTransfer(pending.mode, { ...selectionOf(pending.nodes), folder_id: folder.id })
        }
        onClose={close}
      />
    );
  if (pending.kind === 'conflict') {
    const choose = (choice: DocumentConflict | FolderConflict) =>
      void runTransfer(
        pending.mode,
        pending.on === 'documents'
          ? { ...pending.body, conflict: choice as DocumentConflict }
          : { ...pending.body, folder_conflict: choice as FolderConflict },
      );
    dialog = (
      <Dialog open onClose={close} aria-labelledby="transfer-conflict-title">
        <DialogTitle id="transfer-conflict-title">
          {t(pending.on === 'documents' ? 'conflict.title' : 'transfer.folderConflictTitle')}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t(pending.on === 'documents' ? 'transfer.documentConflict' : 'transfer.folderConflict')}
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap' }}>
          <Button onClick={close}>{t('cancel')}</Button>
          {pending.on === 'documents' ? (
            <>
              <Button onClick={() => choose('rename')}>{t('conflict.newDocument')}</Button>
              <Button variant="contained" onClick={() => choose('version')}>
                {t('conflict.newVersion')}
              </Button>
            </>
          ) : (
            <>
              <Button onClick={() => choose('rename')}>{t('transfer.create')}</Button>
              <Button variant="contained" onClick={() => choose('merge')}>
                {t('transfer.merge')}
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>
    );
  }
  if (pending.kind === 'default-folders')
    dialog = (
      <ConfirmDialog
        open
        color="primary"
        title={t('transfer.defaultFolderTitle')}
        body={t('transfer.defaultFolder')}
        confirmLabel={t('transfer.moveAnyway')}
        // The retry may open the conflict dialog: closing must not close that one.
        onClose={() => setPending((p) => (p.kind === 'default-folders' ? { kind: 'none' } : p))}
        onConfirm={() => runTransfer(pending.mode, { ...pending.body, move_default_folders: true })}
      />
    );
  if (pending.kind === 'delete')
    dialog = (
      <ConfirmDialog
        open
        title={t(pending.force ? 'trash.forceTitle' : 'trash.deleteTitle', { count: pending.nodes.length })}
        body={
          pending.force
            ? t('trash.forceWarning')
            : pending.nodes.length === 1
              ? t('trash.deleteOne', { name: pending.nodes[0]?.name })
              : t('trash.deleteMany', { count: pending.nodes.length })
        }
        confirmLabel={t(pending.force ? 'trash.forceConfirm' : 'trash.deleteConfirm')}
        onClose={close}
        onConfirm={() => runDelete(pending.nodes, pending.force)}
      />
    );
  return { commands, dialog };
}
