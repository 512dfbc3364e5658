import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AccountingFirmSummary, QuickfolderDto } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageLoader } from '../../components/page-loader';
import { useDeleteQuickfolder, useFirmQuickfolders } from './api';
import { QuickfolderDialog } from './quickfolder-dialog';

/**
 * Firm settings, "Quick-drop folders" (administrators): the quick-drops of every client file, the
 * disabled ones marked "needs a folder" (rebinding one enables it again), their creation, change
 * and deletion.
 */
export function QuickfoldersManager({ firm }: { firm: AccountingFirmSummary }) {
  const { t } = useTranslation('quickfolders');
  const { enqueueSnackbar } = useSnackbar();
  const list = useFirmQuickfolders(firm.id);
  const remove = useDeleteQuickfolder();
  const [editing, setEditing] = useState<QuickfolderDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<QuickfolderDto | null>(null);
  if (list.isPending) return <PageLoader />;
  if (!list.data) return <Alert severity="info">{t('manager.adminsOnly')}</Alert>;
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid="quickfolders-manager">
      <Stack spacing={2}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Typography variant="h5" component="h1">
            {t('manager.title')}
          </Typography>
          <Button variant="contained" onClick={() => setEditing('new')} data-testid="quickfolder-new">
            {t('manager.new')}
          </Button>
        </Stack>
        <Typography color="text.secondary">{t('manager.intro')}</Typography>
        {list.data.length === 0 ? (
          <Alert severity="info">{t('manager.none')}</Alert>
        ) : (
          <List disablePadding>
            {list.data.map((q) => (
              <ListItem
                key={q.id}
                divider
                data-testid={`quickfolder-row-${q.id}`}
                sx={{ flexWrap: 'wrap', gap: 1, px: 0 }}
              >
                <ListItemText
                  sx={{ flex: '1 1 240px', minWidth: 0 }}
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <span>{q.name}</span>
                      {q.needs_folder ? (
                        <Chip size="small" color="warning" label={t('manager.needsFolder')} />
                      ) : null}
                    </Stack>
                  }
                  secondary={
                    <>
                      {q.vendor_name}
                      {' · '}
                      {q.needs_folder
                        ? t('manager.noFolder')
                        : t('manager.folder', { folder: q.folder_name })}
                      {q.rename_pattern ? ` · ${t('manager.pattern', { pattern: q.rename_pattern })}` : ''}
                      {q.period_mode !== 'none' ? ` · ${t(`periodMode.${q.period_mode}`)}` : ''}
                    </>
                  }
                  slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
                <Stack direction="row" spacing={1}>
                  <Button size="small" onClick={() => setEditing(q)}>
                    {q.needs_folder ? t('manager.rebind') : t('manager.edit')}
                  </Button>
                  <Button size="small" color="error" onClick={() => setDeleting(q)}>
                    {t('manager.delete')}
                  </Button>
                </Stack>
              </ListItem>
            ))}
          </List>
        )}
      </Stack>
      {editing ? (
        <QuickfolderDialog
          firmId={firm.id}
          editing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('manager.deleteTitle')}
        body={t('manager.deleteBody', { name: deleting?.name ?? '' })}
        confirmLabel={t('manager.delete')}
        color="error"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync({ vendorId: deleting.vendor_id, id: deleting.id });
          enqueueSnackbar(t('manager.deleted'), { variant: 'success' });
          setDeleting(null);
        }}
      />
    </Paper>
  );
}
