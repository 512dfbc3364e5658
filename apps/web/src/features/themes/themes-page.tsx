import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Theme } from '@portal/contracts';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader';
import { useThemes, useThemeUsage } from './api';
import { ThemeDeleteDialog } from './theme-delete-dialog';
import { ThemeDialog } from './theme-dialog';
import { ThemeUsageDetails } from './theme-usage';

/**
 * `settings/{context}/team-manager/themes`: the firm's access-rights themes. Administrators add,
 * edit and delete them (a deletion removes the theme from its tasks and opens its folders: the
 * dialog says which, to whom) and see per theme its folders and its people; collaborators read
 * the list.
 */
export function ThemesPage({ firmId, canManage }: { firmId: number; canManage: boolean }) {
  const { t } = useTranslation('team');
  const { t: tt } = useTranslation('themes');
  const query = useThemes(firmId);
  const usage = useThemeUsage(firmId, canManage);
  const [editing, setEditing] = useState<Theme | 'new' | null>(null);
  const [removing, setRemoving] = useState<Theme | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const usageOf = (id: number) => usage.data?.find((u) => u.theme_id === id);

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
            {query.data.map((theme) => {
              const use = usageOf(theme.id);
              const summary = use
                ? [
                    tt('usage.folders', { count: use.folders.length }),
                    tt('usage.people', { count: use.people.length }),
                  ]
                : [];
              return (
                <Fragment key={theme.id}>
                  <ListItem
                    divider={open !== theme.id}
                    data-testid={`theme-row-${theme.id}`}
                    secondaryAction={
                      canManage ? (
                        <>
                          <IconButton
                            aria-label={tt('usage.details', { title: theme.title })}
                            aria-expanded={open === theme.id}
                            onClick={() => setOpen(open === theme.id ? null : theme.id)}
                            data-testid={`theme-usage-toggle-${theme.id}`}
                          >
                            {open === theme.id ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                          </IconButton>
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
                    sx={{ pr: canManage ? 17 : 2 }}
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
                        ...summary,
                      ].join(' · ')}
                      slotProps={{ primary: { sx: { wordBreak: 'break-word' } } }}
                    />
                  </ListItem>
                  {canManage ? (
                    <Collapse in={open === theme.id} unmountOnExit>
                      {use ? <ThemeUsageDetails firmId={firmId} usage={use} /> : <PageLoader />}
                    </Collapse>
                  ) : null}
                </Fragment>
              );
            })}
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
      {removing ? (
        <ThemeDeleteDialog
          firmId={firmId}
          theme={removing}
          usage={usageOf(removing.id)}
          themes={query.data ?? []}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </Paper>
  );
}
