import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { FORBIDDEN_NAME_CHARS } from '@portal/contracts/documents/name-rules';
import { FILE_NAME_MAX } from '@portal/contracts/limits';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api';

/** The name rules of spec section 5 (the server checks them again); an error key or null. */
export function nameError(raw: string): string | null {
  const name = raw.trim();
  if (!name) return 'required';
  if (name.length > FILE_NAME_MAX) return 'too-long';
  if (FORBIDDEN_NAME_CHARS.test(name) || name === '.' || name === '..') return 'invalid-name';
  return null;
}

/** Creates a folder (no `initial`) or renames a folder or a document. */
export function FolderDialog({
  title,
  label,
  initial = '',
  onSubmit,
  onClose,
}: {
  title: string;
  /** The field's label (default: the folder name). */
  label?: string;
  initial?: string;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['documents', 'errors']);
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const key = nameError(name);
    if (key) {
      setError(t(key, { ns: 'errors' }));
      return;
    }
    setBusy(true);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch (err) {
      setError(isApiError(err) ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={label ?? t('folder.name')}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
            error={error !== null}
            helperText={error ?? ' '}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
