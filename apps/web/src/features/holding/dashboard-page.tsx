import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MyHolding } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatSize } from '../../components/format-size';
import { PageLoader } from '../../components/page-loader';
import { useHoldingDashboard } from './api';
import { HOLDING_IDS } from './test-ids';

type Figure = { key: string; value: string; to?: string };

/** One figure of the dashboard, a link to the list behind it when there is one. */
function FigureCard({ figure, label }: { figure: Figure; label: string }) {
  const content = (
    <CardContent>
      <Typography variant="h5" component="p">
        {figure.value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </CardContent>
  );
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      {figure.to ? (
        <CardActionArea component={RouterLink} to={figure.to} sx={{ height: '100%' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}

/** `holding/dashboard`: the holding's figures, then each workspace's. */
export function HoldingDashboardPage({ holding }: { holding: MyHolding }) {
  const { t, i18n } = useTranslation('holding');
  const dashboard = useHoldingDashboard(holding.id);
  if (dashboard.isPending) return <PageLoader />;
  if (dashboard.isError) return <Alert severity="error">{t('loadError')}</Alert>;
  const d = dashboard.data;
  const q = `?holding=${holding.id}`;
  const n = (value: number) => value.toLocaleString(i18n.language);
  const figures: Figure[] = [
    { key: 'workspaces', value: n(d.workspaces.active), to: `/holding/workspaces${q}` },
    { key: 'vendors', value: n(d.vendors.active), to: `/holding/customers${q}` },
    { key: 'vendorsDeactivated', value: n(d.vendors.deactivated) },
    { key: 'members', value: n(d.members), to: `/holding/team${q}` },
    { key: 'clientUsers', value: n(d.client_users) },
    { key: 'signIns', value: n(d.sign_ins_30_days) },
    { key: 'documents', value: n(d.documents.count) },
    { key: 'storage', value: formatSize(d.documents.bytes, i18n.language) },
    { key: 'documentsAdded', value: n(d.documents.added_30_days) },
    { key: 'tasksOpen', value: n(d.tasks.open) },
    { key: 'tasksOverdue', value: n(d.tasks.overdue) },
    { key: 'requestsWaiting', value: n(d.information_requests_waiting) },
  ];
  return (
    <Stack spacing={3} data-testid={HOLDING_IDS.dashboard}>
      <Grid container spacing={2}>
        {figures.map((figure) => (
          <Grid key={figure.key} size={{ xs: 6, sm: 4, md: 3 }}>
            <FigureCard figure={figure} label={t(`dashboard.${figure.key}`)} />
          </Grid>
        ))}
      </Grid>
      <Typography variant="h6" component="h2">
        {t('dashboard.perWorkspace')}
      </Typography>
      <Grid container spacing={2}>
        {d.per_workspace.map((w) => (
          <Grid key={w.accounting_firm_id} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card variant="outlined" data-testid={HOLDING_IDS.workspaceCard(w.accounting_firm_id)}>
              <CardActionArea
                component={RouterLink}
                to={`/holding/customers${q}&workspace=${w.accounting_firm_id}`}
              >
                <CardContent>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                    <Typography variant="subtitle1" component="h3" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
                      {w.name}
                    </Typography>
                    {w.deactivated ? <Chip size="small" label={t('status.deactivated')} /> : null}
                  </Stack>
                  <Typography variant="body2" color="text.secondary">
                    {t('counts.vendors', { count: w.vendors })} · {t('counts.members', { count: w.members })}{' '}
                    · {t('counts.clientUsers', { count: w.client_users })}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('counts.documents', { count: w.documents.count })} ·{' '}
                    {formatSize(w.documents.bytes, i18n.language)} ·{' '}
                    {t('counts.overdue', { count: w.tasks_overdue })}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}
