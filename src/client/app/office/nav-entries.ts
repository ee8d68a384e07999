import { ApiIcon } from '../../components/ui/icons/ApiIcon.ts';
import { ChatIcon } from '../../components/ui/icons/ChatIcon.ts';
import { AutoAwesomeIcon } from '../../components/ui/icons/AutoAwesomeIcon.ts';
import { DataUsageIcon } from '../../components/ui/icons/DataUsageIcon.ts';
import { GroupIcon } from '../../components/ui/icons/GroupIcon.ts';
import { InsightsIcon } from '../../components/ui/icons/InsightsIcon.ts';
import { SellIcon } from '../../components/ui/icons/SellIcon.ts';
import { ShieldIcon } from '../../components/ui/icons/ShieldIcon.ts';
import { ShoppingBagIcon } from '../../components/ui/icons/ShoppingBagIcon.ts';
import { SupportAgentIcon } from '../../components/ui/icons/SupportAgentIcon.ts';
import type { IconComponent } from '../../components/ui/icons/icon.tsx';
import { COMMON_TEXTS } from '../../lib/texts.ts';
import { ROLE, type RolePredicate } from './roles.ts';

export interface NavEntry {
  /** The office section the entry opens (see sections.ts). */
  section: string;
  label: string;
  icon: IconComponent;
  visible: RolePredicate;
}

/**
 * The side navigation, top to bottom (docs/product/library-and-wizard.md). Add an entry when its section exists, e.g.
 * { section: 'Support', label: 'Support', icon: SupportAgentIcon, visible: ROLE.everyone },
 * { section: 'Dataprotection', label: 'Datenschutz', icon: ShieldIcon, visible: ROLE.admin },
 * { section: 'Offer', label: 'Tarif', icon: SellIcon, visible: ROLE.owner },
 * The profile header and Logout are part of the drawer itself.
 */
export const NAV_ENTRIES: NavEntry[] = [
  { section: 'Assistant', label: COMMON_TEXTS.navLibrary, icon: AutoAwesomeIcon, visible: ROLE.everyone },
  { section: 'Live', label: 'Live', icon: ChatIcon, visible: ROLE.live },
  { section: 'Support', label: 'Support', icon: SupportAgentIcon, visible: ROLE.everyone },
  // docs/product/library-and-wizard.md: Insight right after Support (the operator's own entry), then the team's.
  { section: 'Insight', label: 'Insight', icon: InsightsIcon, visible: ROLE.superadmin },
  { section: 'Dataprotection', label: 'Datenschutz', icon: ShieldIcon, visible: ROLE.admin },
  { section: 'User', label: 'Benutzer', icon: GroupIcon, visible: ROLE.admin },
  // docs/product/library-and-wizard.md: Tarif (owner), then Nutzung (admins); the Shop sits beside the offer.
  { section: 'Offer', label: 'Tarif', icon: SellIcon, visible: ROLE.owner },
  { section: 'Shop', label: 'Shop', icon: ShoppingBagIcon, visible: ROLE.owner },
  { section: 'Usage', label: 'Nutzung', icon: DataUsageIcon, visible: ROLE.admin },
  { section: 'Api', label: 'API', icon: ApiIcon, visible: ROLE.admin },
];
