import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import DeleteIcon from '@mui/icons-material/DeleteOutlineRounded';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import type { AssistantSummary } from '../../../../shared/schemas/assistants.ts';
import { TYPE_COLORS, TYPE_ICONS } from '../assistant-icons.ts';
import { cutRole, editActionState, primaryActionState, type LimitState } from '../assistant-rules.ts';
import { ActionIconButton } from '../components/ActionIconButton.tsx';
import { AssistantAvatar } from '../components/AssistantAvatar.tsx';
import { TA } from '../texts.ts';
import { Hint } from '../../../components/Hint.tsx';
import { useCapabilitiesQuery } from '../../chat/chat-api.ts';

interface Props {
  assistant: AssistantSummary;
  limit: LimitState;
  onUse: () => void;
  onEdit: () => void;
  /** Shown only when deleting is the way back under the plan's limit. */
  onDelete?: () => void;
}

/** One assistant in the library: avatar, name, type, role (cut at 55) and its actions. */
export function AssistantCard({ assistant, limit, onUse, onEdit, onDelete }: Props) {
  const capabilities = useCapabilitiesQuery();
  const use = primaryActionState(assistant, limit, { imageUnavailable: capabilities.data?.image.available === false });
  const edit = editActionState(assistant, limit);
  const TypeIcon = TYPE_ICONS[assistant.type];
  const color = TYPE_COLORS[assistant.type];
  // Image Mikas have no role: their card explains what they do instead.
  const role = cutRole(assistant.role || TA.typeCards[assistant.type].text);

  return (
    <Card
      component="article"
      aria-label={assistant.name}
      data-testid="assistant-card"
      sx={(theme) => ({
        p: 2.5,
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        minHeight: 208,
        transition: theme.transitions.create(['border-color', 'transform', 'box-shadow']),
        '&:hover': {
          borderColor: alpha(theme.palette[color].main, 0.4),
          boxShadow: `0 10px 30px ${alpha('#000', 0.25)}`,
        },
      })}
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', minWidth: 0 }}>
        <AssistantAvatar assistant={assistant} size={56} radius="16px" />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="h6" component="h2" noWrap title={assistant.name}>
            {assistant.name}
          </Typography>
          <Box sx={{ display: 'flex', gap: 0.75, mt: 0.5, flexWrap: 'wrap' }}>
            <Chip
              size="small"
              icon={<TypeIcon />}
              label={TA.typeLabels[assistant.type]}
              sx={(theme) => ({
                height: 22,
                fontWeight: 600,
                color: theme.palette[color].light,
                bgcolor: alpha(theme.palette[color].main, 0.14),
                '& .MuiChip-icon': { color: 'inherit', fontSize: 14, ml: 0.75 },
              })}
            />
            {assistant.is_default === 1 && (
              <Hint title={TA.defaultChipHint}>
                <Chip
                  size="small"
                  variant="outlined"
                  label={TA.defaultChip}
                  tabIndex={0}
                  aria-label={`${TA.defaultChip}: ${TA.defaultChipHint}`}
                  sx={{ height: 22, color: 'text.secondary' }}
                />
              </Hint>
            )}
          </Box>
        </Box>
      </Box>

      <Typography
        variant="body2"
        sx={{ color: 'text.secondary', flex: 1, minHeight: '3.1em', overflowWrap: 'anywhere' }}
        title={assistant.role.length > role.length ? assistant.role : undefined}
      >
        {role}
      </Typography>

      <Box
        sx={(theme) => ({
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          pt: 1.5,
          mx: -0.75,
          mb: -0.75,
          borderTop: `1px solid ${theme.palette.divider}`,
        })}
      >
        <ActionIconButton
          actionState={use}
          onClick={onUse}
          sx={(theme) => ({
            color: theme.palette[color].light,
            bgcolor: alpha(theme.palette[color].main, 0.12),
            '&:hover': { bgcolor: alpha(theme.palette[color].main, 0.22) },
          })}
        >
          <TypeIcon fontSize="small" />
        </ActionIconButton>
        <Box sx={{ flex: 1 }} />
        {onDelete && (
          <ActionIconButton
            actionState={{
              label: TA.actionDelete(assistant.name),
              disabled: false,
              reason: null,
              comingSoon: false,
            }}
            onClick={onDelete}
            sx={{ color: 'text.secondary', '&:hover': { color: 'error.main' } }}
          >
            <DeleteIcon fontSize="small" />
          </ActionIconButton>
        )}
        <ActionIconButton actionState={edit} onClick={onEdit} sx={{ color: 'text.secondary' }}>
          <SettingsIcon fontSize="small" />
        </ActionIconButton>
      </Box>
    </Card>
  );
}
