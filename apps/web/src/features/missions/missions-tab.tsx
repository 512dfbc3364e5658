import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader';
import { useMissions } from './api';
import { MissionDialog } from './mission-dialog';
import { MissionDrawer } from './mission-drawer';
import { formatCents, STATUS_COLOUR } from './mission-format';

/**
 * `customer/{context}/services` (spec section 2): the client file's missions, 15 a page by name,
 * with their status, period and amount. Accountants who write add one from a service or an offer
 * of the catalogue; a mission opens in a drawer (its services and generated tasks, its actions).
 */
export function MissionsTab({
  vendorId,
  firmId,
  canWrite,
}: {
  vendorId: number;
  firmId: number;
  canWrite: boolean;
}) {
  const { t, i18n } = useTranslation('missions');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const missions = useMissions(vendorId, page);
  if (missions.isError) return <Alert severity="error">{t('loadError')}</Alert>;
  if (!missions.data) return <PageLoader />;
  const { data, last_page } = missions.data;
  return (
    <Stack spacing={2} data-testid="missions-tab">
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="h6" component="h2">
          {t('title')}
        </Typography>
        {canWrite && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setAdding(true)}
            data-testid="mission-add"
          >
            {t('add')}
          </Button>
        )}
      </Stack>
      {data.length === 0 ? (
        <Alert severity="info" data-testid="missions-empty">
          {t('empty')}
        </Alert>
      ) : (
        <Paper variant="outlined">
          <List disablePadding>
            {data.map((m) => (
              <ListItemButton
                key={m.id}
                divider
                onClick={() => setOpenId(m.id)}
                data-testid={`mission-row-${m.id}`}
              >
                <ListItemText
                  primary={m.name}
                  secondary={t('period', { start: m.start_date, end: m.end_date })}
                  slotProps={{ primary: { sx: { fontWeight: 500 } } }}
                />
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
                  <Typography variant="body2" sx={{ display: { xs: 'none', sm: 'block' } }}>
                    {formatCents(m.total_cents, i18n.language)}
                  </Typography>
                  <Chip size="small" label={t(`status.${m.status}`)} color={STATUS_COLOUR[m.status]} />
                </Stack>
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
      {last_page > 1 && (
        <Pagination
          count={last_page}
          page={page}
          onChange={(_, p) => setPage(p)}
          sx={{ alignSelf: 'center' }}
        />
      )}
      {adding && (
        <MissionDialog
          vendorId={vendorId}
          firmId={firmId}
          onClose={() => setAdding(false)}
          onCreated={(id) => setOpenId(id)}
        />
      )}
      {openId !== null && (
        <MissionDrawer
          vendorId={vendorId}
          missionId={openId}
          canWrite={canWrite}
          onClose={() => setOpenId(null)}
        />
      )}
    </Stack>
  );
}
