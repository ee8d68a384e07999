import ImageIcon from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { AnchorHTMLAttributes, ImgHTMLAttributes } from 'react';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';

/**
 * The one renderer for text from a model, streamed or stored (ARCHITECTURE §5 security rules):
 *  - raw HTML in the text is dropped (`skipHtml`), never interpreted;
 *  - links keep only http(s), mailto and relative targets — `javascript:`, `data:`, … lose the link;
 *  - images are never loaded: `![alt](src)` becomes the link "Bild: alt" (an auto-loaded image is
 *    a classic way to send conversation data to a foreign host);
 *  - links open in a new tab without opener, referrer or endorsement.
 */

const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);
export const LINK_REL = 'noopener noreferrer nofollow';
export const IMAGE_LINK_PREFIX = 'Bild';

/** The URL if it is safe to link to, else null. Browsers ignore controls and blanks, so the check does too. */
export function safeUrl(url: string): string | null {
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const cleaned = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (!cleaned) return null;
  const colon = cleaned.indexOf(':');
  const delimiter = cleaned.search(/[/?#\\]/);
  const hasScheme = colon !== -1 && (delimiter === -1 || colon < delimiter);
  if (!hasScheme) return url.trim();
  return SAFE_SCHEMES.has(cleaned.slice(0, colon).toLowerCase()) ? url.trim() : null;
}

const urlTransform = (url: string) => safeUrl(url);

function MarkdownLink({ href, children }: AnchorHTMLAttributes<HTMLAnchorElement> & ExtraProps) {
  if (!href) return <span>{children}</span>;
  return (
    <a href={href} target="_blank" rel={LINK_REL}>
      {children}
    </a>
  );
}

function MarkdownImage({ src, alt }: ImgHTMLAttributes<HTMLImageElement> & ExtraProps) {
  const label = alt?.trim() ? `${IMAGE_LINK_PREFIX}: ${alt.trim()}` : IMAGE_LINK_PREFIX;
  const icon = <ImageIcon aria-hidden fontSize="inherit" className="md-image-icon" />;
  if (typeof src !== 'string' || !src) {
    return (
      <span className="md-image-link">
        {icon}
        {label}
      </span>
    );
  }
  return (
    <a className="md-image-link" href={src} target="_blank" rel={LINK_REL}>
      {icon}
      {label}
    </a>
  );
}

const components: Components = { a: MarkdownLink, img: MarkdownImage };

// Colours derive from the surrounding text colour, so the renderer also fits custom chat colours.
const mix = (percent: number) => `color-mix(in srgb, currentColor ${percent}%, transparent)`;

const markdownSx: SxProps<Theme> = {
  overflowWrap: 'anywhere',
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
    px: 1.75,
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
  '& th, & td': { border: '1px solid', borderColor: mix(18), px: 1.25, py: 0.75, textAlign: 'left' },
  '& th': { bgcolor: mix(8), fontWeight: 700 },
};

interface MarkdownProps {
  /** The Markdown text (may be incomplete while it streams in). */
  children: string;
}

export function Markdown({ children }: MarkdownProps) {
  return (
    <Box className="markdown" sx={markdownSx}>
      <ReactMarkdown skipHtml urlTransform={urlTransform} components={components}>
        {children}
      </ReactMarkdown>
    </Box>
  );
}
