import { useEffect, useRef, useState } from 'react';
import { Box } from '../../components/ui/Box.ts';
import { ThumbDownIcon } from '../../components/ui/icons/ThumbDownIcon.ts';
import { ThumbUpIcon } from '../../components/ui/icons/ThumbUpIcon.ts';
import type { ChatSlotContext } from '../../components/chat/index.ts';
import type { ChatMessage } from '../../../shared/schemas/chat.ts';
import { FEEDBACK_REASON_MAX } from '../../../shared/schemas/question-insights.ts';
import { useSendFeedback } from './api/send-feedback.ts';
import { FEEDBACK_TEXTS } from './texts.ts';

const plain = {
  p: 0.5,
  border: 0,
  borderRadius: '8px',
  bgcolor: 'transparent',
  color: 'inherit',
  font: 'inherit',
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
  '&:hover': { bgcolor: 'rgba(127, 127, 127, 0.16)' },
  '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 1 },
} as const;

const chip = (selected: boolean) => ({
  ...plain,
  px: 1,
  py: 0.25,
  border: '1px solid currentColor',
  borderRadius: '999px',
  opacity: selected ? 1 : 0.8,
  fontWeight: selected ? 700 : 400,
});

/**
 * Thumbs up and down under a finished answer (docs/product/insights.md). A thumbs down offers the
 * reasons «Falsch», «Unvollständig», «Nicht hilfreich» or own words; a second click changes the vote.
 * Loaded only when an answer shows (the public chat's first load does not carry it).
 */
export function AnswerFeedback({ message, chat }: { message: ChatMessage; chat: ChatSlotContext }) {
  // A vote given before (the conversation loaded again) shows as given; its reason is offered again.
  const given = message.feedback;
  const known = given?.reason && (FEEDBACK_TEXTS.reasons as readonly string[]).includes(given.reason) ? given.reason : null;
  const [vote, setVote] = useState<1 | -1 | null>(given?.value ?? null);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState<string | null>(known);
  const [words, setWords] = useState(given?.reason && !known ? given.reason : '');
  const [thanked, setThanked] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // The reasons open below the last answer, often under the chat's edge: bring them in, no further.
  useEffect(() => {
    if (asking) form.current?.scrollIntoView({ block: 'nearest' });
  }, [asking]);
  const send = useSendFeedback();
  const thread = chat.thread;
  if (!thread) return null;

  const submit = (value: 1 | -1, why?: string) => {
    setVote(value);
    send.mutate(
      { assistantUuid: chat.assistantUuid, threadId: thread.id, token: thread.token, messageId: message.id, value, ...(why ? { reason: why } : {}) },
      { onSuccess: () => setThanked(true) },
    );
  };

  return (
    <Box component="span" data-testid="answer-feedback" sx={{ display: 'inline-flex', flexDirection: 'column', gap: 0.75 }}>
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        <Box component="button" type="button" aria-label={FEEDBACK_TEXTS.up} aria-pressed={vote === 1} title={FEEDBACK_TEXTS.up} onClick={() => { setAsking(false); submit(1); }} sx={{ ...plain, opacity: vote === 1 ? 1 : 0.7 }}>
          <ThumbUpIcon size={16} />
        </Box>
        <Box component="button" type="button" aria-label={FEEDBACK_TEXTS.down} aria-pressed={vote === -1} title={FEEDBACK_TEXTS.down} onClick={() => { setAsking(true); setThanked(false); }} sx={{ ...plain, opacity: vote === -1 ? 1 : 0.7 }}>
          <ThumbDownIcon size={16} />
        </Box>
        {thanked && !asking && (
          <Box component="span" role="status" sx={{ ml: 0.5 }}>
            {FEEDBACK_TEXTS.thanks}
          </Box>
        )}
      </Box>
      {asking && (
        <Box
          component="form"
          ref={form}
          aria-label={FEEDBACK_TEXTS.reasonTitle}
          onSubmit={(e: React.FormEvent) => {
            e.preventDefault();
            setAsking(false);
            submit(-1, words.trim() || reason || undefined);
          }}
          sx={{ display: 'flex', flexDirection: 'column', gap: 0.75, maxWidth: 340 }}
        >
          <Box component="span" sx={{ fontWeight: 600 }}>
            {FEEDBACK_TEXTS.reasonTitle}
          </Box>
          <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
            {FEEDBACK_TEXTS.reasons.map((r) => (
              <Box key={r} component="button" type="button" aria-pressed={reason === r} onClick={() => setReason(reason === r ? null : r)} sx={chip(reason === r)}>
                {r}
              </Box>
            ))}
          </Box>
          <Box
            component="input"
            aria-label={FEEDBACK_TEXTS.ownWords}
            placeholder={FEEDBACK_TEXTS.ownWords}
            maxLength={FEEDBACK_REASON_MAX}
            value={words}
            onChange={(e: React.ChangeEvent<HTMLInputElement>) => setWords(e.target.value)}
            sx={{ font: 'inherit', color: 'inherit', bgcolor: 'transparent', border: '1px solid currentColor', borderRadius: '8px', px: 1, py: 0.5, opacity: 0.9 }}
          />
          <Box component="span" sx={{ display: 'flex', gap: 1 }}>
            <Box component="button" type="submit" sx={{ ...chip(true) }}>
              {FEEDBACK_TEXTS.send}
            </Box>
            <Box component="button" type="button" onClick={() => { setAsking(false); submit(-1); }} sx={chip(false)}>
              {FEEDBACK_TEXTS.skip}
            </Box>
          </Box>
        </Box>
      )}
    </Box>
  );
}
