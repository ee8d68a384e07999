import { FormHelperText } from '../../components/ui/FormControl.ts';
import { FormControlLabel } from '../../components/ui/FormControlLabel.ts';
import { Switch } from '../../components/ui/Switch.ts';
import { Box } from '../../components/ui/Box.ts';
import { PART } from '../../components/ui/selectors.ts';
import { Controller } from 'react-hook-form';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { USER_TEXTS } from './texts.ts';

interface Props<TValues extends FieldValues> {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  /** Only the owner may grant or take administrator rights (docs/product/users-and-rights.md). */
  disabled: boolean;
}

/** The "Administrator" switch with what it means, or why it is locked. */
export function AdminSwitch<TValues extends FieldValues>({ control, name, disabled }: Props<TValues>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Box>
          <FormControlLabel
            label={USER_TEXTS.labelAdmin}
            disabled={disabled}
            control={
              <Switch
                name={field.name}
                checked={field.value === true}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                htmlInput={{ ref: field.ref }}
              />
            }
            sx={{ [PART.controlLabel]: { fontWeight: 600 } }}
          />
          <FormHelperText sx={{ mt: 0, ml: 0 }}>{disabled ? USER_TEXTS.adminOwnerOnly : USER_TEXTS.adminHelp}</FormHelperText>
        </Box>
      )}
    />
  );
}
