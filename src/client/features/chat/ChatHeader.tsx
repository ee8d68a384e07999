import { Box } from '../../components/ui/Box.ts';
import { Typography } from '../../components/ui/Typography.ts';
import type { ReactNode } from 'react';
import { AssistantAvatar } from '../../components/AssistantAvatar.tsx';
import { OfflineChip } from '../../components/chat/index.ts';
import { ResetConversationButton } from './ResetConversationButton.tsx';
import { DeleteConversationButton } from './DeleteConversationButton.tsx';
import type { ChatAssistant } from '../../lib/chat/index.ts';
import type { ChatSurfaces } from './chat-surfaces.ts';
import { PHONE_SCREEN, useMediaQuery } from '../../lib/use-media-query.ts';
import { withNameBreaks } from '../../lib/name-breaks.ts';

interface Props {
  assistant: ChatAssistant;
  surfaces: ChatSurfaces;
  offline: boolean;
  onReset: () => void;
  resetDisabled: boolean;
  /** The public chat: deletes the conversation on the server. */
  onDelete?: () => Promise<void>;
  leadingAction?: ReactNode;
  /** Beside the name, e.g. the live channel's status dot. */
  indicator?: ReactNode;
  actions?: ReactNode;
  /** After the reset button, at the far end (the embed's close button). */
  trailing?: ReactNode;
}

/** Avatar, name, offline label, live status, the slot for more actions and the reset button. */
export function ChatHeader({ assistant, surfaces, offline, onReset, resetDisabled, onDelete, leadingAction, indicator, actions, trailing }: Props) {
  const narrow = useMediaQuery(PHONE_SCREEN);
  return (
    <Box
      component="header"
      sx={{
        display: 'flex',
        alignItems: 'center',
        // On a phone the actions move to a second row rather than squeezing the name letter by letter.
        flexWrap: 'wrap',
        gap: { xs: 1, sm: 1.5 },
        px: { xs: 1, sm: 2.5 },
        py: 1.25,
        minHeight: 64,
        bgcolor: surfaces.header.bg,
        color: surfaces.header.fg,
        borderBottom: `1px solid ${surfaces.border}`,
      }}
    >
      {leadingAction}
      <AssistantAvatar assistant={assistant} size={narrow ? 36 : 40} />
      <Box sx={{ minWidth: '7.5rem', flex: '1 1 7.5rem' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Typography
            component="h1"
            variant="subtitle1"
            sx={{ fontSize: { xs: '1rem', sm: '1.0625rem' }, lineHeight: 1.3, overflowWrap: 'break-word', hyphens: 'auto', minWidth: 0 }}
          >
            {withNameBreaks(assistant.name)}
          </Typography>
          {indicator}
        </Box>
        {offline && (
          <Box sx={{ mt: 0.25 }}>
            <OfflineChip />
          </Box>
        )}
      </Box>
      {actions}
      {onDelete && <DeleteConversationButton onDelete={onDelete} disabled={resetDisabled} compact={narrow} />}
      <ResetConversationButton assistantName={assistant.name} onReset={onReset} disabled={resetDisabled} compact={narrow} />
      {trailing}
    </Box>
  );
}
