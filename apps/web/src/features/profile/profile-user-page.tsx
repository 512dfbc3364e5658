import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppNavigate } from '../../app/app-navigate';
import { setLanguage } from '../../app/i18n';
import { useMe, useUpdateMe } from '../../app/session';
import { useSnackbar } from '../../app/snackbars';
import { FormTextField } from '../../components/form/form-text-field';
import { PageLoader } from '../../components/page-loader';
import { TEST_IDS } from '../../components/test-ids';
import { fromUser, type ProfileForm, profileFormSchema, toPayload } from './profile-form';
import { ProfileTabs } from './profile-tabs';

const TEXT_FIELDS = [
  ['title', 'jobTitle'],
  ['mobile_number', 'mobile'],
  ['address', 'address'],
  ['post_code', 'postCode'],
  ['city', 'city'],
  ['country', 'country'],
] as const;

/** The user's details (first and last name required before browsing anything else). */
export function ProfileUserPage() {
  const { t } = useTranslation('profile');
  const { t: ts } = useTranslation('shell');
  const me = useMe();
  const [params] = useSearchParams();
  const incomplete = params.get('incomplete') === '1' || me.data?.profile_complete === false;
  const navigate = useAppNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const updateMe = useUpdateMe();
  const { control, handleSubmit, reset, formState } = useForm<ProfileForm>({
    resolver: zodResolver(profileFormSchema),
  });

  useEffect(() => {
    if (me.data) reset(fromUser(me.data));
  }, [me.data, reset]);

  const onSubmit = handleSubmit(async (values) => {
    const wasIncomplete = me.data?.profile_complete === false;
    const user = await updateMe.mutateAsync(toPayload(values));
    if (values.locale) await setLanguage(values.locale);
    enqueueSnackbar(t('user.saved'), { variant: 'success' });
    if (wasIncomplete && user.profile_complete) navigate('/home', { replace: true });
  });

  if (!me.data) return <PageLoader />;
  const select = (name: 'civility' | 'locale' | 'dark_mode', label: string, options: [string, string][]) => (
    <FormTextField control={control} name={name} label={label} select>
      {options.map(([value, text]) => (
        <MenuItem key={value} value={value}>
          {text}
        </MenuItem>
      ))}
    </FormTextField>
  );
  return (
    <>
      <ProfileTabs current="user" />
      <Paper
        component="form"
        noValidate
        onSubmit={onSubmit}
        sx={{ p: { xs: 2, sm: 3 } }}
        data-testid={TEST_IDS.profileForm}
      >
        <Typography variant="h5" component="h1">
          {t('user.title')}
        </Typography>
        {incomplete ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('user.incomplete')}
          </Alert>
        ) : null}
        <Grid container columnSpacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            {select('civility', t('user.civility'), [
              ['', t('user.none')],
              ['Mme', 'Mme'],
              ['M.', 'M.'],
            ])}
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField
              control={control}
              name="firstname"
              label={t('user.firstname')}
              required
              autoComplete="given-name"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField
              control={control}
              name="lastname"
              label={t('user.lastname')}
              required
              autoComplete="family-name"
            />
          </Grid>
          {TEXT_FIELDS.map(([name, key]) => (
            <Grid key={name} size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name={name} label={t(`user.${key}`)} />
            </Grid>
          ))}
          <Grid size={{ xs: 12, sm: 6 }}>
            {select('locale', t('user.language'), [
              ['', t('user.none')],
              ['fr', ts('languages.fr')],
              ['en', ts('languages.en')],
              ['pt', ts('languages.pt')],
            ])}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {select('dark_mode', t('user.darkMode'), [
              ['auto', t('user.darkModeAuto')],
              ['on', t('user.darkModeOn')],
              ['off', t('user.darkModeOff')],
            ])}
          </Grid>
        </Grid>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting} sx={{ mt: 2 }}>
          {ts('actions.save', { ns: 'common' })}
        </Button>
      </Paper>
    </>
  );
}
