import Box from '@mui/material/Box';
import type { AssistantDetail } from '../../../../shared/schemas/assistants.ts';
import { FilterCard } from './FilterCard.tsx';
import { LogoCard } from './LogoCard.tsx';
import { PropertiesForm } from './PropertiesForm.tsx';

/** Eigenschaften: the property form, with logo and data-protection filter beside it. */
export function PropertiesTab({ assistant }: { assistant: AssistantDetail }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        alignItems: 'start',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1.7fr) minmax(300px, 1fr)' },
      }}
    >
      <PropertiesForm assistant={assistant} />
      <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
        <LogoCard assistant={assistant} />
        <FilterCard assistantUuid={assistant.uuid} />
      </Box>
    </Box>
  );
}
