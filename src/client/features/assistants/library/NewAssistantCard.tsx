import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/AddRounded';
import LockIcon from '@mui/icons-material/LockOutlined';
import type { CreateState } from '../assistant-rules.ts';
import { TA } from '../texts.ts';
import { Hint } from '../../../components/Hint.tsx';

/** The trailing "new" card (administrators); disabled with the reason as text and tooltip. */
export function NewAssistantCard({ action, onCreate }: { action: CreateState; onCreate: () => void }) {
  const card = (
    <ButtonBase
      onClick={onCreate}
      disabled={action.disabled}
      aria-describedby={action.reason ? 'new-assistant-reason' : undefined}
      data-testid="new-assistant-card"
      sx={(theme) => ({
        width: '100%',
        height: '100%',
        minHeight: 208,
        p: 3,
        borderRadius: '16px',
        border: `1.5px dashed ${alpha(theme.palette.common.white, action.disabled ? 0.12 : 0.22)}`,
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        textAlign: 'center',
        color: 'text.primary',
        transition: theme.transitions.create(['border-color', 'background-color']),
        '&:hover': {
          borderColor: theme.palette.primary.main,
          bgcolor: alpha(theme.palette.primary.main, 0.06),
        },
        '&.Mui-focusVisible': { borderColor: theme.palette.primary.main },
        '&.Mui-disabled': { color: 'text.secondary' },
      })}
    >
      <Box
        sx={(theme) => ({
          width: 52,
          height: 52,
          borderRadius: '16px',
          display: 'grid',
          placeItems: 'center',
          color: action.disabled ? 'text.disabled' : 'primary.main',
          bgcolor: alpha(action.disabled ? theme.palette.common.white : theme.palette.primary.main, 0.1),
        })}
      >
        {action.disabled ? <LockIcon /> : <AddIcon sx={{ fontSize: 30 }} />}
      </Box>
      <Typography variant="subtitle1" component="span">
        {TA.newCardTitle}
      </Typography>
      <Typography
        id="new-assistant-reason"
        variant="body2"
        component="span"
        sx={{ color: 'text.secondary', maxWidth: 300 }}
      >
        {action.reason ?? TA.newCardText}
      </Typography>
    </ButtonBase>
  );
  if (!action.reason) return card;
  return (
    <Hint title={action.reason} block>
      {card}
    </Hint>
  );
}
