import Grid from '@mui/material/Grid';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from './form-text-field';

type Props<T extends FieldValues, O extends FieldValues> = {
  control: Control<T, unknown, O>;
  /** Where the three fields sit in the form's values: '' or, for a nested person, 'admin.'. */
  prefix?: string;
  labels: { email: string; firstname: string; lastname: string };
};

/**
 * Email, first and last name of a person being invited: the email on its own line, the names
 * side by side. Grid items, to be placed in the caller's Grid container.
 */
export function PersonFields<T extends FieldValues, O extends FieldValues = T>({
  control,
  prefix = '',
  labels,
}: Props<T, O>) {
  const name = (field: 'email' | 'firstname' | 'lastname') => `${prefix}${field}` as FieldPath<T>;
  const common = { control, required: true, fullWidth: true, margin: 'dense', autoComplete: 'off' } as const;
  return (
    <>
      <Grid size={12}>
        <FormTextField {...common} name={name('email')} type="email" label={labels.email} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField {...common} name={name('firstname')} label={labels.firstname} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField {...common} name={name('lastname')} label={labels.lastname} />
      </Grid>
    </>
  );
}
