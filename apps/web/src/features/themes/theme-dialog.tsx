import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  DEFAULT_THEME_COLOUR,
  THEME_RIGHTS,
  THEME_SHARINGS,
  type Theme,
  type ThemeRights,
  type ThemeSharing,
} from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api';
import { useSnackbar } from '../../app/snackbars';
import { serverFieldErrors } from '../../components/form/field-errors';
import { useErrorText } from '../../components/form/use-error-text';
import { useSaveTheme } from './api';

type Values = {
  title: string;
  abbreviation: string;
  colour: string;
  sharing: ThemeSharing;
  rights: ThemeRights;
};
const FIELDS = ['title', 'abbreviation', 'colour', 'sharing', 'rights'] as const;
const HEX = /^#?[0-9a-fA-F]{6}$/;
const asHex = (value: string) => (HEX.test(value) ? (value.startsWith('#') ? value : `#${value}`) : null);

/** Creates or edits a theme; the server's 422 errors go under their fields, others to the snackbar. */
export function ThemeDialog({
  firmId,
  theme,
  onClose,
}: {
  firmId: number;
  theme: Theme | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('team');
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const save = useSaveTheme(firmId);
  const [values, setValues] = useState<Values>({
    title: theme?.title ?? '',
    abbreviation: theme?.abbreviation ?? '',
    colour: theme?.colour ?? DEFAULT_THEME_COLOUR,
    sharing: theme?.sharing ?? 'default',
    rights: theme?.rights ?? 'read_write',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))));
  };
  const busy = save.create.isPending || save.update.isPending;
  const field = (name: (typeof FIELDS)[number]) =>
    errors[name] ? { error: true, helperText: errorText(errors[name]) } : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!values.title.trim()) local.title = 'required';
    if (!asHex(values.colour)) local.colour = 'invalid-color';
    if (Object.keys(local).length) return setErrors(local);
    const body = { ...values, title: values.title.trim(), abbreviation: values.abbreviation.trim() || null };
    try {
      if (theme) await save.update.mutateAsync({ id: theme.id, body });
      else await save.create.mutateAsync(body);
      enqueueSnackbar(t(theme ? 'themes.updated' : 'themes.created'), { variant: 'success' });
      onClose();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields && Object.keys(fields).some((f) => (FIELDS as readonly string[]).includes(f)))
        setErrors(fields);
      else if (isApiError(error)) enqueueSnackbar(error.message, { variant: 'error' });
    }
  };

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" data-testid="theme-dialog">
      <form noValidate onSubmit={submit}>
        <DialogTitle>
          {theme ? t('themes.editTitle', { title: theme.title }) : t('themes.addTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              required
              autoFocus
              label={t('themes.field.title')}
              value={values.title}
              onChange={(e) => set({ title: e.target.value })}
              {...field('title')}
              slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'theme-title' } }}
            />
            <TextField
              label={t('themes.field.abbreviation')}
              value={values.abbreviation}
              onChange={(e) => set({ abbreviation: e.target.value })}
              {...field('abbreviation')}
              slotProps={{ htmlInput: { maxLength: 10, 'data-testid': 'theme-abbreviation' } }}
            />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Box
                component="input"
                type="color"
                aria-label={t('themes.field.colourPicker')}
                value={asHex(values.colour) ?? DEFAULT_THEME_COLOUR}
                onChange={(e: React.ChangeEvent<HTMLInputElement>) => set({ colour: e.target.value })}
                data-testid="theme-colour-picker"
                sx={{
                  flexShrink: 0,
                  width: 56,
                  height: 56,
                  p: 0.25,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  bgcolor: 'background.paper',
                  cursor: 'pointer',
                }}
              />
              <TextField
                fullWidth
                label={t('themes.field.colour')}
                value={values.colour}
                onChange={(e) => set({ colour: e.target.value })}
                {...field('colour')}
                slotProps={{ htmlInput: { maxLength: 7, spellCheck: false, 'data-testid': 'theme-colour' } }}
              />
            </Stack>
            <TextField
              select
              label={t('themes.field.sharing')}
              value={values.sharing}
              onChange={(e) => set({ sharing: e.target.value as ThemeSharing })}
              {...field('sharing')}
            >
              {THEME_SHARINGS.map((s) => (
                <MenuItem key={s} value={s}>
                  {t(`themes.sharing.${s}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('themes.field.rights')}
              value={values.rights}
              onChange={(e) => set({ rights: e.target.value as ThemeRights })}
              {...field('rights')}
            >
              {THEME_RIGHTS.map((r) => (
                <MenuItem key={r} value={r}>
                  {t(`themes.rights.${r}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid="theme-cancel">
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="theme-save">
            {t('actions.save', { ns: 'common' })}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
