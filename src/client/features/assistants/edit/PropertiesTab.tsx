import { useRef, useState } from 'react';
import type { AssistantDetail } from '../../../../shared/schemas/assistants.ts';
import { FilterCard, type FilterHandle } from './FilterCard.tsx';
import { LogoCard } from './LogoCard.tsx';
import { PropertiesForm } from './PropertiesForm.tsx';

/** Eigenschaften: the property form, with logo and data-protection filter beside it; one "Speichern". */
export function PropertiesTab({ assistant }: { assistant: AssistantDetail }) {
  const filter = useRef<FilterHandle | null>(null);
  const [filterDirty, setFilterDirty] = useState(false);
  return (
    <PropertiesForm
      assistant={assistant}
      filter={{ dirty: filterDirty, handle: filter }}
      aside={
        <>
          <LogoCard assistant={assistant} />
          <FilterCard assistantUuid={assistant.uuid} handle={filter} onDirtyChange={setFilterDirty} />
        </>
      }
    />
  );
}
