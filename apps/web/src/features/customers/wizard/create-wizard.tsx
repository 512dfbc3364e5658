import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../app/snackbars';
import { useWhiteLabel } from '../../../app/white-label';
import { serverFieldErrors } from '../../../components/form/field-errors';
import { checkSiret, useCreateVendor } from '../api';
import { BasicStep } from './basic-step';
import { AccountantsStep, AppsStep, TreeStep } from './choice-steps';
import { AdminStep, GeneralStep, PeriodsStep } from './details-steps';
import {
  clientModules,
  initialValues,
  mapErrorsToSteps,
  STEPS,
  toCreatePayload,
  validateAll,
  validateStep,
  type WizardValues,
} from './wizard-logic';

type Props = { firmId: number; onClose: () => void; onCreated: (vendorId: number) => void };

/** The client creation wizard: seven steps, then the new client file. */
export function CreateWizard({ firmId, onClose, onCreated }: Props) {
  const { t } = useTranslation('customers');
  const { enqueueSnackbar } = useSnackbar();
  const small = useMediaQuery(useTheme().breakpoints.down('md'));
  const modules = useWhiteLabel().data?.modules ?? [];
  // The offered applications are ticked at first.
  const form = useForm<WizardValues>({
    defaultValues: initialValues(
      new Date(),
      clientModules(modules).map((m) => m.key),
    ),
  });
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const createVendor = useCreateVendor(firmId);
  const last = step === STEPS.length - 1;

  const showErrors = (errors: Record<string, string>) => {
    for (const [name, message] of Object.entries(errors))
      form.setError(name as Path<WizardValues>, { type: 'validate', message }, { shouldFocus: true });
  };

  const next = async () => {
    form.clearErrors();
    const values = form.getValues();
    const errors = validateStep(step, values);
    if (Object.keys(errors).length > 0) return showErrors(errors);
    // A SIRET already used (here or by another portal) is told now, not after the last step.
    const siret = toCreatePayload(values).siret as string | undefined;
    if (step === 0 && siret) {
      setBusy(true);
      try {
        await checkSiret(firmId, siret);
      } catch (error) {
        const fields = serverFieldErrors(error);
        // Anything else (the network) is left to the creation, which checks again.
        if (fields) return showErrors(mapErrorsToSteps(fields).errors);
      } finally {
        setBusy(false);
      }
    }
    setStep((s) => s + 1);
  };

  const create = async () => {
    form.clearErrors();
    const { payload, errors, firstStep } = validateAll(form.getValues());
    if (!payload) {
      setStep(firstStep ?? 0);
      setTimeout(() => showErrors(errors));
      return;
    }
    setBusy(true);
    try {
      const vendor = await createVendor.mutateAsync(payload);
      enqueueSnackbar(t('wizard.created', { name: vendor.company }), { variant: 'success' });
      onCreated(vendor.id);
    } catch (error) {
      setBusy(false);
      const fields = serverFieldErrors(error);
      if (!fields) return;
      const mapped = mapErrorsToSteps(fields);
      if (mapped.firstStep !== null) setStep(mapped.firstStep);
      setTimeout(() => showErrors(mapped.errors));
    }
  };

  const control = form.control;
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullScreen={small}
      fullWidth
      maxWidth="md"
      data-testid="create-wizard"
      aria-labelledby="create-wizard-title"
    >
      <DialogTitle id="create-wizard-title">{t('wizard.title')}</DialogTitle>
      <Box sx={{ px: 3, pb: 1 }}>
        <Stepper activeStep={step} alternativeLabel={!small}>
          {STEPS.map((key, index) => (
            <Step key={key} completed={index < step}>
              <StepLabel>{small ? null : t(`wizard.steps.${key}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {small ? (
          <Typography
            variant="caption"
            color="text.secondary"
            component="p"
            sx={{ mt: 1, textAlign: 'center' }}
          >
            {t('wizard.stepOf', { step: step + 1, total: STEPS.length })} — {t(`wizard.steps.${STEPS[step]}`)}
          </Typography>
        ) : null}
      </Box>
      <DialogContent dividers sx={{ minHeight: { md: 360 } }}>
        <form
          noValidate
          id="create-wizard-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (last) void create();
            else void next();
          }}
        >
          {step === 0 ? <BasicStep form={form} /> : null}
          {step === 1 ? <GeneralStep control={control} /> : null}
          {step === 2 ? <PeriodsStep form={form} /> : null}
          {step === 3 ? <AdminStep control={control} /> : null}
          {step === 4 ? <AccountantsStep form={form} firmId={firmId} /> : null}
          {step === 5 ? <AppsStep form={form} /> : null}
          {step === 6 ? <TreeStep form={form} firmId={firmId} /> : null}
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} sx={{ mr: 'auto' }}>
          {t('actions.cancel', { ns: 'common' })}
        </Button>
        <Button onClick={() => setStep((s) => s - 1)} disabled={step === 0 || busy}>
          {t('actions.back', { ns: 'common' })}
        </Button>
        <Button
          type="submit"
          form="create-wizard-form"
          variant="contained"
          disabled={busy}
          data-testid="wizard-next"
        >
          {last ? t('wizard.create') : t('wizard.next')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
