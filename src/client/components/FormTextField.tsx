import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import type { SxProps, Theme } from '@mui/material/styles';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOffOutlined';
import { useId, useState, type ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { T } from '../lib/texts.ts';

export interface FormTextFieldProps<TValues extends FieldValues> {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  /** The visible label — also the field's accessible name. */
  label: string;
  helperText?: ReactNode;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  multiline?: boolean;
  minRows?: number;
  maxRows?: number;
  endAdornment?: ReactNode;
  slotProps?: { htmlInput?: InputBaseComponentProps };
  sx?: SxProps<Theme>;
}

/**
 * A labelled text field bound to react-hook-form; the field's error shows as helper text. Built from
 * MUI's parts rather than TextField, which brings the Select (menu, popover, modal) to every form
 * (docs/decisions/012). The label is the accessible name; helper and error text describe the input.
 */
export function FormTextField<TValues extends FieldValues>({
  control,
  name,
  label,
  helperText,
  required,
  disabled,
  sx,
  slotProps,
  ...input
}: FormTextFieldProps<TValues>) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const helper = fieldState.error?.message ?? helperText;
        return (
          <FormControl fullWidth error={Boolean(fieldState.error)} required={required} disabled={disabled} sx={sx}>
            <InputLabel htmlFor={id}>{label}</InputLabel>
            <OutlinedInput
              {...input}
              id={id}
              label={required ? `${label} *` : label}
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              inputProps={{ ...slotProps?.htmlInput, 'aria-describedby': helper ? helperId : undefined }}
            />
            {helper && <FormHelperText id={helperId}>{helper}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}

/** A password field with a show/hide toggle (a real button: reachable by keyboard). */
export function FormPasswordField<TValues extends FieldValues>(props: FormTextFieldProps<TValues>) {
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            onClick={() => setVisible((v) => !v)}
            edge="end"
            size="small"
            aria-label={visible ? T.hidePassword : T.showPassword}
            aria-pressed={visible}
          >
            {visible ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
