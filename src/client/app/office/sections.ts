import type { ComponentType } from 'react';
import AssistantSection from './AssistantSection.tsx';
import { lazyMui } from '../../lib/lazy-mui.tsx';
import type { CurrentUser } from '../../state/user-store.ts';
import { ROLE, type RolePredicate } from './roles.ts';
import type { SectionProps } from '../../lib/section.ts';

export type { SectionProps };

export interface SectionDefinition {
  component: ComponentType<SectionProps>;
  /** Who may open the section; others see the default section instead. */
  allowed: RolePredicate;
}

/** The section shown at / and for unknown or forbidden component names. */
export const DEFAULT_SECTION = 'Assistant';

/**
 * The library (Assistant) is what most visits open: part of the office page's chunk, with static
 * styles, so it renders in the same pass as the shell. Every other section is built with MUI and
 * loads with the theme when opened (lazyMui, docs/decisions/026).
 *
 * Office sections by component name, the first path segment (/Support, /Offer …; docs/product/library-and-wizard.md).
 * Adding a section: one line here, plus an entry in nav-entries.ts if it has a menu entry.
 */
export const SECTIONS: Record<string, SectionDefinition> = {
  Assistant: { component: AssistantSection, allowed: ROLE.everyone },
  Support: { component: lazyMui(() => import('../../features/support/SupportSection.tsx')), allowed: ROLE.everyone },
  Dataprotection: { component: lazyMui(() => import('../../features/dataprotection/DataprotectionSection.tsx')), allowed: ROLE.admin },
  // Everyone opens their own profile here; the list and other users are for admins (UserSection).
  User: { component: lazyMui(() => import('../../features/users/UserSection.tsx')), allowed: ROLE.everyone },
  Insight: { component: lazyMui(() => import('../../features/insight/InsightSection.tsx')), allowed: ROLE.superadmin },
  Api: { component: lazyMui(() => import('../../features/api-keys/ApiSection.tsx')), allowed: ROLE.admin },
  // Commerce (issue 14): the offer and the shop for the owner, usage for admins; Billing has no
  // menu entry (the target of paymentMethodLink / customerPortalLink with the provider "Rechnung").
  Offer: { component: lazyMui(() => import('../../features/offer/OfferSection.tsx')), allowed: ROLE.owner },
  Shop: { component: lazyMui(() => import('../../features/shop/ShopSection.tsx')), allowed: ROLE.owner },
  Usage: { component: lazyMui(() => import('./UsageWithInsights.tsx')), allowed: ROLE.admin },
  // Live hand-off (docs/product/live-handoff.md): the server lists only the Mikas the member may use.
  Live: { component: lazyMui(() => import('../../features/handoff/LiveSection.tsx')), allowed: ROLE.live },
  Billing: { component: lazyMui(() => import('../../features/billing/BillingSection.tsx')), allowed: ROLE.owner },
};

export function sectionPath(name: string): string {
  return name === DEFAULT_SECTION ? '/' : `/${name}`;
}

/** The section to show for a path segment: exact name, else case-insensitive, else the default. */
export function resolveSection(component: string | undefined, user: CurrentUser): string {
  if (!component) return DEFAULT_SECTION;
  const name =
    component in SECTIONS
      ? component
      : Object.keys(SECTIONS).find((key) => key.toLowerCase() === component.toLowerCase());
  const definition = name ? SECTIONS[name] : undefined;
  return name && definition?.allowed(user) ? name : DEFAULT_SECTION;
}
