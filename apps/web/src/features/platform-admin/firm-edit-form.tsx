import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { PlatformFirm, PlatformModule } from '@portal/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { FormSection } from '../../components/form/form-section';
import { useUpdatePlatformFirm } from './api';
import { FirmFields } from './firm-fields';
import {
  FIRM_FIELDS,
  type FirmFormValues,
  firmValuesOf,
  serverErrorsOn,
  toUpdatePayload,
  updateFirmResolver,
} from './firm-form';
import { ModulesField } from './modules-field';
import { SA_IDS } from './test-ids';

type Props = { firm: PlatformFirm; modules: readonly PlatformModule[] };

/** A portal's name, domain, welcome message and modules, saved together. */
export function FirmEditForm({ firm, modules }: Props) {
  const { t } = useTranslation('platform-admin');
  const { enqueueSnackbar } = useSnackbar();
  const updateFirm = useUpdatePlatformFirm(firm.id);
  const { control, handleSubmit, setError, reset, formState } = useForm<FirmFormValues>({
    resolver: updateFirmResolver,
    defaultValues: firmValuesOf(firm),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await updateFirm.mutateAsync(toUpdatePayload(values));
      reset(firmValuesOf(saved));
      enqueueSnackbar(t('detail.saved'), { variant: 'success' });
    } catch (error) {
      for (const [field, message] of serverErrorsOn(error, FIRM_FIELDS)) {
        setError(field, { message }, { shouldFocus: true });
      }
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} data-testid={SA_IDS.editForm}>
      <FormSection title={t('form.general')}>
        <FirmFields control={control} />
      </FormSection>
      <FormSection title={t('fields.modules')} intro={t('modules.intro')}>
        <ModulesField control={control} modules={modules} />
      </FormSection>
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button
          onClick={() => reset(firmValuesOf(firm))}
          disabled={!formState.isDirty || formState.isSubmitting}
        >
          {t('detail.discard')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!formState.isDirty || formState.isSubmitting}
          data-testid={SA_IDS.save}
        >
          {t('actions.save', { ns: 'common' })}
        </Button>
      </Stack>
    </Stack>
  );
}
