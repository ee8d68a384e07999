import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesomeOutlined';
import GroupIcon from '@mui/icons-material/GroupOutlined';
import ShieldIcon from '@mui/icons-material/ShieldOutlined';
import SupportAgentIcon from '@mui/icons-material/SupportAgentOutlined';
import { T } from '../../lib/texts.ts';
import { ROLE, type RolePredicate } from './roles.ts';

export interface NavEntry {
  /** The office section the entry opens (see sections.ts). */
  section: string;
  label: string;
  icon: ComponentType<SvgIconProps>;
  visible: RolePredicate;
}

/**
 * The side navigation, top to bottom (spec 01 §2). Add an entry when its section exists, e.g.
 * { section: 'Support', label: 'Support', icon: SupportAgentIcon, visible: ROLE.everyone },
 * { section: 'Dataprotection', label: 'Datenschutz', icon: ShieldIcon, visible: ROLE.admin },
 * { section: 'Offer', label: 'Tarif', icon: SellIcon, visible: ROLE.owner },
 * The profile header and Logout are part of the drawer itself.
 */
export const NAV_ENTRIES: NavEntry[] = [
  { section: 'Assistant', label: T.navLibrary, icon: AutoAwesomeIcon, visible: ROLE.everyone },
  { section: 'Support', label: 'Support', icon: SupportAgentIcon, visible: ROLE.everyone },
  { section: 'Dataprotection', label: 'Datenschutz', icon: ShieldIcon, visible: ROLE.admin },
  { section: 'User', label: 'Benutzer', icon: GroupIcon, visible: ROLE.admin },
];
