import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type BrandingFormOutput, type BrandingFormValues, hexColour } from './branding-form';

type Props = {
  control: Control<BrandingFormValues, unknown, BrandingFormOutput>;
  name: 'primary_color' | 'secondary_color';
  label: string;
  /** Accessible name of the colour picker. */
  pickerLabel: string;
  /** The colour the picker shows while the text is not a valid one (the saved colour). */
  fallback: string;
  disabled: boolean;
};

/** A colour: the browser's colour picker beside a text field taking the hexadecimal value. */
export function BrandingColourField({ control, name, label, pickerLabel, fallback, disabled }: Props) {
  const { t } = useTranslation('errors');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'flex-start', minWidth: 0 }}>
          <Box
            component="input"
            type="color"
            aria-label={pickerLabel}
            disabled={disabled}
            // While the text is not a colour, the picker shows the saved one.
            value={hexColour(field.value) ?? hexColour(fallback) ?? '#000000'}
            onChange={(e: React.ChangeEvent<HTMLInputElement>) => field.onChange(e.target.value)}
            sx={{
              flexShrink: 0,
              width: 48,
              height: 40,
              mt: 2,
              p: 0.25,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: 'background.paper',
              cursor: disabled ? 'default' : 'pointer',
              '&:disabled': { opacity: 0.6 },
            }}
          />
          <TextField
            {...field}
            value={field.value ?? ''}
            label={label}
            required
            disabled={disabled}
            size="small"
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ? t(fieldState.error.message) : undefined}
            slotProps={{
              htmlInput: { maxLength: 7, spellCheck: false, autoCapitalize: 'off', autoComplete: 'off' },
            }}
            sx={{ flex: 1, minWidth: 0 }}
          />
        </Stack>
      )}
    />
  );
}
