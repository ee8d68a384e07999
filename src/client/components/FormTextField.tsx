import { IconButton } from './ui/IconButton.ts';
import { FormControl, FormHelperText } from './ui/FormControl.ts';
import { InputAdornment } from './ui/InputAdornment.ts';
import type { InputBaseComponentProps } from './ui/InputBase.ts';
import { InputLabel } from './ui/InputLabel.ts';
import { OutlinedInput } from './ui/OutlinedInput.ts';
import type { UiStyle } from './ui/style.ts';
import { VisibilityIcon } from './ui/icons/VisibilityIcon.ts';
import { VisibilityOffIcon } from './ui/icons/VisibilityOffIcon.ts';
import { useId, useState, type ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { COMMON_TEXTS } from '../lib/texts.ts';

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
  /** Attributes of the native input (maxLength, inputMode, data-testid …), as ui/TextField takes them. */
  htmlInput?: InputBaseComponentProps;
  sx?: UiStyle;
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
  htmlInput,
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
              inputProps={{ ...htmlInput, 'aria-describedby': helper ? helperId : undefined }}
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
            aria-label={visible ? COMMON_TEXTS.hidePassword : COMMON_TEXTS.showPassword}
            aria-pressed={visible}
          >
            {visible ? <VisibilityOffIcon size="small" /> : <VisibilityIcon size="small" />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
