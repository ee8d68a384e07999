import { useMemo } from 'react';
import { useAssistants, useShop } from '../../lib/assistants/index.ts';
import { limitState } from './assistant-rules.ts';

/** The assistants, the plan's limit and whether it is reached or exceeded. */
export function useLibraryState() {
  const assistants = useAssistants();
  const shop = useShop();
  const limit = useMemo(() => limitState(assistants.data ?? [], shop.data), [assistants.data, shop.data]);
  return { assistants, shop, limit };
}
