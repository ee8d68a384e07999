import { useState } from 'react';

/** docs/product/public-chat-and-embed.md browser storage: the visitor's terms approval, so the overlay shows only once. */
export const TERMS_STORAGE_KEY = 'mikaTermsApproved';

function readApproval(): boolean {
  try {
    return window.localStorage.getItem(TERMS_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function useTermsApproval() {
  const [approved, setApproved] = useState(readApproval);
  const approve = () => {
    try {
      window.localStorage.setItem(TERMS_STORAGE_KEY, 'true');
    } catch {
      // Storage blocked (private mode, third-party iframe): approved for this visit only.
    }
    setApproved(true);
  };
  return { approved, approve };
}
