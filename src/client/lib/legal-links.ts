import { COMMON_TEXTS } from './texts.ts';

/** The legal pages in the footers, each opened in a new tab (docs/product/accounts.md). */
export const LEGAL_LINKS = [
  { href: '/agb', label: COMMON_TEXTS.footerAgb },
  { href: '/datenschutz', label: COMMON_TEXTS.footerPrivacy },
  { href: '/avv', label: COMMON_TEXTS.footerAvv },
  { href: '/sla', label: COMMON_TEXTS.footerSla },
] as const;
