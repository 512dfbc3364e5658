import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { useSnackbar } from '../../../app/snackbars';
import { type FieldDef, type FormValues, toFormValues, toPayload } from '../../../components/form/field-defs';
import { payloadResolver, serverFieldErrors } from '../../../components/form/field-errors';
import { FieldGrid } from '../../../components/form/form-field';

type Props = {
  open: boolean;
  title: string;
  defs: readonly FieldDef[];
  schema: ZodType;
  initial: Record<string, unknown> | null;
  /** A line above the fields. */
  intro?: string;
  /** More under the fields (with its own state). */
  extra?: ReactNode;
  onClose: () => void;
  /** Sends the payload; throws the API error (its 422 fields go under the fields). */
  onSubmit: (payload: Record<string, unknown>) => Promise<unknown>;
  testId?: string;
};

/** Add or edit dialog of a described form; full screen on a phone. */
export function EntityDialog(props: Props) {
  // Mounted only while open: a fresh form each time.
  return props.open ? <EntityDialogBody {...props} /> : null;
}

function EntityDialogBody({ title, defs, schema, initial, intro, extra, onClose, onSubmit, testId }: Props) {
  const { t } = useTranslation('client-file');
  const { enqueueSnackbar } = useSnackbar();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const resolver = useMemo(
    () => payloadResolver<FormValues>((v) => toPayload(v, defs), schema),
    [defs, schema],
  );
  const { control, handleSubmit, setError, formState } = useForm<FormValues>({
    resolver,
    defaultValues: toFormValues(initial, defs),
  });
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(toPayload(values, defs));
      enqueueSnackbar(t('saved'), { variant: 'success' });
      onClose();
    } catch (error) {
      for (const [name, message] of Object.entries(serverFieldErrors(error) ?? {}))
        if (defs.some((d) => d.name === name)) setError(name, { message });
    }
  });
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" data-testid={testId}>
      <form noValidate onSubmit={submit}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          {intro ? (
            <Alert severity="info" sx={{ mb: 1.5 }}>
              {intro}
            </Alert>
          ) : null}
          <FieldGrid control={control} defs={defs} ns="client-file" />
          {extra}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('actions.cancel', { ns: 'common' })}</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {t('actions.save', { ns: 'common' })}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
