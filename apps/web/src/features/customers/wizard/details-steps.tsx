import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Control, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../components/form/field-defs';
import { Field, type Form, Intro } from './step-parts';
import { nextPeriod, type WizardValues } from './wizard-logic';

const GENERAL: { def: FieldDef; width: 6 | 12 }[] = [
  { def: { name: 'company', required: true }, width: 6 },
  { def: { name: 'corporate_name', required: true }, width: 6 },
  { def: { name: 'client_code', required: true }, width: 6 },
  { def: { name: 'legal_form' }, width: 6 },
  { def: { name: 'contact_email', kind: 'email' }, width: 6 },
  { def: { name: 'contact_phone' }, width: 6 },
  { def: { name: 'naf_code' }, width: 6 },
];

/** Step 2: names, client code and contact (filled from the SIRET when found). */
export function GeneralStep({ control }: { control: Control<WizardValues> }) {
  const { t } = useTranslation('customers');
  return (
    <>
      <Intro text={t('wizard.intro.general')} />
      <Grid container columnSpacing={2}>
        {GENERAL.map(({ def, width }, i) => (
          <Grid key={def.name} size={{ xs: 12, sm: width }}>
            <Field
              control={control}
              def={def}
              label={t(`client-file:fields.${def.name}`)}
              autoFocus={i === 0}
            />
          </Grid>
        ))}
      </Grid>
    </>
  );
}

/** Step 3: accounting periods (one calendar year by default). */
export function PeriodsStep({ form }: { form: Form }) {
  const { t } = useTranslation('customers');
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'periods' });
  return (
    <>
      <Intro text={t('wizard.intro.periods')} />
      <Stack spacing={1}>
        {fields.map((f, index) => (
          <Paper key={f.id} variant="outlined" sx={{ p: 1.5 }} data-testid="wizard-period">
            <Grid container columnSpacing={2} sx={{ alignItems: 'center' }}>
              <Grid size={{ xs: 12, sm: 4 }}>
                <Field
                  control={form.control}
                  def={{ name: `periods.${index}.name`, required: true }}
                  label={t('client-file:fields.name')}
                />
              </Grid>
              <Grid size={{ xs: 6, sm: 3.5 }}>
                <Field
                  control={form.control}
                  def={{ name: `periods.${index}.start_date`, kind: 'date', required: true }}
                  label={t('client-file:fields.start_date')}
                />
              </Grid>
              <Grid size={{ xs: 6, sm: 3.5 }}>
                <Field
                  control={form.control}
                  def={{ name: `periods.${index}.end_date`, kind: 'date', required: true }}
                  label={t('client-file:fields.end_date')}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 1 }} sx={{ textAlign: 'right' }}>
                <IconButton aria-label={t('wizard.removePeriod')} onClick={() => remove(index)}>
                  <DeleteIcon />
                </IconButton>
              </Grid>
            </Grid>
          </Paper>
        ))}
        {fields.length === 0 ? <Typography color="text.secondary">{t('wizard.noPeriod')}</Typography> : null}
        <Box>
          <Button startIcon={<AddIcon />} onClick={() => append(nextPeriod(form.getValues('periods')))}>
            {t('wizard.addPeriod')}
          </Button>
        </Box>
      </Stack>
    </>
  );
}

/** Step 4: the client's administrator, invited by mail (optional). */
export function AdminStep({ control }: { control: Control<WizardValues> }) {
  const { t } = useTranslation('customers');
  return (
    <>
      <Intro text={t('wizard.intro.admin')} />
      <Field
        control={control}
        def={{ name: 'admin_email', kind: 'email' }}
        label={t('wizard.adminEmail')}
        autoFocus
      />
    </>
  );
}
