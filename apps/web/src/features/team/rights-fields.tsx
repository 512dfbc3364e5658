import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { FirmRole } from '@portal/contracts';
import { type Control, Controller, type FieldValues, type Path, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

type Rights = { role: FirmRole; all_vendors: boolean; read_only: boolean };

/** Access of a member: every client file (read-only or not) or chosen ones; admins reach all. */
export function AccessFields<T extends FieldValues & Rights>({
  control,
  disabled = false,
}: {
  control: Control<T>;
  disabled?: boolean;
}) {
  const { t } = useTranslation('team');
  const role = useWatch({ control, name: 'role' as Path<T> }) as FirmRole;
  const allVendors = useWatch({ control, name: 'all_vendors' as Path<T> }) as boolean;
  const admin = role === 'admin';
  return (
    <FormControl component="fieldset" disabled={disabled || admin} sx={{ mt: 1.5, mb: 1, display: 'block' }}>
      <FormLabel component="legend">{t('fields.access')}</FormLabel>
      {admin ? (
        <Typography variant="body2" color="text.secondary">
          {t('access.adminNote')}
        </Typography>
      ) : (
        <>
          <Controller
            control={control}
            name={'all_vendors' as Path<T>}
            render={({ field }) => (
              <RadioGroup
                row
                value={field.value ? 'all' : 'chosen'}
                onChange={(e) => field.onChange(e.target.value === 'all')}
              >
                <FormControlLabel value="all" control={<Radio />} label={t('access.allOption')} />
                <FormControlLabel value="chosen" control={<Radio />} label={t('access.chosenOption')} />
              </RadioGroup>
            )}
          />
          {allVendors ? (
            <Controller
              control={control}
              name={'read_only' as Path<T>}
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch
                      checked={Boolean(field.value)}
                      onChange={(e) => field.onChange(e.target.checked)}
                    />
                  }
                  label={t('access.readOnlyAll')}
                />
              )}
            />
          ) : null}
        </>
      )}
    </FormControl>
  );
}
