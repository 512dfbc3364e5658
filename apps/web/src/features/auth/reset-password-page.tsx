import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type SendResetMailRequest, sendResetMailRequestSchema } from '@portal/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../api';
import { useSnackbar } from '../../app/snackbars';
import { AppLink } from '../../components/app-link';
import { FormTextField } from '../../components/form/form-text-field';
import { TEST_IDS } from '../../components/test-ids';
import { useSendResetMail } from './api';

/** Only a lost connection, a rate limit or a server failure is worth telling: else say "sent". */
const isReportable = (e: unknown) => isApiError(e) && (e.status === 0 || e.status === 429 || e.status >= 500);

/** Forgotten password: always answers "if an account exists, a mail was sent". */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { enqueueSnackbar } = useSnackbar();
  const [sent, setSent] = useState(false);
  const sendResetMail = useSendResetMail();
  const { control, handleSubmit, formState } = useForm<
    z.input<typeof sendResetMailRequestSchema>,
    unknown,
    SendResetMailRequest
  >({ resolver: zodResolver(sendResetMailRequestSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await sendResetMail.mutateAsync(email);
    } catch (e) {
      if (isReportable(e)) {
        enqueueSnackbar((e as Error).message, { variant: 'error' });
        return;
      }
    }
    setSent(true);
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={1}>
      <Typography variant="h4" component="h1">
        {t('reset.title')}
      </Typography>
      {sent ? (
        <Alert severity="success" data-testid={TEST_IDS.resetSent}>
          {t('reset.sent')}
        </Alert>
      ) : (
        <>
          <Typography color="text.secondary">{t('reset.intro')}</Typography>
          <FormTextField
            control={control}
            name="email"
            label={t('reset.email')}
            type="email"
            autoComplete="email"
          />
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {t('reset.submit')}
          </Button>
        </>
      )}
      <AppLink to="/signin">{t('reset.backToSignin')}</AppLink>
    </Stack>
  );
}
