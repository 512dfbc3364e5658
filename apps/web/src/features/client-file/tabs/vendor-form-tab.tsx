import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { updateVendorRequestSchema } from '@portal/contracts';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../app/snackbars';
import { type FieldDef, type FormValues, toFormValues, toPayload } from '../../../components/form/field-defs';
import { payloadResolver, serverFieldErrors } from '../../../components/form/field-errors';
import { FieldGrid } from '../../../components/form/form-field';
import { PageLoader } from '../../../components/page-loader';
import { useUpdateVendor, useVendor } from '../api';

type Props = {
  vendorId: number;
  canWrite: boolean;
  defs: readonly FieldDef[];
  title: string;
  testId: string;
};

/** A tab editing some fields of the client file: a form saved with PATCH /vendors/{id}. */
export function VendorFormTab({ vendorId, canWrite, defs, title, testId }: Props) {
  const { t } = useTranslation('client-file');
  const { enqueueSnackbar } = useSnackbar();
  const vendor = useVendor(vendorId);
  const updateVendor = useUpdateVendor(vendorId);
  const resolver = useMemo(
    () => payloadResolver<FormValues>((v) => toPayload(v, defs), updateVendorRequestSchema),
    [defs],
  );
  const { control, handleSubmit, reset, setError, formState } = useForm<FormValues>({
    resolver,
    defaultValues: toFormValues(null, defs),
  });

  useEffect(() => {
    if (vendor.data) reset(toFormValues(vendor.data, defs));
  }, [vendor.data, defs, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await updateVendor.mutateAsync(toPayload(values, defs));
      enqueueSnackbar(t('saved'), { variant: 'success' });
    } catch (error) {
      for (const [name, message] of Object.entries(serverFieldErrors(error) ?? {}))
        if (defs.some((d) => d.name === name)) setError(name, { message });
    }
  });

  if (!vendor.data) return <PageLoader />;
  return (
    <Paper component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, sm: 3 } }} data-testid={testId}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <FieldGrid control={control} defs={defs} ns="client-file" disabled={!canWrite} />
      {canWrite ? (
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {t('actions.save', { ns: 'common' })}
          </Button>
          <Button
            onClick={() => reset(toFormValues(vendor.data, defs))}
            disabled={!formState.isDirty || formState.isSubmitting}
          >
            {t('actions.cancel', { ns: 'common' })}
          </Button>
        </Stack>
      ) : null}
    </Paper>
  );
}
