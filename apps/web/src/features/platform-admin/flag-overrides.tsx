import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FeatureFlag } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllPlatformFirms, useSetFlagOverride } from './api';
import { SA_IDS } from './test-ids';

/** A flag's per-portal values: chips (removable), and a portal set on or off. */
export function FlagOverrides({ flag }: { flag: FeatureFlag }) {
  const { t } = useTranslation('platform-admin');
  const firms = useAllPlatformFirms();
  const setOverride = useSetFlagOverride();
  const [firmId, setFirmId] = useState<number | ''>('');
  const others = (firms.data?.data ?? []).filter(
    (f) => !flag.overrides.some((o) => o.accounting_firm_id === f.id),
  );

  const add = async (enabled: boolean) => {
    if (firmId === '') return;
    await setOverride.mutateAsync({ id: flag.id, firmId, enabled });
    setFirmId('');
  };

  return (
    <Stack spacing={1}>
      {flag.overrides.length ? (
        <Stack
          direction="row"
          sx={{ flexWrap: 'wrap', gap: 0.5 }}
          data-testid={`${SA_IDS.flagOverrides}-${flag.name}`}
        >
          {flag.overrides.map((o) => (
            <Chip
              key={o.accounting_firm_id}
              size="small"
              color={o.enabled ? 'success' : 'default'}
              label={t(o.enabled ? 'flags.onFor' : 'flags.offFor', { name: o.name })}
              onDelete={() =>
                void setOverride.mutateAsync({ id: flag.id, firmId: o.accounting_firm_id, enabled: null })
              }
            />
          ))}
        </Stack>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label={t('flags.portal')}
          value={firmId}
          onChange={(e) => setFirmId(Number(e.target.value))}
          sx={{ minWidth: 220 }}
          slotProps={{ htmlInput: { 'data-testid': `${SA_IDS.flagPortal}-${flag.name}` } }}
        >
          {others.map((f) => (
            <MenuItem key={f.id} value={f.id}>
              {f.name}
            </MenuItem>
          ))}
        </TextField>
        <Button size="small" disabled={firmId === '' || setOverride.isPending} onClick={() => void add(true)}>
          {t('flags.turnOnFor')}
        </Button>
        <Button
          size="small"
          disabled={firmId === '' || setOverride.isPending}
          onClick={() => void add(false)}
        >
          {t('flags.turnOffFor')}
        </Button>
      </Stack>
    </Stack>
  );
}
