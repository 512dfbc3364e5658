import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { PlatformStorage } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { FormSection } from '../../components/form/form-section';
import { PageLoader } from '../../components/page-loader';
import { usePlatformStorage, useSavePlatformStorage } from './api';
import { fromField, SIZE_UNITS, type SizeUnit, toField, unitLabel } from './size-units';
import { UsageSummary } from './usage-summary';

/** The super admin's portal screen, "Storage": its usage, quota and per-person upload limit. */
export function PlatformStoragePanel({ firmId }: { firmId: number }) {
  const { t } = useTranslation('storage');
  const storage = usePlatformStorage(firmId);
  return (
    <FormSection title={t('platform.title')} intro={t('platform.intro')} testId="sa-storage">
      {storage.data ? <StorageForm firmId={firmId} saved={storage.data} /> : <PageLoader />}
    </FormSection>
  );
}

function SizeField(props: {
  label: string;
  value: string;
  unit: SizeUnit;
  error: boolean;
  testId: string;
  onChange: (value: string, unit: SizeUnit) => void;
}) {
  const { t, i18n } = useTranslation('storage');
  return (
    <Stack direction="row" spacing={1}>
      <TextField
        fullWidth
        label={props.label}
        value={props.value}
        error={props.error}
        helperText={props.error ? t('platform.invalid') : undefined}
        onChange={(e) => props.onChange(e.target.value, props.unit)}
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': props.testId } }}
      />
      <TextField
        select
        label={t('platform.unit')}
        value={props.unit}
        onChange={(e) => props.onChange(props.value, e.target.value as SizeUnit)}
        sx={{ width: 112, flexShrink: 0 }}
        slotProps={{ htmlInput: { 'data-testid': `${props.testId}-unit` } }}
      >
        {SIZE_UNITS.map((u) => (
          <MenuItem key={u.key} value={u.key}>
            {unitLabel(u.key, i18n.language)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

function StorageForm({ firmId, saved }: { firmId: number; saved: PlatformStorage }) {
  const { t } = useTranslation('storage');
  const { enqueueSnackbar } = useSnackbar();
  const save = useSavePlatformStorage(firmId);
  const [quota, setQuota] = useState(toField(saved.quota_bytes));
  const [reserved, setReserved] = useState(toField(saved.user_reserved_bytes));
  const quotaBytes = fromField(quota.value, quota.unit);
  const reservedBytes = fromField(reserved.value, reserved.unit);
  const valid = quotaBytes !== undefined && typeof reservedBytes === 'number' && reservedBytes > 0;
  const submit = async () => {
    if (!valid) return;
    try {
      await save.mutateAsync({ quota_bytes: quotaBytes, user_reserved_bytes: reservedBytes });
      enqueueSnackbar(t('platform.saved'), { variant: 'success' });
    } catch {
      // Reported by the API client.
    }
  };
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <UsageSummary usage={saved.usage} testId="sa-storage-usage" />
      <SizeField
        label={t('platform.quota')}
        value={quota.value}
        unit={quota.unit}
        error={quotaBytes === undefined}
        testId="sa-quota"
        onChange={(value, unit) => setQuota({ value, unit })}
      />
      <SizeField
        label={t('platform.userReserved')}
        value={reserved.value}
        unit={reserved.unit}
        error={!(typeof reservedBytes === 'number' && reservedBytes > 0)}
        testId="sa-user-reserved"
        onChange={(value, unit) => setReserved({ value, unit })}
      />
      <Stack direction="row">
        <Button
          type="submit"
          variant="contained"
          disabled={!valid || save.isPending}
          data-testid="sa-save-storage"
        >
          {t('platform.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
