import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyWithReload as lazy } from '../../lib/lazy-with-reload.ts';
import type { CurrentUser } from '../../state/user-store.ts';
import { ROLE, type RolePredicate } from './roles.ts';

export interface SectionProps {
  user: CurrentUser;
}

export interface SectionDefinition {
  component: LazyExoticComponent<ComponentType<SectionProps>>;
  /** Who may open the section; others see the default section instead. */
  allowed: RolePredicate;
}

/** The section shown at / and for unknown or forbidden component names. */
export const DEFAULT_SECTION = 'Assistant';

/**
 * Office sections by component name, the first path segment (/Support, /Offer …; spec 01 §2).
 * Adding a section: one line here, plus an entry in nav-entries.ts if it has a menu entry.
 */
export const SECTIONS: Record<string, SectionDefinition> = {
  Assistant: { component: lazy(() => import('../assistants/AssistantSection.tsx')), allowed: ROLE.everyone },
  Support: { component: lazy(() => import('../support/SupportSection.tsx')), allowed: ROLE.everyone },
  Dataprotection: { component: lazy(() => import('../dataprotection/DataprotectionSection.tsx')), allowed: ROLE.admin },
  // Everyone opens their own profile here; the list and other users are for admins (UserSection).
  User: { component: lazy(() => import('../users/UserSection.tsx')), allowed: ROLE.everyone },
  Insight: { component: lazy(() => import('../insight/InsightSection.tsx')), allowed: ROLE.superadmin },
  Api: { component: lazy(() => import('../api-keys/ApiSection.tsx')), allowed: ROLE.admin },
  // Commerce (issue 14): the offer and the shop for the owner, usage for admins; Billing has no
  // menu entry (the target of paymentMethodLink / customerPortalLink with the provider "Rechnung").
  Offer: { component: lazy(() => import('../offer/OfferSection.tsx')), allowed: ROLE.owner },
  Shop: { component: lazy(() => import('../shop/ShopSection.tsx')), allowed: ROLE.owner },
  Usage: { component: lazy(() => import('../usage/UsageSection.tsx')), allowed: ROLE.admin },
  Billing: { component: lazy(() => import('../billing/BillingSection.tsx')), allowed: ROLE.owner },
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
