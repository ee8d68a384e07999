import { Box } from '../ui/Box.ts';
import { Typography } from '../ui/Typography.ts';
import { DescriptionIcon } from '../ui/icons/DescriptionIcon.ts';
import type { AnswerSource } from '../../../shared/schemas/chat.ts';
import { CHAT_TEXTS } from '../../lib/chat/index.ts';

/**
 * The knowledge files (and page, sheet or slide) an answer drew on, under the answer; a website
 * page links to its URL. Plain boxes
 * instead of MUI's Chip: the message bubble is part of the public chat, whose budget is tight.
 */
export function AnswerSources({ sources }: { sources: AnswerSource[] }) {
  return (
    <Box
      component="section"
      aria-label={CHAT_TEXTS.sources}
      data-testid="answer-sources"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75 }}
    >
      <Typography variant="caption" sx={{ color: 'text.secondary', fontWeight: 600 }}>
        {CHAT_TEXTS.sources}:
      </Typography>
      {sources.map((s) => {
        const label = s.location ? `${s.file}, ${s.location}` : s.file;
        // A website page's place is its URL: the source links to the page (issue 34).
        const href = /^https?:\/\//.test(s.location) ? s.location : undefined;
        return (
          <Box
            key={label}
            component={href ? 'a' : 'span'}
            {...(href ? { href, target: '_blank', rel: 'noopener noreferrer', title: s.location, color: 'inherit' } : {})}
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 0.5,
              maxWidth: '100%',
              px: 1,
              py: 0.25,
              borderRadius: '12px',
              border: '1px solid',
              borderColor: 'divider',
              fontSize: '0.8125rem',
              overflowWrap: 'anywhere',
            }}
          >
            <DescriptionIcon size={16} />
            {href ? s.file : label}
          </Box>
        );
      })}
    </Box>
  );
}
