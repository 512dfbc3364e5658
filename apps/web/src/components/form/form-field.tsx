import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from './field-defs';
import { useErrorText } from './use-error-text';

type Props<T extends FieldValues> = {
  control: Control<T>;
  def: FieldDef;
  /** The i18n namespace holding `fields.<name>`, `options.<name>.<value>` and `options.none`. */
  ns: string;
  disabled?: boolean;
  /** The label, else `fields.<name>` of `ns`. */
  label?: string;
  autoFocus?: boolean;
};

/** One field of a described form (text, number, date, select, multiline or checkbox). */
export function FormField<T extends FieldValues>({ control, def, ns, disabled, label, autoFocus }: Props<T>) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText();
  const text = label ?? t(`fields.${def.name}`);
  return (
    <Controller
      control={control}
      name={def.name as Path<T>}
      render={({ field, fieldState }) => {
        if (def.kind === 'bool')
          return (
            <FormControlLabel
              control={
                <Checkbox
                  checked={field.value === true}
                  onChange={(e) => field.onChange(e.target.checked)}
                  onBlur={field.onBlur}
                  name={field.name}
                  disabled={disabled}
                />
              }
              label={text}
            />
          );
        const select = def.kind === 'select';
        return (
          <TextField
            {...field}
            value={field.value ?? ''}
            label={text}
            required={def.required}
            disabled={disabled}
            autoFocus={autoFocus}
            fullWidth
            margin="dense"
            select={select}
            multiline={def.kind === 'multiline'}
            minRows={def.kind === 'multiline' ? 6 : undefined}
            type={def.kind === 'date' ? 'date' : def.kind === 'email' ? 'email' : 'text'}
            slotProps={{
              inputLabel: def.kind === 'date' ? { shrink: true } : undefined,
              htmlInput: def.kind === 'number' ? { inputMode: 'decimal' } : undefined,
            }}
            error={Boolean(fieldState.error)}
            helperText={errorText(fieldState.error?.message)}
          >
            {select
              ? ['', ...(def.options ?? [])].map((o) => (
                  <MenuItem key={o} value={o}>
                    {o === '' ? (
                      <em>{t('options.none')}</em>
                    ) : def.rawOptions ? (
                      o
                    ) : (
                      t(`options.${def.name}.${o}`)
                    )}
                  </MenuItem>
                ))
              : null}
          </TextField>
        );
      }}
    />
  );
}

/** The fields in a responsive grid: one column on a phone. */
export function FieldGrid<T extends FieldValues>({
  control,
  defs,
  ns,
  disabled,
}: {
  control: Control<T>;
  defs: readonly FieldDef[];
  ns: string;
  disabled?: boolean;
}) {
  return (
    <Grid container columnSpacing={2}>
      {defs.map((d) => (
        <Grid key={d.name} size={{ xs: 12, sm: d.width ?? 6 }}>
          <FormField control={control} def={d} ns={ns} disabled={disabled} />
        </Grid>
      ))}
    </Grid>
  );
}
