import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { SaModule } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { PageLoader } from '../../components/page-loader';
import { TypeToConfirmDialog } from '../../components/type-to-confirm-dialog';
import { useSaModules, useUpdateSaModule } from './api';
import { ModuleEditDialog } from './module-edit-dialog';
import { PortalSubscriptions } from './portal-subscriptions';
import { SaPageHeader } from './sa-page-header';
import { SA_IDS } from './test-ids';

/** `sa/modules`: the platform's modules (edit, turn off) and a portal's subscriptions. */
export function ModulesPage() {
  const { t } = useTranslation('platform-admin');
  const modules = useSaModules();
  const [editing, setEditing] = useState<SaModule | null>(null);
  const [turningOff, setTurningOff] = useState<SaModule | null>(null);
  const update = useUpdateSaModule();
  const { enqueueSnackbar } = useSnackbar();

  const setActive = async (module: SaModule, active: boolean) => {
    await update.mutateAsync({ id: module.id, body: { is_active: active } });
    enqueueSnackbar(t(active ? 'modules.activated' : 'modules.deactivated', { name: module.name }), {
      variant: 'success',
    });
  };

  return (
    <Stack spacing={3} data-testid={SA_IDS.modulesPage}>
      <SaPageHeader title={t('sections.modules.title')} subtitle={t('modules.pageIntro')} />
      {modules.isPending ? <PageLoader /> : null}
      {modules.isError ? <Alert severity="error">{t('loadError')}</Alert> : null}
      {modules.data ? (
        <Paper variant="outlined" component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {modules.data.map((m, i) => (
            <Stack
              key={m.id}
              component="li"
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ p: 1.5, alignItems: { sm: 'center' }, borderTop: i ? 1 : 0, borderColor: 'divider' }}
              data-testid={`${SA_IDS.moduleRow}-${m.key}`}
            >
              <Stack sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 500, color: m.is_active ? undefined : 'text.disabled' }}>
                  {m.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('modules.facts', { key: m.key, priority: m.priority, count: m.firm_count })}
                </Typography>
              </Stack>
              <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                <Chip size="small" label={t(`modules.audience.${m.audience}`)} />
                {m.is_home ? <Chip size="small" variant="outlined" label={t('modules.isHome')} /> : null}
                {m.is_navbar ? <Chip size="small" variant="outlined" label={t('modules.isNavbar')} /> : null}
                {m.is_settings ? (
                  <Chip size="small" variant="outlined" label={t('modules.isSettings')} />
                ) : null}
              </Stack>
              <Stack direction="row" sx={{ alignItems: 'center' }}>
                <Tooltip title={t(m.is_active ? 'modules.turnOff' : 'modules.turnOn')}>
                  <Switch
                    checked={m.is_active}
                    onChange={(_, on) => (on ? void setActive(m, true) : setTurningOff(m))}
                    slotProps={{ input: { 'aria-label': t('modules.activeLabel', { name: m.name }) } }}
                  />
                </Tooltip>
                <IconButton aria-label={t('modules.edit', { name: m.name })} onClick={() => setEditing(m)}>
                  <EditIcon />
                </IconButton>
              </Stack>
            </Stack>
          ))}
        </Paper>
      ) : null}
      {modules.data ? <PortalSubscriptions modules={modules.data} /> : null}
      {editing ? <ModuleEditDialog module={editing} onClose={() => setEditing(null)} /> : null}
      {turningOff ? (
        <TypeToConfirmDialog
          title={t('modules.offTitle', { name: turningOff.name })}
          warning={t('modules.offWarning', { count: turningOff.firm_count })}
          severity="warning"
          instruction={t('modules.offType', { key: turningOff.key })}
          label={t('modules.offLabel')}
          confirmLabel={t('modules.turnOff')}
          word={turningOff.key}
          onClose={() => setTurningOff(null)}
          onConfirm={async () => {
            await setActive(turningOff, false);
            setTurningOff(null);
          }}
          testId={SA_IDS.moduleOffDialog}
        />
      ) : null}
    </Stack>
  );
}
