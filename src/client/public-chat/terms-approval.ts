import { useState } from 'react';
import { siteStorage } from '../lib/site-storage.ts';

/**
 * docs/product/public-chat-and-embed.md browser storage: the visitor's terms approval, so the overlay shows only once
 * (local storage, or a partitioned cookie where the embed on a customer's website gets none; when
 * both are refused, approved for this visit only).
 */
export const TERMS_STORAGE_KEY = 'mikaTermsApproved';

export function useTermsApproval() {
  const [approved, setApproved] = useState(() => siteStorage.getItem(TERMS_STORAGE_KEY) === 'true');
  const approve = () => {
    siteStorage.setItem(TERMS_STORAGE_KEY, 'true');
    setApproved(true);
  };
  return { approved, approve };
}
