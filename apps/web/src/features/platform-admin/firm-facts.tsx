import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PlatformFirm } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { SA_IDS } from './test-ids';

/** A portal at a glance: its holding, members, client files and creation date. */
export function FirmFacts({ firm }: { firm: PlatformFirm }) {
  const { t, i18n } = useTranslation('platform-admin');
  const facts = [
    { key: 'holding', label: t('columns.holding'), value: firm.holding?.name ?? t('holding.standalone') },
    { key: 'members', label: t('columns.members'), value: String(firm.member_count) },
    { key: 'vendors', label: t('columns.vendors'), value: String(firm.vendor_count) },
    {
      key: 'created',
      label: t('detail.createdAt'),
      value: new Date(firm.created_at).toLocaleDateString(i18n.language),
    },
  ];
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid={SA_IDS.counts}>
      <Stack
        component="dl"
        direction="row"
        sx={{ m: 0, flexWrap: 'wrap', columnGap: { xs: 3, sm: 6 }, rowGap: 2 }}
      >
        {facts.map((f) => (
          <Stack key={f.key} sx={{ minWidth: 0 }} data-testid={`${SA_IDS.counts}-${f.key}`}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {f.label}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {f.value}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
