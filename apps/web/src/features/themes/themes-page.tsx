import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Theme } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageLoader } from '../../components/page-loader';
import { useSaveTheme, useThemes } from './api';
import { ThemeDialog } from './theme-dialog';

/**
 * `settings/{context}/team-manager/themes`: the firm's access-rights themes. Administrators add,
 * edit and delete them (a deletion removes the theme from its tasks); collaborators read them.
 */
export function ThemesPage({ firmId, canManage }: { firmId: number; canManage: boolean }) {
  const { t } = useTranslation('team');
  const { enqueueSnackbar } = useSnackbar();
  const query = useThemes(firmId);
  const save = useSaveTheme(firmId);
  const [editing, setEditing] = useState<Theme | 'new' | null>(null);
  const [removing, setRemoving] = useState<Theme | null>(null);

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid="themes-page">
      <Stack spacing={2}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
        >
          <Typography color="text.secondary" sx={{ flex: 1, minWidth: 200 }}>
            {t('themes.intro')}
          </Typography>
          {canManage ? (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setEditing('new')}
              data-testid="theme-add"
            >
              {t('themes.add')}
            </Button>
          ) : null}
        </Stack>
        {query.isPending ? (
          <PageLoader />
        ) : query.isError ? (
          <Alert severity="error">{query.error.message}</Alert>
        ) : query.data.length === 0 ? (
          <Typography color="text.secondary">{t('themes.empty')}</Typography>
        ) : (
          <List dense disablePadding>
            {query.data.map((theme) => (
              <ListItem
                key={theme.id}
                divider
                data-testid={`theme-row-${theme.id}`}
                secondaryAction={
                  canManage ? (
                    <>
                      <IconButton
                        aria-label={t('themes.edit', { title: theme.title })}
                        onClick={() => setEditing(theme)}
                      >
                        <EditIcon />
                      </IconButton>
                      <IconButton
                        aria-label={t('themes.delete', { title: theme.title })}
                        onClick={() => setRemoving(theme)}
                      >
                        <DeleteIcon />
                      </IconButton>
                    </>
                  ) : null
                }
                sx={{ pr: canManage ? 12 : 2 }}
              >
                <Box
                  aria-hidden
                  sx={{
                    width: 16,
                    height: 16,
                    borderRadius: '50%',
                    bgcolor: theme.colour,
                    mr: 2,
                    flexShrink: 0,
                  }}
                />
                <ListItemText
                  primary={theme.abbreviation ? `${theme.title} (${theme.abbreviation})` : theme.title}
                  secondary={[
                    t(`themes.sharing.${theme.sharing}`),
                    t(`themes.rights.${theme.rights}`),
                    t('themes.taskCount', { count: theme.task_count }),
                  ].join(' · ')}
                  slotProps={{ primary: { sx: { wordBreak: 'break-word' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Stack>
      {editing ? (
        <ThemeDialog
          firmId={firmId}
          theme={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={t('themes.deleteTitle', { title: removing?.title ?? '' })}
        body={t('themes.deleteBody', { count: removing?.task_count ?? 0 })}
        confirmLabel={t('themes.deleteConfirm')}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          await save.remove.mutateAsync(removing!.id);
          enqueueSnackbar(t('themes.deleted'), { variant: 'success' });
        }}
      />
    </Paper>
  );
}
