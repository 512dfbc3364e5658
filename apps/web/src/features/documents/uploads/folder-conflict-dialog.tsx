import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../app/snackbars';
import { documentKeys, fetchDocumentNames, fetchFolderChildren } from '../api';
import {
  applyFolderChoices,
  choiceFor,
  type FolderChoice,
  type FolderClash,
  folderClashes,
  newFolderNames,
  resumedFolder,
} from './folder-conflicts';
import { documentUploads, fingerprintOf } from './resume-store';
import type { FileToUpload, UploadTarget } from './upload-types';
import { uploadQueue } from './use-uploads';

/** A selection whose folders clash with the target's items, waiting for the user's choices. */
type Pending = {
  files: FileToUpload[];
  target: UploadTarget;
  /** The names of the target's folders and documents: a new folder takes none of them. */
  existing: string[];
  renamed: Map<string, string>;
  clashes: FolderClash[];
  choices: Map<string, FolderChoice>;
};

/**
 * Queues a selection; when an uploaded folder's name is taken in the target folder, asks first
 * (merge, create a new folder, or skip; apply to all), as the file conflict dialog does; a
 * document holding the name leaves a new folder or skip. A folder whose interrupted upload is
 * kept goes where it was going, without asking (it resumes).
 */
export function useUploadFiles(): {
  upload: (files: FileToUpload[], target: UploadTarget) => void;
  dialog: ReactNode;
} {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const { t } = useTranslation('documents');
  const [asking, setAsking] = useState<Pending | null>(null);
  const waiting = useRef<Pending[]>([]);
  const busy = useRef(false);

  const send = (files: FileToUpload[], target: UploadTarget) => {
    const { empty } = uploadQueue().add(files, target);
    for (const name of empty) enqueueSnackbar(t('upload.empty', { name }), { variant: 'warning' });
  };
  const next = () => {
    const pending = waiting.current.shift() ?? null;
    busy.current = pending !== null;
    setAsking(pending);
  };
  const ask = (pending: Pending) => {
    waiting.current.push(pending);
    if (!busy.current) next();
  };

  const upload = async (files: FileToUpload[], target: UploadTarget) => {
    if (!files.some((f) => f.relativePath?.includes('/'))) return send(files, target);
    let folderNames: string[];
    let documentNames: string[];
    try {
      const [children, documents] = await Promise.all([
        queryClient.fetchQuery({
          queryKey: documentKeys.tree(target.vendorId, target.folderId),
          queryFn: () => fetchFolderChildren(target.vendorId, target.folderId),
          staleTime: 0,
        }),
        // The root holds no documents.
        target.folderId === null ? [] : fetchDocumentNames(target.vendorId, target.folderId),
      ]);
      folderNames = children.map((f) => f.name);
      documentNames = documents;
    } catch {
      // The names could not be read: sent as before the choice existed (the server merges).
      folderNames = [];
      documentNames = [];
    }
    const existing = [...folderNames, ...documentNames];
    // Read once for the selection; a file uploading now is no interrupted upload to resume.
    const kept = documentUploads.snapshot();
    const queue = uploadQueue();
    const isKept = (f: FileToUpload, relativePath: string) => {
      const key = fingerprintOf({
        ...target,
        relativePath,
        size: f.file.size,
        lastModified: f.file.lastModified,
      });
      return kept.has(key) && !queue.isUploading(key);
    };
    const renamed = new Map<string, string>();
    const clashes: FolderClash[] = [];
    for (const clash of folderClashes(files, folderNames, documentNames)) {
      // Only a folder is resumed into, never a document's name.
      const resumed = resumedFolder(files, clash.top, folderNames, isKept);
      if (resumed === null) clashes.push(clash);
      else renamed.set(clash.top, resumed);
    }
    if (clashes.length === 0) return send(applyFolderChoices(files, new Map(), existing, renamed), target);
    ask({ files, target, existing, renamed, clashes, choices: new Map() });
  };

  const choose = (pending: Pending, choice: FolderChoice, toAll: boolean) => {
    const choices = new Map(pending.choices);
    for (const clash of toAll ? pending.clashes : [pending.clashes[choices.size] as FolderClash])
      if (!choices.has(clash.top)) choices.set(clash.top, choiceFor(clash, choice));
    if (choices.size < pending.clashes.length) return setAsking({ ...pending, choices });
    send(applyFolderChoices(pending.files, choices, pending.existing, pending.renamed), pending.target);
    next();
  };

  const dialog = asking ? (
    <FolderConflictDialog
      key={`${asking.clashes.map((c) => c.top).join('/')}#${asking.choices.size}`}
      pending={asking}
      onChoose={(choice, toAll) => choose(asking, choice, toAll)}
    />
  ) : null;
  return { upload: (files, target) => void upload(files, target), dialog };
}

function FolderConflictDialog({
  pending,
  onChoose,
}: {
  pending: Pending;
  onChoose: (choice: FolderChoice, toAll: boolean) => void;
}) {
  const { t } = useTranslation('documents');
  const [toAll, setToAll] = useState(false);
  const clash = pending.clashes[pending.choices.size] as FolderClash;
  const name = clash.top;
  const others = pending.clashes.length - pending.choices.size - 1;
  const newName =
    newFolderNames(
      pending.files,
      new Map([...pending.choices, [name, 'create']]),
      pending.existing,
      pending.renamed,
    ).get(name.trim().toLowerCase()) ?? name;
  return (
    <Dialog open aria-labelledby="folder-conflict-title">
      <DialogTitle id="folder-conflict-title">
        {t(clash.heldByDocument ? 'folderConflict.documentTitle' : 'folderConflict.title')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t(clash.heldByDocument ? 'folderConflict.documentText' : 'folderConflict.text', { name, newName })}
        </DialogContentText>
        {others > 0 && (
          <FormControlLabel
            control={<Checkbox checked={toAll} onChange={(e) => setToAll(e.target.checked)} />}
            label={t('folderConflict.applyToAllCount', { count: others })}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onChoose('skip', toAll)}>{t('conflict.skip')}</Button>
        <Button onClick={() => onChoose('create', toAll)}>{t('folderConflict.create')}</Button>
        {!clash.heldByDocument && (
          <Button variant="contained" onClick={() => onChoose('merge', toAll)}>
            {t('folderConflict.merge')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
