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

// --- Pipe tables ---------------------------------------------------------------------------------
// Models answer with GFM tables a lot; the GFM extension is not part of our dependencies, so this
// small plugin turns a paragraph that is a pipe table (header, delimiter row, body) into mdast table
// nodes. It works on the parsed inline nodes, so bold, code and links inside cells keep working and
// still pass the URL check above.

interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
  align?: (string | null)[];
}

const DELIMITER_CELL = /^\s*:?-+:?\s*$/;

/** Splits a paragraph's inline nodes into rows (line breaks) of cells (pipes). */
function splitRows(children: MdNode[]): MdNode[][][] {
  const rows: MdNode[][][] = [];
  let row: MdNode[][] = [];
  let cell: MdNode[] = [];
  const endCell = () => {
    row.push(cell);
    cell = [];
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  for (const child of children) {
    if (child.type === 'break') {
      endRow();
    } else if (child.type === 'text' && child.value !== undefined) {
      for (const part of child.value.split(/(\n|\|)/)) {
        if (part === '\n') endRow();
        else if (part === '|') endCell();
        else if (part) cell.push({ type: 'text', value: part });
      }
    } else {
      cell.push(child);
    }
  }
  endRow();
  return rows;
}

const cellText = (cell: MdNode[]) => cell.map((n) => (n.type === 'text' ? (n.value ?? '') : '\u0000')).join('');

/** Leading and trailing pipes leave empty edge cells; blanks at the cell edges go. */
function tidyRow(row: MdNode[][]): MdNode[][] {
  const cells = [...row];
  if (cells.length > 1 && cellText(cells[0] ?? []).trim() === '') cells.shift();
  if (cells.length > 1 && cellText(cells[cells.length - 1] ?? []).trim() === '') cells.pop();
  return cells.map((cell) => {
    const nodes = cell.map((n) => ({ ...n }));
    const first = nodes[0];
    const last = nodes[nodes.length - 1];
    if (first?.type === 'text') first.value = first.value?.trimStart();
    if (last?.type === 'text') last.value = last.value?.trimEnd();
    return nodes.filter((n) => n.type !== 'text' || n.value);
  });
}

function toTable(paragraph: MdNode): MdNode | null {
  const rows = splitRows(paragraph.children ?? []).map(tidyRow);
  const [header, delimiter, ...body] = rows;
  if (!header || !delimiter || header.length < 2 || delimiter.length !== header.length) return null;
  if (!delimiter.every((cell) => DELIMITER_CELL.test(cellText(cell)))) return null;
  const align = delimiter.map((cell) => {
    const t = cellText(cell).trim();
    if (t.startsWith(':') && t.endsWith(':')) return 'center';
    if (t.endsWith(':')) return 'right';
    return t.startsWith(':') ? 'left' : null;
  });
  const toRow = (cells: MdNode[][]): MdNode => ({
    type: 'tableRow',
    children: header.map((_, i) => ({ type: 'tableCell', children: cells[i] ?? [] })),
  });
  return { type: 'table', align, children: [toRow(header), ...body.map(toRow)] };
}

function replaceTables(node: MdNode): void {
  if (!node.children) return;
  node.children = node.children.map((child) => {
    if (child.type === 'paragraph') return toTable(child) ?? child;
    replaceTables(child);
    return child;
  });
}

const remarkPipeTables = () => (tree: MdNode) => replaceTables(tree);
const remarkPlugins = [remarkPipeTables];

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
      <ReactMarkdown skipHtml urlTransform={urlTransform} components={components} remarkPlugins={remarkPlugins}>
        {children}
      </ReactMarkdown>
    </Box>
  );
}
