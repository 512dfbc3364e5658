import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PlatformModule } from '@portal/contracts';
import { type Control, Controller, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FirmFormValues } from './firm-form';
import { SA_IDS } from './test-ids';

type Props<T extends FirmFormValues> = { control: Control<T>; modules: readonly PlatformModule[] };

/** The modules the portal subscribes to: one checkbox each, with "all" and "none". */
export function ModulesField<T extends FirmFormValues>({ control, modules }: Props<T>) {
  const { t } = useTranslation('platform-admin');
  const { t: te } = useTranslation('errors');
  const known = modules.map((m) => m.key);
  return (
    <Controller
      control={control}
      name={'module_keys' as FieldPath<T>}
      render={({ field, fieldState }) => {
        const value = (field.value ?? []) as string[];
        const toggle = (key: string, on: boolean) =>
          field.onChange(on ? [...value, key] : value.filter((k) => k !== key));
        // Keys the list does not know are kept as they are.
        const others = value.filter((k) => !known.includes(k));
        return (
          <Stack data-testid={SA_IDS.modules}>
            <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
              <Button size="small" onClick={() => field.onChange([...others, ...known])}>
                {t('modules.all')}
              </Button>
              <Button size="small" onClick={() => field.onChange(others)}>
                {t('modules.none')}
              </Button>
            </Stack>
            <Grid container columnSpacing={2}>
              {modules.map((m) => (
                <Grid key={m.key} size={{ xs: 12, sm: 6, md: 4 }}>
                  <FormControlLabel
                    sx={{ alignItems: 'flex-start', py: 0.5 }}
                    control={
                      <Checkbox
                        checked={value.includes(m.key)}
                        onChange={(e) => toggle(m.key, e.target.checked)}
                        sx={{ pt: 0.25 }}
                      />
                    }
                    label={
                      <>
                        <Typography component="span" sx={{ display: 'block' }}>
                          {t(`modules.names.${m.key}`, { defaultValue: m.name })}
                        </Typography>
                        <Typography component="span" variant="caption" color="text.secondary">
                          {t(`modules.audience.${m.audience}`)}
                        </Typography>
                      </>
                    }
                  />
                </Grid>
              ))}
            </Grid>
            {fieldState.error?.message ? (
              <FormHelperText error>{te(fieldState.error.message)}</FormHelperText>
            ) : null}
          </Stack>
        );
      }}
    />
  );
}
