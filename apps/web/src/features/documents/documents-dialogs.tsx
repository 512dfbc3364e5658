import type { Node } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { ShareDialog } from '../shares/share-dialog';
import { useCreateFolder, useRenameDocument, useRenameFolder } from './api';
import { FolderDialog } from './folder-dialog';
import { FolderWorkflowDialog } from './folder-workflow-dialog';
import type { DocumentRights } from './rights';
import { StatusDialog } from './status-dialog';
import { VersionsDialog } from './versions-dialog';

export type DialogState =
  | { kind: 'create' }
  | { kind: 'rename'; node: Node }
  | { kind: 'versions'; node: Node }
  | { kind: 'status' | 'workflow'; node: Node }
  | { kind: 'share'; node: Node }
  | { kind: 'none' };

/** The documents page's dialogs on a node or the current folder (one open at a time). */
export function DocumentsDialogs({
  dialog,
  vendorId,
  currentId,
  rights,
  onDownload,
  onClose,
}: {
  dialog: DialogState;
  vendorId: number;
  currentId: number;
  /** The caller's rights in the current folder (`canWrite`: may change its content). */
  rights: DocumentRights;
  onDownload: (node: Node, versionId: number, fileName: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('documents');
  const createFolder = useCreateFolder(vendorId);
  const renameFolder = useRenameFolder(vendorId);
  const renameDocument = useRenameDocument(vendorId);
  return (
    <>
      {dialog.kind === 'create' && (
        <FolderDialog
          title={t('folder.create')}
          onSubmit={(name) => createFolder.mutateAsync({ name, parent_id: currentId })}
          onClose={onClose}
        />
      )}
      {dialog.kind === 'rename' && (
        <FolderDialog
          title={t(dialog.node.type === 'folder' ? 'folder.rename' : 'document.rename')}
          label={t(dialog.node.type === 'folder' ? 'folder.name' : 'document.name')}
          initial={dialog.node.name}
          onSubmit={(name) =>
            dialog.node.type === 'folder'
              ? renameFolder.mutateAsync({ id: dialog.node.id, name })
              : renameDocument.mutateAsync({ id: dialog.node.id, name })
          }
          onClose={onClose}
        />
      )}
      {dialog.kind === 'status' && <StatusDialog vendorId={vendorId} node={dialog.node} onClose={onClose} />}
      {dialog.kind === 'share' && (
        <ShareDialog
          target={{ vendorId, type: dialog.node.type, id: dialog.node.id, name: dialog.node.name }}
          onClose={onClose}
        />
      )}
      {dialog.kind === 'workflow' && (
        <FolderWorkflowDialog vendorId={vendorId} folder={dialog.node} onClose={onClose} />
      )}
      {dialog.kind === 'versions' && (
        <VersionsDialog
          vendorId={vendorId}
          document={dialog.node}
          rights={rights}
          onDownload={(versionId, fileName) => onDownload(dialog.node, versionId, fileName)}
          onClose={onClose}
        />
      )}
    </>
  );
}
