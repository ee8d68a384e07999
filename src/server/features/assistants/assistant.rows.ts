import type { RowOwner } from '../../platform/row-owners.ts';

/**
 * The default Mikas a team hid (team_hidden_assistants) are linked to the team only and name no
 * person or conversation: erasing a thread or a person leaves them, and they go with the team row
 * when the team is purged (or with the Mika) by cascade.
 */
export const assistantRowOwner: RowOwner = {
  owner: 'assistants',
  tables: ['team_hidden_assistants'],
};
