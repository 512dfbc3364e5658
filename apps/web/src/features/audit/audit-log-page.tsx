import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AUDIT_FAMILIES, type AuditEvent, type AuditFamily } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api';
import { PageLoader } from '../../components/page-loader';
import { type AuditScreenFilters, exportAuditCsv, useAuditEvents } from './api';

type Choice = { id: number; label: string };

/**
 * The audit log ("Journal d'activité"): the portal's (`firmId`: firm administrators, with the
 * client file filter and the export) or one client file's (`vendorId`). Newest first, 50 at a
 * time; "load more" follows the keyset cursor.
 */
export function AuditLog({
  scope,
  vendors = [],
  people = [],
}: {
  scope: { firmId: number } | { vendorId: number };
  vendors?: Choice[];
  people?: Choice[];
}) {
  const { t, i18n } = useTranslation('audit');
  const [filters, setFilters] = useState<AuditScreenFilters>({});
  const [exporting, setExporting] = useState(false);
  const events = useAuditEvents(scope, filters);
  const rows = events.data?.pages.flatMap((p) => p.data) ?? [];
  const set = (patch: Partial<AuditScreenFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const forbidden = isApiError(events.error) && events.error.status === 403;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid="audit-log">
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
          <Typography variant="h5" component="h1">
            {t('title')}
          </Typography>
          {'firmId' in scope && (
            <Button
              variant="outlined"
              disabled={exporting}
              data-testid="audit-export"
              onClick={async () => {
                setExporting(true);
                try {
                  await exportAuditCsv(scope.firmId, filters);
                } finally {
                  setExporting(false);
                }
              }}
            >
              {t('export')}
            </Button>
          )}
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
          {'firmId' in scope && (
            <TextField
              select
              size="small"
              label={t('filters.vendor')}
              value={filters.vendorId ?? ''}
              onChange={(e) => set({ vendorId: e.target.value ? Number(e.target.value) : undefined })}
              sx={{ minWidth: 200 }}
              slotProps={{ htmlInput: { 'data-testid': 'audit-filter-vendor' } }}
            >
              <MenuItem value="">{t('filters.all')}</MenuItem>
              {vendors.map((v) => (
                <MenuItem key={v.id} value={v.id}>
                  {v.label}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            select
            size="small"
            label={t('filters.person')}
            value={filters.actorId ?? ''}
            onChange={(e) => set({ actorId: e.target.value ? Number(e.target.value) : undefined })}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">{t('filters.all')}</MenuItem>
            {people.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('filters.family')}
            value={filters.family ?? ''}
            onChange={(e) => set({ family: (e.target.value || undefined) as AuditFamily | undefined })}
            sx={{ minWidth: 180 }}
            slotProps={{ htmlInput: { 'data-testid': 'audit-filter-family' } }}
          >
            <MenuItem value="">{t('filters.all')}</MenuItem>
            {AUDIT_FAMILIES.map((f) => (
              <MenuItem key={f} value={f}>
                {t(`families.${f}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            size="small"
            label={t('filters.from')}
            value={filters.from ?? ''}
            onChange={(e) => set({ from: e.target.value || undefined })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            size="small"
            label={t('filters.to')}
            value={filters.to ?? ''}
            onChange={(e) => set({ to: e.target.value || undefined })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
        {forbidden ? (
          <Alert severity="info">{t('forbidden')}</Alert>
        ) : events.isPending ? (
          <PageLoader />
        ) : events.isError ? (
          <Alert severity="error">{t('error')}</Alert>
        ) : rows.length === 0 ? (
          <Typography color="text.secondary">{t('empty')}</Typography>
        ) : (
          <List dense data-testid="audit-events" sx={{ wordBreak: 'break-word' }}>
            {rows.map((e) => (
              <ListItem key={e.id} divider data-testid="audit-event" data-action={e.action}>
                <ListItemText
                  primary={<EventLine event={e} />}
                  secondary={[when.format(new Date(e.occurred_at)), e.vendor_name, e.ip]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        )}
        {events.hasNextPage && (
          <Button
            onClick={() => void events.fetchNextPage()}
            disabled={events.isFetchingNextPage}
            data-testid="audit-more"
            sx={{ alignSelf: 'center' }}
          >
            {t('more')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

function EventLine({ event }: { event: AuditEvent }) {
  const { t } = useTranslation('audit');
  const who = event.actor?.fullname || t(`actorKinds.${event.actor_kind}`);
  const what = t(`actions.${event.action}`, { defaultValue: event.action });
  return (
    <>
      <strong>{who}</strong> {what}
      {event.subject.name ? ` « ${event.subject.name} »` : ''}
    </>
  );
}
