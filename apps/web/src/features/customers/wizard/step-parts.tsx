/** What the wizard's steps share: the form, an intro line, a field, a list of checkboxes. */
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { type Control, Controller, type UseFormReturn } from 'react-hook-form';
import type { FieldDef } from '../../../components/form/field-defs';
import { FormField } from '../../../components/form/form-field';
import { useErrorText } from '../../../components/form/use-error-text';
import type { WizardValues } from './wizard-logic';

export type Form = UseFormReturn<WizardValues>;

export function Intro({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" sx={{ mb: 2 }}>
      {text}
    </Typography>
  );
}

export function Field({
  control,
  def,
  label,
  autoFocus,
}: {
  control: Control<WizardValues>;
  def: FieldDef;
  label: string;
  autoFocus?: boolean;
}) {
  return <FormField control={control} def={def} ns="client-file" label={label} autoFocus={autoFocus} />;
}

/** A list of checkboxes bound to an array of values. */
export function CheckboxList<V extends number | string>({
  form,
  name,
  options,
  label,
}: {
  form: Form;
  name: 'accountant_ids' | 'module_keys';
  options: { value: V; label: string; detail?: string }[];
  label: string;
}) {
  const errorText = useErrorText();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => {
        const selected = field.value as V[];
        const toggle = (v: V, on: boolean) =>
          field.onChange(on ? [...selected, v] : selected.filter((x) => x !== v));
        return (
          <FormControl component="fieldset" error={Boolean(fieldState.error)} sx={{ width: '100%' }}>
            <FormLabel component="legend" sx={{ mb: 1 }}>
              {label}
            </FormLabel>
            <FormGroup>
              {options.map((o) => (
                <FormControlLabel
                  key={String(o.value)}
                  control={
                    <Checkbox
                      checked={selected.includes(o.value)}
                      onChange={(e) => toggle(o.value, e.target.checked)}
                    />
                  }
                  label={
                    <Box sx={{ minWidth: 0 }}>
                      <Typography>{o.label}</Typography>
                      {o.detail ? (
                        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                          {o.detail}
                        </Typography>
                      ) : null}
                    </Box>
                  }
                  sx={{ alignItems: 'flex-start', py: 0.5, '& .MuiCheckbox-root': { pt: 0.5 } }}
                />
              ))}
            </FormGroup>
            {fieldState.error ? <FormHelperText>{errorText(fieldState.error.message)}</FormHelperText> : null}
          </FormControl>
        );
      }}
    />
  );
}
