import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/AddRounded';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import { useAssistantView } from '../../lib/assistant-view.ts';
import type { CurrentUser } from '../../state/user-store.ts';
import type { AssistantSummary } from '../../../shared/schemas/assistants.ts';
import { TYPE_ICONS } from './assistant-icons.ts';
import {
  createActionState,
  editActionState,
  primaryActionState,
  type LimitState,
} from './assistant-rules.ts';
import { ActionIconButton, actionTooltip } from './components/ActionIconButton.tsx';
import { AssistantAvatar } from './components/AssistantAvatar.tsx';
import { TA } from './texts.ts';
import { useLibraryState } from './use-library-state.ts';
import { Hint } from '../../components/Hint.tsx';
import { useCapabilitiesQuery } from '../chat/chat-api.ts';

interface Props {
  user: CurrentUser;
  /** Closes the temporary drawer on phones. */
  onNavigate: () => void;
}

/**
 * The side navigation's assistant rows (spec 01 §2): one per assistant with its avatar, the use
 * action of its type and the edit action; then the add button for administrators.
 */
export function AssistantNavRows({ user, onNavigate }: Props) {
  const { assistants, limit } = useLibraryState();
  const { view, assistantUuid, open } = useAssistantView();
  const go: typeof open = (next, uuid) => {
    open(next, uuid);
    onNavigate();
  };
  const create = createActionState(user, limit);

  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <List
        dense
        disablePadding
        aria-label={TA.navAssistants}
        data-testid="nav-assistants"
        sx={{ pl: 1.5, mb: 1 }}
      >
        {assistants.isPending &&
          [0, 1, 2].map((i) => (
            <Box
              component="li"
              key={i}
              sx={{ listStyle: 'none', display: 'flex', alignItems: 'center', gap: 1.25, px: 1, py: 0.75 }}
            >
              <Skeleton variant="circular" width={26} height={26} />
              <Skeleton width="60%" />
            </Box>
          ))}
        {assistants.data?.map((assistant) => (
          <NavRow
            key={assistant.uuid}
            assistant={assistant}
            limit={limit}
            active={view !== 'list' && assistantUuid === assistant.uuid}
            onOpen={go}
          />
        ))}
        {create.visible && (
          <Box component="li" sx={{ listStyle: 'none' }}>
            <Hint
              title={create.reason ? actionTooltip(create) : ''}
              placement="right"
              block
              disabled={create.disabled}
              label={create.reason ? `${create.label}: ${create.reason}` : undefined}
            >
              <ButtonBase
                onClick={() => go('create')}
                disabled={create.disabled}
                sx={(theme) => ({
                  width: '100%',
                  justifyContent: 'flex-start',
                  gap: 1.25,
                  px: 1,
                  py: 0.75,
                  mt: 0.5,
                  borderRadius: '10px',
                  color: 'text.secondary',
                  fontSize: '0.875rem',
                  fontWeight: 500,
                  '&:hover': { bgcolor: alpha(theme.palette.common.white, 0.05), color: 'text.primary' },
                  '&.Mui-disabled': { color: 'text.disabled' },
                })}
              >
                <Box
                  sx={(theme) => ({
                    width: 26,
                    height: 26,
                    borderRadius: '50%',
                    display: 'grid',
                    placeItems: 'center',
                    border: `1px dashed ${alpha(theme.palette.common.white, 0.3)}`,
                  })}
                >
                  <AddIcon sx={{ fontSize: 18 }} />
                </Box>
                {TA.addAssistant}
              </ButtonBase>
            </Hint>
          </Box>
        )}
      </List>
    </Box>
  );
}

interface RowProps {
  assistant: AssistantSummary;
  limit: LimitState;
  active: boolean;
  onOpen: ReturnType<typeof useAssistantView>['open'];
}

function NavRow({ assistant, limit, active, onOpen }: RowProps) {
  const capabilities = useCapabilitiesQuery();
  const use = primaryActionState(assistant, limit, { imageUnavailable: capabilities.data?.image.available === false });
  const edit = editActionState(assistant, limit);
  const TypeIcon = TYPE_ICONS[assistant.type];
  return (
    <Box
      component="li"
      data-testid="nav-assistant"
      aria-current={active ? 'page' : undefined}
      sx={(theme) => ({
        listStyle: 'none',
        display: 'flex',
        alignItems: 'center',
        gap: 1.25,
        pl: 1,
        pr: 0.25,
        py: 0.25,
        borderRadius: '10px',
        bgcolor: active ? alpha(theme.palette.primary.main, 0.12) : 'transparent',
        '&:hover': {
          bgcolor: active ? alpha(theme.palette.primary.main, 0.16) : alpha(theme.palette.common.white, 0.04),
        },
      })}
    >
      <AssistantAvatar assistant={assistant} size={26} />
      <Typography
        variant="body2"
        sx={{
          flex: 1,
          minWidth: 0,
          fontWeight: active ? 600 : 500,
          overflowWrap: 'anywhere',
          lineHeight: 1.35,
        }}
      >
        {assistant.name}
      </Typography>
      <ActionIconButton actionState={use} size="small" onClick={() => onOpen(assistant.type, assistant.uuid)}>
        <TypeIcon sx={{ fontSize: 18 }} />
      </ActionIconButton>
      {assistant.can_edit ? (
        <ActionIconButton actionState={edit} size="small" onClick={() => onOpen('edit', assistant.uuid)}>
          <SettingsIcon sx={{ fontSize: 18 }} />
        </ActionIconButton>
      ) : (
        // Keeps the use icons of all rows in one column.
        <Box sx={{ width: 28, flexShrink: 0 }} />
      )}
    </Box>
  );
}
