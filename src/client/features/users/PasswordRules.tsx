import { Box } from '../../components/ui/Box.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { raisedPanel } from '../../components/ui/styles.ts';
import { CheckCircleIcon } from '../../components/ui/icons/CheckCircleIcon.ts';
import { CircleOutlineIcon } from '../../components/ui/icons/CircleOutlineIcon.ts';
import { STRONG_PASSWORD_CHECKS } from '../../../shared/password-rules.ts';
import { USER_TEXTS } from './texts.ts';

/** The password rules, each ticked off while the user types. */
export function PasswordRules({ value }: { value: string }) {
  return (
    <Box
      data-testid="password-rules"
      sx={{ p: 2, borderRadius: '12px', ...raisedPanel() }}
    >
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {USER_TEXTS.passwordRulesTitle}
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.75, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        {USER_TEXTS.passwordRules.map((rule, i) => {
          const met = STRONG_PASSWORD_CHECKS[i]?.(value) ?? false;
          const Icon = met ? CheckCircleIcon : CircleOutlineIcon;
          return (
            <Box
              component="li"
              key={rule}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, color: met ? 'success.light' : 'text.secondary' }}
            >
              <Icon size={18} />
              <Typography variant="body2" component="span">
                {rule}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
