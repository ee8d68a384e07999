import { Box } from './ui/Box.ts';
import type { UiStyle } from './ui/style.ts';
import { useMemo } from 'react';
import { renderMarkdown } from './markdown-render.tsx';

export { IMAGE_LINK_PREFIX, LINK_REL, safeUrl } from './markdown-render.tsx';

// Colours derive from the surrounding text colour, so the renderer also fits custom chat colours.
const mix = (percent: number) => `color-mix(in srgb, currentColor ${percent}%, transparent)`;

const markdownSx: UiStyle = {
  overflowWrap: 'anywhere',
  // In a grid or flex item (a chat bubble) the text may be narrower than a table's words: the
  // table scrolls (below) instead of widening the bubble past the screen.
  minWidth: 0,
  lineHeight: 1.6,
  '& > :first-of-type': { mt: 0 },
  '& > :last-child': { mb: 0 },
  '& p': { my: 1 },
  '& h1, & h2, & h3, & h4, & h5, & h6': { mt: 2, mb: 1, lineHeight: 1.3, fontWeight: 700 },
  '& h1': { fontSize: '1.3rem' },
  '& h2': { fontSize: '1.175rem' },
  '& h3, & h4, & h5, & h6': { fontSize: '1.05rem' },
  '& ul, & ol': { my: 1, pl: 3 },
  '& li': { my: 0.5 },
  '& li > p': { my: 0.25 },
  '& strong': { fontWeight: 700 },
  '& a': {
    color: 'inherit',
    textDecoration: 'underline',
    textDecorationColor: mix(45),
    textUnderlineOffset: '3px',
    fontWeight: 500,
    '&:hover': { textDecorationColor: 'currentColor' },
  },
  '& .md-image-icon': { verticalAlign: '-0.15em', mr: 0.5, opacity: 0.75 },
  '& span.md-image-link': { fontStyle: 'italic', opacity: 0.8 },
  '& blockquote': {
    my: 1.5,
    mx: 0,
    py: 0.75,
    px: { xs: 1.25, sm: 1.75 },
    borderLeft: '3px solid',
    borderLeftColor: mix(35),
    bgcolor: mix(6),
    borderRadius: '0 8px 8px 0',
    '& p': { my: 0.5 },
    '& em': { opacity: 0.8 },
  },
  '& hr': { border: 0, borderTop: '1px solid', borderTopColor: mix(18), my: 2 },
  '& code': {
    fontFamily: '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace',
    fontSize: '0.875em',
    px: 0.5,
    py: 0.125,
    borderRadius: '5px',
    bgcolor: mix(12),
  },
  '& pre': {
    my: 1.5,
    p: 1.5,
    overflowX: 'auto',
    borderRadius: '10px',
    bgcolor: 'rgba(0, 0, 0, 0.35)',
    border: '1px solid',
    borderColor: mix(12),
    lineHeight: 1.5,
    '& code': { p: 0, bgcolor: 'transparent', fontSize: '0.8125rem' },
  },
  '& table': {
    display: 'block',
    maxWidth: '100%',
    overflowX: 'auto',
    borderCollapse: 'collapse',
    my: 1.5,
    fontSize: '0.875rem',
  },
  // Cells break long words only when they must: "anywhere" above would split "Zone" into "Zo|ne"
  // on a phone, since it lets a table shrink below its words; a wide table scrolls instead.
  '& th, & td': { border: '1px solid', borderColor: mix(18), px: 1.25, py: 0.75, textAlign: 'left', overflowWrap: 'break-word' },
  '& th': { bgcolor: mix(8), fontWeight: 700 },
};

interface MarkdownProps {
  /** The Markdown text (may be incomplete while it streams in). */
  children: string;
  /** The text is still streaming in: open emphasis and code are shown closed. */
  streaming?: boolean;
}

/** The one renderer for text from a model, streamed or stored (see markdown-render.tsx). */
export function Markdown({ children, streaming = false }: MarkdownProps) {
  const content = useMemo(() => renderMarkdown(children, streaming), [children, streaming]);
  return (
    <Box className="markdown" sx={markdownSx}>
      {content}
    </Box>
  );
}
