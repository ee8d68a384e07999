import { COLORS } from '../../lib/theme-tokens.ts';
import { Radio, RadioGroup } from '../../components/ui/Radio.ts';
import { Box } from '../../components/ui/Box.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { choiceOutline } from '../../components/ui/styles.ts';
import { ForwardToInboxIcon } from '../../components/ui/icons/ForwardToInboxIcon.ts';
import { KeyIcon } from '../../components/ui/icons/KeyIcon.ts';
import { USER_TEXTS } from './texts.ts';

interface Props {
  invitation: boolean;
  onChange: (invitation: boolean) => void;
  disabled?: boolean;
}

const OPTIONS = [
  { value: 'password', icon: KeyIcon, label: USER_TEXTS.accessPassword, help: USER_TEXTS.accessPasswordHelp },
  { value: 'invitation', icon: ForwardToInboxIcon, label: USER_TEXTS.accessInvitation, help: USER_TEXTS.accessInvitationHelp },
] as const;

/** How the new user gets access: a password set now, or an invitation mail. */
export function AccessChoice({ invitation, onChange, disabled }: Props) {
  const selected = invitation ? 'invitation' : 'password';
  return (
    <RadioGroup
      aria-label={USER_TEXTS.sectionAccess}
      value={selected}
      onChange={(_event, value) => onChange(value === 'invitation')}
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
    >
      {OPTIONS.map(({ value, icon: Icon, label, help }) => {
        const active = value === selected;
        return (
          <Box
            key={value}
            component="label"
            sx={{
              display: 'flex',
              gap: 1.5,
              alignItems: 'flex-start',
              p: 2,
              borderRadius: '14px',
              cursor: disabled ? 'default' : 'pointer',
              ...choiceOutline(active),
              '&:hover': disabled ? {} : { borderColor: active ? COLORS.primary : 'rgba(255,255,255,0.3)' },
            }}
          >
            <Radio value={value} disabled={disabled} sx={{ p: 0.5, mt: -0.25 }} htmlInput={{ 'aria-label': label }} />
            <Box sx={{ minWidth: 0 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.25 }}>
                <Icon size="small" style={{ color: active ? COLORS.primaryText : COLORS.textSecondary }} />
                <Typography variant="subtitle2" component="span">
                  {label}
                </Typography>
              </Box>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {help}
              </Typography>
            </Box>
          </Box>
        );
      })}
    </RadioGroup>
  );
}
