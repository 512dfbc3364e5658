import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useThemeProps } from '@mui/material/styles';
import { type ReactNode, useId } from 'react';

export type PlainTextFieldProps = Omit<OutlinedInputProps, 'label' | 'error' | 'margin'> & {
  label: ReactNode;
  error?: boolean;
  helperText?: ReactNode;
  margin?: 'none' | 'dense' | 'normal';
};

/**
 * An outlined text field with the markup, classes and theme defaults (`MuiTextField`) of MUI's
 * `TextField`, without its `select` mode: `TextField` always brings Select, Menu, Popover and Modal
 * (about 20 kB gzip), which the signed-out screens, loaded first, do without.
 */
export function PlainTextField(inProps: PlainTextFieldProps) {
  const props = useThemeProps({ props: inProps, name: 'MuiTextField' }) as PlainTextFieldProps;
  const {
    label,
    error = false,
    helperText,
    fullWidth = false,
    margin,
    required = false,
    disabled = false,
    id: idOverride,
    className,
    ...input
  } = props;
  const reactId = useId();
  const id = idOverride ?? reactId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      className={className ? `MuiTextField-root ${className}` : 'MuiTextField-root'}
      variant="outlined"
      fullWidth={fullWidth}
      margin={margin}
      error={error}
      required={required}
      disabled={disabled}
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput {...input} id={id} label={label} fullWidth={fullWidth} aria-describedby={helperTextId} />
      {helperText ? <FormHelperText id={helperTextId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
