import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

interface LoginFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error?: boolean;
  /** Under the field: the reason it is refused, or a hint (a space keeps the line's height). */
  helperText?: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  endAdornment?: ReactNode;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
}

/**
 * An outlined text field as MUI's TextField draws it, built from its parts: TextField also brings
 * Select, Menu and Popover, which the light login page would download and run for nothing.
 */
export const LoginField = ({ id, label, helperText, error, required, disabled, inputProps, ...input }: LoginFieldProps) => {
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl fullWidth margin="dense" variant="outlined" error={error} required={required} disabled={disabled}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput {...input} id={id} label={label} inputProps={{ ...inputProps, 'aria-describedby': helperId }} />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
};
