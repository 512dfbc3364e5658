import type { WorkflowsSeam } from '../../app-context';
import * as nodes from './node-status.repository';

/**
 * What the document manager's filings need from the workflows (`ctx.workflows`), called in the
 * filing's transaction so that a document never exists, committed, without the status of the
 * workflow it stands under: new documents (uploads, copies) start at the initial status; moved
 * documents and folders (their subtree too) restart at the initial status of another workflow
 * they land under, and keep theirs under the same one.
 */
export function workflowsSeam(): WorkflowsSeam {
  return {
    async onFiled(tx, vendor, filed) {
      const sub = await nodes.liveSubtrees(tx, vendor, filed.folderIds);
      const documentIds = [...new Set([...filed.documentIds, ...sub.documents])];
      if (!documentIds.length && !sub.folders.length) return;
      await nodes.startAtInitial(tx, vendor, 'folder', sub.folders, filed.by);
      await nodes.startAtInitial(tx, vendor, 'document', documentIds, filed.by);
    },
  };
}
