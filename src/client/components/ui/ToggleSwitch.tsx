import { Box } from './Box.ts';

interface ToggleSwitchProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/**
 * An on/off switch on a native checkbox with the switch role: the label is its accessible name,
 * Space toggles it, the focus ring is the app's. Used where MUI's Switch would be the heaviest part
 * of a light screen (the public chat, docs/decisions/012).
 */
export function ToggleSwitch({ label, checked, onChange, disabled }: ToggleSwitchProps) {
  return (
    <Box
      component="label"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, cursor: disabled ? 'default' : 'pointer', fontSize: 13, userSelect: 'none', opacity: disabled ? 0.6 : 1 }}
    >
      <Box
        component="input"
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        onChange={(event: { currentTarget: HTMLInputElement }) => onChange(event.currentTarget.checked)}
        sx={{
          appearance: 'none',
          m: 0,
          flexShrink: 0,
          width: 34,
          height: 20,
          borderRadius: '10px',
          border: '2px solid currentColor',
          position: 'relative',
          cursor: 'inherit',
          opacity: checked ? 1 : 0.75,
          bgcolor: checked ? 'currentColor' : 'transparent',
          transition: 'background-color 120ms',
          '&::after': {
            content: '""',
            position: 'absolute',
            top: 2,
            left: checked ? 16 : 2,
            width: 12,
            height: 12,
            borderRadius: '50%',
            bgcolor: checked ? 'var(--mika-switch-knob, #1E2227)' : 'currentColor',
            transition: 'left 120ms',
          },
        }}
      />
      {label}
    </Box>
  );
}
