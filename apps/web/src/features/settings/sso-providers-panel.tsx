import { zodResolver } from '@hookform/resolvers/zod';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  type AccountingFirmSummary,
  createIdentityProviderRequestSchema,
  type IdentityProvider,
  updateIdentityProviderRequestSchema,
} from '@portal/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSnackbar } from '../../app/snackbars';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { serverFieldErrors } from '../../components/form/field-errors';
import { FormTextField } from '../../components/form/form-text-field';
import { PageLoader } from '../../components/page-loader';
import { useIdentityProviders, useSaveIdentityProvider } from './sso-api';

const FIELDS = ['name', 'button_label', 'issuer', 'client_id', 'client_secret'] as const;
type Values = Record<(typeof FIELDS)[number], string> & { carries_second_factor: boolean };

/** Editing: an empty secret keeps the stored one (it is never shown). */
const editSchema = z
  .object({ client_secret: z.string() })
  .passthrough()
  .transform(({ client_secret, ...rest }) => ({
    ...rest,
    ...(client_secret.trim() ? { client_secret } : {}),
  }))
  .pipe(updateIdentityProviderRequestSchema);

/** Firm settings → customisation: the portal's OpenID Connect providers (administrators only). */
export function SsoProvidersPanel({ firm }: { firm: AccountingFirmSummary }) {
  const { t } = useTranslation('settings');
  const { enqueueSnackbar } = useSnackbar();
  const query = useIdentityProviders(firm.id);
  const save = useSaveIdentityProvider(firm.id);
  const [editing, setEditing] = useState<IdentityProvider | 'new' | null>(null);
  const [removing, setRemoving] = useState<IdentityProvider | null>(null);

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid="sso-providers">
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          {t('sso.title')}
        </Typography>
        <Alert severity="info">
          {t('sso.help', { callback: `${window.location.origin}/api/oauth/callback` })}
        </Alert>
        {query.isPending ? (
          <PageLoader />
        ) : query.isError ? (
          <Alert severity="error">{query.error.message}</Alert>
        ) : query.data.length === 0 ? (
          <Typography color="text.secondary">{t('sso.empty')}</Typography>
        ) : (
          <List dense>
            {query.data.map((p) => (
              <ListItem
                key={p.id}
                data-testid="sso-provider"
                secondaryAction={
                  <>
                    <IconButton aria-label={t('sso.edit', { name: p.name })} onClick={() => setEditing(p)}>
                      <EditIcon />
                    </IconButton>
                    <IconButton aria-label={t('sso.delete', { name: p.name })} onClick={() => setRemoving(p)}>
                      <DeleteIcon />
                    </IconButton>
                  </>
                }
              >
                <ListItemText
                  primary={`${p.name} — ${p.button_label}`}
                  secondary={[
                    p.issuer,
                    p.client_id,
                    p.carries_second_factor ? t('sso.carriesSecondFactor') : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        )}
        <Button variant="outlined" sx={{ alignSelf: 'flex-start' }} onClick={() => setEditing('new')}>
          {t('sso.add')}
        </Button>
      </Stack>
      {editing ? (
        <ProviderDialog
          provider={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSave={async (body) => {
            if (editing === 'new') await save.create.mutateAsync(body as never);
            else await save.update.mutateAsync({ id: editing.id, body });
            enqueueSnackbar(t('sso.saved'), { variant: 'success' });
          }}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={t('sso.deleteTitle', { name: removing?.name ?? '' })}
        body={t('sso.deleteBody', { name: removing?.name ?? '' })}
        confirmLabel={t('sso.deleteConfirm')}
        onClose={() => setRemoving(null)}
        onConfirm={() => save.remove.mutateAsync(removing!.id)}
      />
    </Paper>
  );
}

function ProviderDialog({
  provider,
  onClose,
  onSave,
}: {
  provider: IdentityProvider | null;
  onClose: () => void;
  onSave: (body: Record<string, unknown>) => Promise<void>;
}) {
  const { t } = useTranslation('settings');
  const { control, handleSubmit, setError, formState } = useForm<Values, unknown, Record<string, unknown>>({
    resolver: zodResolver(provider ? editSchema : createIdentityProviderRequestSchema) as never,
    defaultValues: {
      name: provider?.name ?? '',
      button_label: provider?.button_label ?? '',
      issuer: provider?.issuer ?? '',
      client_id: provider?.client_id ?? '',
      client_secret: '',
      carries_second_factor: provider?.carries_second_factor ?? false,
    },
  });
  const submit = handleSubmit(async (body) => {
    try {
      await onSave(body);
      onClose();
    } catch (error) {
      const fields = serverFieldErrors(error);
      for (const [name, message] of Object.entries(fields ?? {}))
        if ((FIELDS as readonly string[]).includes(name)) setError(name as keyof Values, { message });
      if (!fields) setError('name', { message: (error as Error).message });
    }
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="sso-provider-dialog">
      <form noValidate onSubmit={submit}>
        <DialogTitle>
          {provider ? t('sso.editTitle', { name: provider.name }) : t('sso.addTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {FIELDS.map((name) => (
              <FormTextField
                key={name}
                control={control}
                name={name}
                label={t(`sso.field.${name}`)}
                required={name !== 'client_secret' || !provider}
                type={name === 'client_secret' ? 'password' : 'text'}
                autoComplete={name === 'client_secret' ? 'new-password' : 'off'}
                helperText={
                  name === 'client_secret' && provider ? t('sso.secretKept') : t(`sso.hint.${name}`)
                }
                slotProps={{ htmlInput: { 'data-testid': `sso-field-${name}` } }}
              />
            ))}
            <Controller
              control={control}
              name="carries_second_factor"
              render={({ field }) => (
                <div>
                  <FormControlLabel
                    label={t('sso.field.carries_second_factor')}
                    control={
                      <Switch
                        checked={field.value}
                        onChange={(_, checked) => field.onChange(checked)}
                        slotProps={{ input: { 'data-testid': 'sso-field-carries_second_factor' } as never }}
                      />
                    }
                  />
                  <FormHelperText>{t('sso.hint.carries_second_factor')}</FormHelperText>
                </div>
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('actions.cancel', { ns: 'common' })}</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting} data-testid="sso-save">
            {t('actions.save', { ns: 'common' })}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
