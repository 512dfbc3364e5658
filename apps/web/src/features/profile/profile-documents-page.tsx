import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type FileSharePasswordRequest, fileSharePasswordRequestSchema } from '@portal/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../app/session';
import { useSnackbar } from '../../app/snackbars';
import { serverFieldErrors } from '../../components/form/field-errors';
import { FormTextField } from '../../components/form/form-text-field';
import { NewPasswordFields } from '../../components/form/new-password-fields';
import { useFileSharePasswordActions, useFileSharePasswords } from './api';
import { DrivePreferences } from './profile-drive-preferences';
import { ProfileTabs } from './profile-tabs';

type Input = FileSharePasswordRequest;
const FIELDS = ['label', 'password', 'password_confirmation'] as const;
const EMPTY: Input = { label: '', password: '', password_confirmation: '' };

/**
 * Network-drive preferences: the drive's address, and the file-share passwords (app passwords)
 * that sign in to it with the email, each with its last use and a revoke button.
 */
export function ProfileDocumentsPage() {
  const { t, i18n } = useTranslation('profile');
  const { enqueueSnackbar } = useSnackbar();
  const me = useMe();
  const passwords = useFileSharePasswords();
  const actions = useFileSharePasswordActions();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const { control, handleSubmit, formState, setError, reset } = useForm<Input>({
    resolver: zodResolver(fileSharePasswordRequestSchema),
    defaultValues: EMPTY,
  });
  const address = `${window.location.origin}/dav/`;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await actions.set.mutateAsync(values);
    } catch (error) {
      for (const [name, message] of Object.entries(serverFieldErrors(error) ?? {}))
        if ((FIELDS as readonly string[]).includes(name))
          setError(name as (typeof FIELDS)[number], { message });
      return;
    }
    reset(EMPTY);
    enqueueSnackbar(t('drive.saved'), { variant: 'success' });
  });

  return (
    <>
      <ProfileTabs current="documents" />
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }} data-testid="profile-drive">
        <Typography variant="h5" component="h1">
          {t('drive.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('drive.intro', { email: me.data?.email ?? '' })}
        </Typography>
        <Typography
          sx={{ mt: 1, fontFamily: 'monospace', wordBreak: 'break-all' }}
          data-testid="drive-address"
        >
          {address}
        </Typography>
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('drive.appPasswords')}
        </Alert>
        <List data-testid="file-share-passwords">
          {(passwords.data ?? []).map((p) => (
            <ListItem
              key={p.id}
              divider
              secondaryAction={
                <Button
                  size="small"
                  color="error"
                  disabled={actions.revoke.isPending}
                  aria-label={t('drive.revokeLabel', { label: p.label })}
                  onClick={() =>
                    actions.revoke.mutate(p.id, {
                      onSuccess: () => enqueueSnackbar(t('drive.revoked'), { variant: 'success' }),
                    })
                  }
                >
                  {t('drive.revoke')}
                </Button>
              }
            >
              <ListItemText
                primary={p.label}
                secondary={t('drive.used', {
                  created: date.format(new Date(p.created_at)),
                  last: p.last_used_at ? date.format(new Date(p.last_used_at)) : t('drive.never'),
                })}
              />
            </ListItem>
          ))}
          {passwords.data?.length === 0 && (
            <ListItem>
              <ListItemText secondary={t('drive.none')} />
            </ListItem>
          )}
        </List>
        <form noValidate onSubmit={onSubmit} data-testid="file-share-password-form">
          <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
            {t('drive.newTitle')}
          </Typography>
          <FormTextField control={control} name="label" label={t('drive.label')} />
          <NewPasswordFields
            control={control}
            label={t('drive.password')}
            confirmationLabel={t('drive.confirmation')}
            hint={t('drive.hint')}
          />
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {t('drive.submit')}
          </Button>
        </form>
      </Paper>
      <DrivePreferences />
    </>
  );
}
