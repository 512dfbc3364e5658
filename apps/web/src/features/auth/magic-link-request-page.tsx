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
import { useWhiteLabel } from '../../app/white-label';
import { AppLink } from '../../components/app-link';
import { FormTextField } from '../../components/form/form-text-field';
import { useSendMagicLink } from './api';

/** "Send me a sign-in link": always answers "if you have an account here, a link was sent". */
export function MagicLinkRequestPage() {
  const { t } = useTranslation('auth');
  const { data: whiteLabel } = useWhiteLabel();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = useSendMagicLink();
  const { control, handleSubmit, formState } = useForm<
    z.input<typeof sendResetMailRequestSchema>,
    unknown,
    SendResetMailRequest
  >({ resolver: zodResolver(sendResetMailRequestSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await send.mutateAsync({ email, accounting_firm_id: whiteLabel?.accounting_firm.id });
    } catch (e) {
      // A refusal says nothing about the email (links turned off, too many requests): tell it.
      if (isApiError(e) && (e.status === 0 || e.status === 403 || e.status === 429 || e.status >= 500)) {
        setError(e.message);
        return;
      }
    }
    setSent(true);
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={1}>
      <Typography variant="h4" component="h1">
        {t('magic.title')}
      </Typography>
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      {sent ? (
        <Alert severity="success" data-testid="magic-link-sent">
          {t('magic.sent')}
        </Alert>
      ) : (
        <>
          <Typography color="text.secondary">{t('magic.intro')}</Typography>
          <FormTextField
            control={control}
            name="email"
            label={t('magic.email')}
            type="email"
            autoComplete="email"
          />
          <Button
            type="submit"
            variant="contained"
            disabled={formState.isSubmitting}
            data-testid="magic-link-submit"
          >
            {t('magic.submit')}
          </Button>
        </>
      )}
      <AppLink to="/signin">{t('reset.backToSignin')}</AppLink>
    </Stack>
  );
}
