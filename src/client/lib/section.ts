import type { CurrentUser } from '../state/user-store.ts';

/** What the office shell (app/office) hands every section it shows. */
export interface SectionProps {
  user: CurrentUser;
}
