import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { FirmThemeUsage, Theme } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api';
import { useSnackbar } from '../../app/snackbars';
import { TypeToConfirmDialog } from '../../components/type-to-confirm-dialog';
import { useSaveTheme } from './api';

/**
 * Deleting a theme (spec section 5: type its name). When folders or people carry it, the dialog
 * says which folders open up, and to whom (their other themes, else everyone their role lets in),
 * then deletes with `force`. A use the page did not know of yet (422 `theme-in-use`) is told in
 * the dialog, and a second confirmation forces it.
 */
export function ThemeDeleteDialog({
  firmId,
  theme,
  usage,
  themes,
  onClose,
}: {
  firmId: number;
  theme: Theme;
  usage: FirmThemeUsage | undefined;
  themes: readonly Theme[];
  onClose: () => void;
}) {
  const { t } = useTranslation('themes');
  const { enqueueSnackbar } = useSnackbar();
  const remove = useSaveTheme(firmId).remove;
  const [inUse, setInUse] = useState<{ folders: string; people: string } | null>(null);
  const folders = usage?.folders ?? [];
  const people = usage?.people ?? [];
  const force = inUse !== null || folders.length + people.length > 0;
  const titleOf = (id: number) => themes.find((th) => th.id === id)?.title ?? `#${id}`;
  return (
    <TypeToConfirmDialog
      title={t('delete.title', { title: theme.title })}
      warning={t('delete.warning', { count: theme.task_count })}
      severity={force ? 'error' : 'warning'}
      instruction={t('delete.instruction', { title: theme.title })}
      label={t('delete.label')}
      confirmLabel={t('delete.confirm')}
      word={theme.title}
      onClose={onClose}
      testId="theme-delete-dialog"
      confirmTestId="theme-delete-confirm"
      onConfirm={async () => {
        try {
          await remove.mutateAsync({ id: theme.id, force });
        } catch (error) {
          if (isApiError(error) && error.code === 'theme-in-use' && !force) {
            setInUse(inUseOf(error.body?.errors));
          } else enqueueSnackbar(isApiError(error) ? error.message : String(error), { variant: 'error' });
          throw error;
        }
        enqueueSnackbar(t('themes.deleted', { ns: 'team' }), { variant: 'success' });
        onClose();
      }}
    >
      {inUse ? (
        <Typography color="error" sx={{ mb: 1 }} data-testid="theme-delete-in-use">
          {t('delete.inUse', inUse)}
        </Typography>
      ) : null}
      {folders.length > 0 ? (
        <>
          <Typography variant="body2">{t('delete.opens')}</Typography>
          <List
            dense
            disablePadding
            sx={{ mb: 1, maxHeight: 240, overflowY: 'auto' }}
            data-testid="theme-delete-folders"
          >
            {folders.map((f) => (
              <ListItem key={f.id} disableGutters>
                <ListItemText
                  primary={`${f.company} › ${f.name}`}
                  secondary={
                    f.themes_without.length === 0
                      ? t('delete.toRole')
                      : t('delete.toThemes', { themes: f.themes_without.map(titleOf).join(', ') })
                  }
                  sx={{ overflowWrap: 'anywhere' }}
                />
              </ListItem>
            ))}
          </List>
        </>
      ) : null}
      {people.length > 0 ? (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('delete.people', { count: people.length })}
        </Typography>
      ) : null}
    </TypeToConfirmDialog>
  );
}

/** The counts a 422 `theme-in-use` answer gives on its fields. */
const inUseOf = (errors: unknown) => {
  const fields = (errors ?? {}) as Record<string, string[] | undefined>;
  return { folders: fields.folder_count?.[0] ?? '?', people: fields.people_count?.[0] ?? '?' };
};
