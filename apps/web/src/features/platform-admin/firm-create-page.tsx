import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { PlatformHolding, PlatformModule } from '@portal/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppNavigate } from '../../app/app-navigate';
import { useSnackbar } from '../../app/snackbars';
import { FormSection } from '../../components/form/form-section';
import { PageLoader } from '../../components/page-loader';
import { AdminFields } from './admin-fields';
import { useCreatePlatformFirm, usePlatformHoldings, usePlatformModules } from './api';
import { FirmFields } from './firm-fields';
import {
  CREATE_FIELDS,
  type CreateFirmFormValues,
  createFirmResolver,
  emptyCreateValues,
  serverErrorsOn,
  toCreatePayload,
} from './firm-form';
import { HoldingField } from './holding-field';
import { ModulesField } from './modules-field';
import { SaPageHeader } from './sa-page-header';
import { firmsPath } from './sections';
import { SA_IDS } from './test-ids';
import { useSaLink } from './use-sa-link';

/** `sa/accounting-firms/create`: a new portal, its holding, its modules and its first administrator. */
export function FirmCreatePage() {
  const { t } = useTranslation('platform-admin');
  const holdings = usePlatformHoldings();
  const modules = usePlatformModules();
  const back = { to: firmsPath(), label: t('firms.back') };
  const header = <SaPageHeader title={t('create.title')} back={back} />;
  if (holdings.isError || modules.isError) {
    return (
      <Stack spacing={2}>
        {header}
        <Alert severity="error">{t('loadError')}</Alert>
      </Stack>
    );
  }
  if (!holdings.data || !modules.data) return <PageLoader />;
  return (
    <Stack spacing={2}>
      {header}
      <CreateForm holdings={holdings.data} modules={modules.data} />
    </Stack>
  );
}

function CreateForm({ holdings, modules }: { holdings: PlatformHolding[]; modules: PlatformModule[] }) {
  const { t } = useTranslation('platform-admin');
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useAppNavigate();
  const link = useSaLink();
  const createFirm = useCreatePlatformFirm();
  const { control, handleSubmit, setError, formState } = useForm<CreateFirmFormValues>({
    resolver: createFirmResolver,
    defaultValues: emptyCreateValues(modules.map((m) => m.key)),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const firm = await createFirm.mutateAsync(toCreatePayload(values));
      enqueueSnackbar(t('create.done', { name: firm.name, email: values.admin.email.trim() }), {
        variant: 'success',
      });
      navigate(firmsPath(firm.id));
    } catch (error) {
      // The snackbar (API client) tells the first message; the fields show theirs.
      for (const [field, message] of serverErrorsOn(error, CREATE_FIELDS)) {
        setError(field, { message }, { shouldFocus: true });
      }
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} data-testid={SA_IDS.createForm}>
      <FormSection title={t('form.general')}>
        <FirmFields control={control} />
      </FormSection>
      <FormSection title={t('fields.holding')} intro={t('holding.intro')}>
        <HoldingField control={control} holdings={holdings} />
      </FormSection>
      <FormSection title={t('fields.modules')} intro={t('modules.intro')}>
        <ModulesField control={control} modules={modules} />
      </FormSection>
      <FormSection title={t('fields.admin')} intro={t('create.adminIntro')}>
        <AdminFields control={control} />
      </FormSection>
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to={link(firmsPath())}>
          {t('actions.cancel', { ns: 'common' })}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={formState.isSubmitting}
          data-testid={SA_IDS.createSubmit}
        >
          {t('create.submit')}
        </Button>
      </Stack>
    </Stack>
  );
}
