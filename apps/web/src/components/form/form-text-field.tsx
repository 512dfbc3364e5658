import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

type Props<T extends FieldValues, O extends FieldValues> = Omit<TextFieldProps, 'name'> & {
  /** The form's control, whatever its resolver turns the values into (`O`). */
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
};

/** A text field bound to react-hook-form; its error (a message key) is translated from `errors`. */
export function FormTextField<T extends FieldValues, O extends FieldValues = T>({
  control,
  name,
  ...props
}: Props<T, O>) {
  const { t } = useTranslation('errors');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          {...field}
          value={field.value ?? ''}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? t(fieldState.error.message) : props.helperText}
        />
      )}
    />
  );
}
