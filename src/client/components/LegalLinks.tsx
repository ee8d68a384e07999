import { Link } from './ui/Link.ts';
import { Box } from './ui/Box.ts';
import { LEGAL_LINKS as LINKS } from '../lib/legal-links.ts';

/** The legal pages, each opened in a new tab (docs/product/accounts.md). */
export function LegalLinks() {
  return (
    <Box
      component="nav"
      aria-label="Rechtliches"
      sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', columnGap: 2.5, rowGap: 0.5 }}
    >
      {LINKS.map((link) => (
        <Link
          key={link.href}
          href={link.href}
          target="_blank"
          rel="noopener"
          variant="body2"
          sx={{ color: 'text.secondary', fontWeight: 400 }}
        >
          {link.label}
        </Link>
      ))}
    </Box>
  );
}
