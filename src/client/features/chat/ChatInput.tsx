import { SendIcon } from '../../components/ui/icons/SendIcon.ts';
import { IconButton } from '../../components/ui/IconButton.ts';
import { InputBase } from '../../components/ui/InputBase.ts';
import { Box } from '../../components/ui/Box.ts';
import { translucent } from '../../lib/theme-tokens.ts';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { MESSAGE_MAX_CHARS } from '../../../shared/constants.ts';
import type { ChatSurfaces } from './chat-surfaces.ts';
import { CHAT_TEXTS } from '../../lib/chat/index.ts';
import { Hint } from '../../components/ui/Hint.tsx';
import { STATE } from '../../components/ui/selectors.ts';
import { PHONE_SCREEN, useMediaQuery } from '../../lib/use-media-query.ts';

/** docs/product/chat-and-voice.md: Enter sends a non-empty message; with Shift, Ctrl, Alt or Meta it is a new line. */
export function enterAction(event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'altKey' | 'metaKey'> & { isComposing?: boolean }) {
  if (event.key !== 'Enter' || event.isComposing) return 'none';
  if (event.shiftKey) return 'native-newline';
  if (event.ctrlKey || event.altKey || event.metaKey) return 'insert-newline';
  return 'send';
}

interface Props {
  assistantName: string;
  /** Status is done-ai and the thread is ready (docs/product/chat-and-voice.md). */
  ready: boolean;
  onSend: (text: string) => Promise<boolean>;
  /**
   * The conversation is still being prepared (the thread is created or its messages load): a
   * question sent now is kept and goes out as soon as the chat is ready, instead of being ignored.
   */
  preparing?: boolean;
  surfaces: ChatSurfaces;
  /** Slot left of the send button (the voice input button). */
  adornment?: ReactNode;
}

export function ChatInput({ assistantName, ready, onSend, surfaces, adornment, preparing = false }: Props) {
  const [text, setText] = useState('');
  const [queued, setQueued] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const phone = useMediaQuery(PHONE_SCREEN);
  const tooLong = text.length > MESSAGE_MAX_CHARS;
  const canSend = ready && text.trim() !== '' && !tooLong;

  const send = () => {
    if (!canSend) {
      if (preparing && text.trim() !== '' && !tooLong) setQueued(true);
      return;
    }
    setQueued(false);
    const question = text;
    setText('');
    // Sent with the button: the button disables itself, so focus returns to the input for the next question.
    if (document.activeElement !== inputRef.current) inputRef.current?.focus();
    void onSend(question).then((taken) => {
      // Refused before it started (e.g. validation): give the question back unless a new one is typed.
      if (!taken) setText((current) => current || question);
    });
  };

  // A question sent while the conversation was being prepared goes out once it is ready: the
  // effect answers a change from outside (the thread became ready), the one thing effects are for.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (queued && ready) send();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Fields read one by one: under Preact (public chat) the event is the native one, whose
    // properties live on its prototype and do not survive a spread.
    const { key, shiftKey, ctrlKey, altKey, metaKey } = event;
    const action = enterAction({ key, shiftKey, ctrlKey, altKey, metaKey, isComposing: (event.nativeEvent ?? event).isComposing });
    if (action === 'send') {
      event.preventDefault();
      send();
    } else if (action === 'insert-newline') {
      // Browsers insert a line break only for Shift+Enter; the other modifiers get one here —
      // in the field itself, caret after it, so a key typed right away lands behind the break
      // (a caret restored a frame later put it in front); the state then equals the field.
      event.preventDefault();
      const el = event.currentTarget;
      el.setRangeText('\n', el.selectionStart, el.selectionEnd, 'end');
      setText(el.value);
    }
  };

  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      sx={{
        px: { xs: 1.5, sm: 3 },
        pt: 1.5,
        pb: { xs: 1.5, sm: 2 },
        bgcolor: surfaces.input.bg,
        color: surfaces.input.fg,
        borderTop: `1px solid ${surfaces.border}`,
      }}
    >
      <Box
        sx={{
          maxWidth: 860,
          mx: 'auto',
          display: 'flex',
          alignItems: 'flex-end',
          gap: 1,
          pl: 2,
          pr: 0.75,
          py: 0.75,
          borderRadius: '16px',
          bgcolor: translucent('#000000', 0.22),
          border: `1px solid ${tooLong ? '#FF7A5C' : translucent(surfaces.input.fg, 0.14)}`,
          transition: 'border-color 120ms',
          // The textarea's focus shows on the whole field: a 2 px ring in the input's text colour.
          '&:focus-within': { borderColor: 'transparent', outline: `2px solid ${surfaces.input.fg}`, outlineOffset: '1px' },
        }}
      >
        <InputBase
          inputRef={inputRef}
          multiline
          maxRows={6}
          fullWidth
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={phone ? CHAT_TEXTS.inputPlaceholderShort : CHAT_TEXTS.inputPlaceholder(assistantName)}
          inputProps={{ 'aria-label': CHAT_TEXTS.inputLabel, 'aria-describedby': 'chat-input-hint', enterKeyHint: 'send' }}
          sx={{ color: 'inherit', py: 0.75, fontSize: '0.9375rem', lineHeight: 1.5, '& textarea::placeholder': { opacity: 0.55 } }}
        />
        {adornment}
        <Hint title={CHAT_TEXTS.send} disabled={!canSend}>
          <IconButton
            type="submit"
            aria-label={CHAT_TEXTS.send}
            disabled={!canSend}
            sx={{
              width: 40,
              height: 40,
              background: surfaces.button.bg,
              color: surfaces.button.fg,
              transition: 'opacity 120ms, transform 120ms',
              '&:hover': { background: surfaces.button.bg, opacity: 0.9 },
              '&:active': { transform: 'scale(0.96)' },
              [STATE.disabled]: { background: translucent(surfaces.input.fg, 0.08), color: translucent(surfaces.input.fg, 0.3) },
            }}
          >
            <SendIcon size="small" />
          </IconButton>
        </Hint>
      </Box>
      <Box
        id="chat-input-hint"
        sx={{ maxWidth: 860, mx: 'auto', mt: 0.75, px: 1, display: 'flex', justifyContent: 'space-between', gap: 2, fontSize: '0.75rem', opacity: 0.8 }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {CHAT_TEXTS.inputHint}
        </Box>
        {text.length > MESSAGE_MAX_CHARS * 0.9 && (
          <Box component="span" sx={{ ml: 'auto', color: tooLong ? '#FF8A6B' : 'inherit', opacity: tooLong ? 1 : undefined }}>
            {CHAT_TEXTS.messageCount(text.length, MESSAGE_MAX_CHARS)}
          </Box>
        )}
      </Box>
    </Box>
  );
}
