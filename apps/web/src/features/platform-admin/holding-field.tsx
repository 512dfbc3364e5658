import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import type { PlatformHolding } from '@portal/contracts';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form/form-text-field';
import type { CreateFirmFormValues, HoldingMode } from './firm-form';
import { SA_IDS } from './test-ids';

const MODES: HoldingMode[] = ['none', 'existing', 'new'];

type Props = { control: Control<CreateFirmFormValues>; holdings: readonly PlatformHolding[] };

/** The new portal's holding: none (standalone), one that exists, or a new one by its name. */
export function HoldingField({ control, holdings }: Props) {
  const { t } = useTranslation('platform-admin');
  const mode = useWatch({ control, name: 'holding_mode' });
  return (
    <Stack data-testid={SA_IDS.holding}>
      <Controller
        control={control}
        name="holding_mode"
        render={({ field }) => (
          <RadioGroup
            {...field}
            aria-label={t('fields.holding')}
            sx={{ flexDirection: { xs: 'column', sm: 'row' }, columnGap: 2 }}
          >
            {MODES.map((m) => (
              <FormControlLabel
                key={m}
                value={m}
                control={<Radio />}
                label={t(`holding.${m}`)}
                disabled={m === 'existing' && holdings.length === 0}
              />
            ))}
          </RadioGroup>
        )}
      />
      {mode === 'existing' ? (
        <FormTextField
          control={control}
          name="holding_id"
          select
          label={t('holding.choose')}
          required
          fullWidth
          margin="dense"
          sx={{ maxWidth: { sm: 420 } }}
        >
          {holdings.map((h) => (
            <MenuItem key={h.id} value={String(h.id)}>
              {t('holding.option', { name: h.name, count: h.firm_count })}
            </MenuItem>
          ))}
        </FormTextField>
      ) : null}
      {mode === 'new' ? (
        <FormTextField
          control={control}
          name="holding_name"
          label={t('holding.newName')}
          required
          fullWidth
          margin="dense"
          autoComplete="off"
          sx={{ maxWidth: { sm: 420 } }}
        />
      ) : null}
    </Stack>
  );
}
