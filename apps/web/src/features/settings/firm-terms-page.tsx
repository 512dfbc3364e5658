import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  type AccountingFirmSummary,
  type FirmTerms,
  type PublishTermsRequest,
  termsTextSchema,
} from '@portal/contracts';
import { LOCALES, type Locale } from '@portal/contracts/limits';
import { useEffect, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSnackbar } from '../../app/snackbars';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormTextField } from '../../components/form/form-text-field';
import { PageLoader } from '../../components/page-loader';
import { useFirmTerms, usePublishFirmTerms } from './api';

const LANGUAGES = LOCALES;
type Language = Locale;

/** English and Portuguese are optional: left empty, their readers get the French text. */
const optionalText = z
  .object({ title: z.string(), content: z.string() })
  .transform((v) => (v.title.trim() || v.content.trim() ? v : undefined))
  .pipe(termsTextSchema.optional());
const formSchema = z.object({ fr: termsTextSchema, en: optionalText, pt: optionalText });
type FormValues = z.input<typeof formSchema>;

const valuesOf = (terms: FirmTerms | undefined): FormValues => {
  const text = (locale: Language) => {
    const found = terms?.texts.find((x) => x.locale === locale);
    return { title: found?.title ?? '', content: found?.content ?? '' };
  };
  return { fr: text('fr'), en: text('en'), pt: text('pt') };
};

/** Firm settings, terms of use: the current version; administrators publish the next one. */
export function FirmTermsPage({ firm }: { firm: AccountingFirmSummary }) {
  const { t, i18n } = useTranslation('settings');
  const { enqueueSnackbar } = useSnackbar();
  const [language, setLanguage] = useState<Language>('fr');
  const [confirming, setConfirming] = useState<PublishTermsRequest | null>(null);
  const query = useFirmTerms(firm.id);
  const publish = usePublishFirmTerms(firm.id);
  const { control, handleSubmit, reset } = useForm<FormValues, unknown, PublishTermsRequest>({
    resolver: zodResolver(formSchema),
    defaultValues: valuesOf(undefined),
  });
  useEffect(() => reset(valuesOf(query.data)), [query.data, reset]);

  if (query.isPending) return <PageLoader />;
  if (query.isError) return <Alert severity="error">{query.error.message}</Alert>;
  const current = query.data;
  const canPublish = firm.is_accountant_admin;
  const next = (current.version ?? 0) + 1;
  const showFirstError = (errors: FieldErrors<FormValues>) => {
    const first = LANGUAGES.find((l) => errors[l]);
    if (first) setLanguage(first);
  };

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid="firm-terms">
      <Stack spacing={2} component="form" noValidate onSubmit={handleSubmit(setConfirming, showFirstError)}>
        <Typography variant="h5" component="h1">
          {t('terms.title')}
        </Typography>
        <Typography color="text.secondary" data-testid="firm-terms-status">
          {current.version === null || !current.published_at
            ? t('terms.none', { firm: firm.name })
            : t('terms.current', {
                firm: firm.name,
                version: current.version,
                date: new Date(current.published_at).toLocaleDateString(i18n.language),
                count: current.accepted_count,
              })}
        </Typography>
        {canPublish ? (
          <Alert severity="info">{t('terms.help')}</Alert>
        ) : (
          <Alert severity="info">{t('terms.adminOnly')}</Alert>
        )}
        <Tabs
          value={language}
          onChange={(_, value: Language) => setLanguage(value)}
          variant="scrollable"
          aria-label={t('terms.languages')}
        >
          {LANGUAGES.map((l) => (
            <Tab key={l} value={l} label={t(`terms.language.${l}`)} />
          ))}
        </Tabs>
        {/* One language at a time; the form keeps the values of the others. */}
        <Stack key={language} spacing={2} role="tabpanel" aria-label={t(`terms.language.${language}`)}>
          <FormTextField
            control={control}
            name={`${language}.title`}
            label={t('terms.textTitle')}
            required={language === 'fr'}
            disabled={!canPublish}
          />
          <FormTextField
            control={control}
            name={`${language}.content`}
            label={t('terms.content')}
            required={language === 'fr'}
            disabled={!canPublish}
            multiline
            minRows={10}
          />
        </Stack>
        {canPublish && (
          <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start' }}>
            {t('terms.publish', { version: next })}
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        color="primary"
        title={t('terms.confirmTitle', { version: next })}
        body={t('terms.confirmBody', { version: next })}
        confirmLabel={t('terms.publish', { version: next })}
        onClose={() => setConfirming(null)}
        onConfirm={async () => {
          if (!confirming) return;
          const saved = await publish.mutateAsync(confirming);
          enqueueSnackbar(t('terms.published', { version: saved.version }), { variant: 'success' });
        }}
      />
    </Paper>
  );
}
