import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Folder } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FolderTree } from './folder-tree';

/** Chooses the target folder of a move or copy in the lazy tree (opened at the current folder). */
export function FolderPickerDialog({
  vendorId,
  root,
  title,
  confirmLabel,
  initial,
  busy,
  onPick,
  onClose,
}: {
  vendorId: number;
  root: Folder;
  title: string;
  confirmLabel: string;
  /** The folders open at first (the current folder's ancestors). */
  initial: { expanded: ReadonlySet<number> };
  busy: boolean;
  onPick: (folder: Folder) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('documents');
  const fullScreen = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(
    () => new Set([root.id, ...initial.expanded]),
  );
  const [target, setTarget] = useState<Folder | null>(null);
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="pick-title"
    >
      <DialogTitle id="pick-title">{title}</DialogTitle>
      <DialogContent dividers sx={{ p: 0, minHeight: 300 }} data-testid="folder-picker">
        <FolderTree
          vendorId={vendorId}
          root={root}
          selectedId={target?.id ?? -1}
          expanded={expanded}
          onToggle={(id) =>
            setExpanded((prev) => {
              const next = new Set(prev);
              if (next.has(id)) next.delete(id);
              else next.add(id);
              return next;
            })
          }
          onSelect={setTarget}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" disabled={!target || busy} onClick={() => target && onPick(target)}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
