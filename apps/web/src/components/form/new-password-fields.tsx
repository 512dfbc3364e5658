import type { Control, FieldValues } from 'react-hook-form';
import { FormTextField } from './form-text-field';

type NewPassword = { password: string; password_confirmation: string };

/** A new password and its confirmation, as the password forms ask them (fields of those names). */
export function NewPasswordFields<T extends FieldValues & NewPassword>({
  control,
  label,
  confirmationLabel,
  hint,
}: {
  control: Control<T>;
  label: string;
  confirmationLabel: string;
  hint: string;
}) {
  // The names are the form's own (T has them); the generic form cannot prove it to the field.
  const pair = control as unknown as Control<NewPassword>;
  return (
    <>
      <FormTextField
        control={pair}
        name="password"
        label={label}
        type="password"
        autoComplete="new-password"
        helperText={hint}
      />
      <FormTextField
        control={pair}
        name="password_confirmation"
        label={confirmationLabel}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
