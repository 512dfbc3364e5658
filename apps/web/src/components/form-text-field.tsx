import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

type Props<T extends FieldValues> = Omit<TextFieldProps, 'name'> & {
  control: Control<T>;
  name: FieldPath<T>;
};

/** A text field bound to react-hook-form; its error (a message key) is translated from `errors`. */
export function FormTextField<T extends FieldValues>({ control, name, ...props }: Props<T>) {
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
