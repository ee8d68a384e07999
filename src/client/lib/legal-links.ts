import { T } from './texts.ts';

/** The legal pages in the footers, each opened in a new tab (spec 01 §2). */
export const LEGAL_LINKS = [
  { href: '/agb', label: T.footerAgb },
  { href: '/datenschutz', label: T.footerPrivacy },
  { href: '/avv', label: T.footerAvv },
  { href: '/sla', label: T.footerSla },
] as const;
