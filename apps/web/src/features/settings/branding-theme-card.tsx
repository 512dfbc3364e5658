import { zodResolver } from '@hookform/resolvers/zod';
import DarkModeOutlinedIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlinedIcon from '@mui/icons-material/LightModeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AccountingFirmSummary, WhiteLabel } from '@portal/contracts';
import { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from '@portal/contracts/limits';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { serverFieldErrors } from '../../components/form/field-errors';
import { FormTextField } from '../../components/form/form-text-field';
import { useSaveWhiteLabel } from './api';
import { BrandingColourField } from './branding-colour-field';
import {
  type BrandingFormOutput,
  type BrandingFormValues,
  base64OfDataUrl,
  brandingFormSchema,
  brandingValuesOf,
  hexColour,
  type LogoChange,
  logoPayload,
  logoProblem,
  readAsDataUrl,
  shownLogo,
} from './branding-form';
import { BrandingLogoField } from './branding-logo-field';
import { BrandingPreview } from './branding-preview';
import { BRANDING_IDS } from './branding-test-ids';

type Props = { firm: AccountingFirmSummary; label: WhiteLabel; canEdit: boolean };

const KEEP: LogoChange = { kind: 'keep' };

/** One theme of the firm's branding: name, colours and logo, a live preview and its own "Save". */
export function BrandingThemeCard({ firm, label, canEdit }: Props) {
  const { t, i18n } = useTranslation('settings');
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveWhiteLabel(firm.id);
  const [logo, setLogo] = useState<LogoChange>(KEEP);
  const [logoError, setLogoError] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError, formState } = useForm<
    BrandingFormValues,
    unknown,
    BrandingFormOutput
  >({ resolver: zodResolver(brandingFormSchema), defaultValues: brandingValuesOf(label) });
  const typed = useWatch({ control });

  // A new saved version (after "Save" or a refetch) becomes the starting point.
  useEffect(() => {
    reset(brandingValuesOf(label));
    setLogo(KEEP);
    setLogoError(null);
  }, [label, reset]);

  /** An error key of the catalogue (client checks) or a text already translated (the API's). */
  const errorText = (message: string) =>
    i18n.exists(message, { ns: 'errors' }) ? t(message, { ns: 'errors' }) : message;

  const choose = async (file: File) => {
    const problem = logoProblem(file);
    if (problem) {
      setLogoError(errorText(problem));
      return;
    }
    try {
      const preview = await readAsDataUrl(file);
      setLogo({ kind: 'set', base64: base64OfDataUrl(preview), preview });
      setLogoError(null);
    } catch {
      setLogoError(errorText('invalid-image'));
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ theme: label.theme, body: { ...values, ...logoPayload(logo) } });
      enqueueSnackbar(t(`branding.saved.${label.theme}`), { variant: 'success' });
    } catch (error) {
      // The API client has told the first message in the snackbar; the fields show theirs.
      for (const [name, message] of Object.entries(serverFieldErrors(error) ?? {})) {
        if (name === 'logo') setLogoError(errorText(message));
        else if (name === 'name' || name === 'primary_color' || name === 'secondary_color')
          setError(name, { message });
      }
    }
  });

  const dirty = formState.isDirty || logo.kind !== 'keep';
  const busy = formState.isSubmitting;
  const shown = shownLogo(logo, label.logo);
  const themeName = t(`branding.theme.${label.theme}`);
  return (
    <Paper
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label={themeName}
      data-testid={BRANDING_IDS.card(label.theme)}
      sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}
    >
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {label.theme === 'dark' ? (
            <DarkModeOutlinedIcon color="action" />
          ) : (
            <LightModeOutlinedIcon color="action" />
          )}
          <Typography variant="h6" component="h2">
            {themeName}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" data-testid={BRANDING_IDS.updated}>
          {t('branding.updated', {
            date: new Date(label.updated_at).toLocaleString(i18n.language, {
              dateStyle: 'short',
              timeStyle: 'short',
            }),
          })}
        </Typography>
        <BrandingPreview
          theme={label.theme}
          name={typed.name?.trim() || label.name || firm.name}
          logo={shown}
          primary={hexColour(typed.primary_color) ?? hexColour(label.primary_color) ?? DEFAULT_PRIMARY_COLOR}
          secondary={
            hexColour(typed.secondary_color) ?? hexColour(label.secondary_color) ?? DEFAULT_SECONDARY_COLOR
          }
        />
      </Stack>
      <FormTextField
        control={control}
        name="name"
        label={t('branding.name')}
        helperText={t('branding.nameHelp')}
        required
        disabled={!canEdit}
        size="small"
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 13rem), 1fr))',
          columnGap: 2,
        }}
      >
        <BrandingColourField
          control={control}
          name="primary_color"
          label={t('branding.primaryColor')}
          pickerLabel={t('branding.pickPrimary')}
          fallback={label.primary_color}
          disabled={!canEdit}
        />
        <BrandingColourField
          control={control}
          name="secondary_color"
          label={t('branding.secondaryColor')}
          pickerLabel={t('branding.pickSecondary')}
          fallback={label.secondary_color}
          disabled={!canEdit}
        />
      </Box>
      <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5 }}>
        {t('branding.colorHelp')}
      </Typography>
      <BrandingLogoField
        logo={shown}
        disabled={!canEdit || busy}
        error={logoError}
        onChoose={(file) => void choose(file)}
        onRemove={() => {
          setLogo(label.logo ? { kind: 'remove' } : KEEP);
          setLogoError(null);
        }}
      />
      {canEdit ? (
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button type="submit" variant="contained" disabled={busy} data-testid={BRANDING_IDS.save}>
            {t('actions.save', { ns: 'common' })}
          </Button>
          <Button
            disabled={!dirty || busy}
            onClick={() => {
              reset(brandingValuesOf(label));
              setLogo(KEEP);
              setLogoError(null);
            }}
          >
            {t('actions.cancel', { ns: 'common' })}
          </Button>
        </Stack>
      ) : null}
    </Paper>
  );
}
