import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Whether the typed confirmation matches the expected word (spaces around ignored, case kept). */
export const confirmationMatches = (typed: string, word: string) => typed.trim() === word.trim();

type Props = {
  title: string;
  warning: string;
  severity: 'warning' | 'error';
  /** Tells which word to type. */
  instruction: string;
  label: string;
  confirmLabel: string;
  /** The word to type. */
  word: string;
  onClose: () => void;
  /** Runs the action with the typed word; a failure it throws keeps the dialog open. */
  onConfirm: (typed: string) => Promise<void>;
  /** The message to show under the field for a failure (else the snackbar alone tells it). */
  errorOf?: (error: unknown) => string | undefined;
  testId?: string;
  confirmTestId?: string;
  /** More to say between the warning and the instruction (what the action affects). */
  children?: ReactNode;
};

/** A dangerous action confirmed by typing a given word (spec section 5). */
export function TypeToConfirmDialog(props: Props) {
  const { t } = useTranslation('common');
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const matches = confirmationMatches(typed, props.word);
  const submit = async () => {
    if (!matches) return;
    setBusy(true);
    try {
      await props.onConfirm(typed.trim());
    } catch (e) {
      // Reported by the API client; the dialog stays open.
      setError(props.errorOf?.(e));
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={props.onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      data-testid={props.testId}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle>{props.title}</DialogTitle>
        <DialogContent>
          <Alert severity={props.severity} sx={{ mb: 2 }}>
            {props.warning}
          </Alert>
          {props.children}
          <DialogContentText>{props.instruction}</DialogContentText>
          <TextField
            fullWidth
            autoFocus
            margin="normal"
            label={props.label}
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              setError(undefined);
            }}
            error={Boolean(error)}
            helperText={error}
            autoComplete="off"
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t('actions.cancel')}</Button>
          <Button
            type="submit"
            color="error"
            variant="contained"
            disabled={busy || !matches}
            data-testid={props.confirmTestId}
          >
            {props.confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
