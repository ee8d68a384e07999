import { CONVERSATION_MESSAGES } from '../../../shared/messages.ts';

export type DocumentKind = 'pdf' | 'office' | 'image' | 'other';

/** docs/product/chat-and-voice.md: pdf opens in the browser; pdf, pptx, docx, xlsx download; jpg, jpeg, png are shown. */
export function documentKind(file: string): DocumentKind {
  const ext = file.split('.').pop()?.toLowerCase() ?? '';
  if (ext === 'pdf') return 'pdf';
  if (ext === 'pptx' || ext === 'docx' || ext === 'xlsx') return 'office';
  if (ext === 'jpg' || ext === 'jpeg' || ext === 'png') return 'image';
  return 'other';
}

export type Availability = 'ok' | 'missing' | 'error';

/** HEAD first (docs/product/chat-and-voice.md): does the document exist? */
export async function checkDocument(url: string): Promise<Availability> {
  try {
    const response = await fetch(url, {
      method: 'HEAD',
      credentials: 'same-origin',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    return response.ok ? 'ok' : 'missing';
  } catch {
    return 'error';
  }
}

export function availabilityError(state: Exclude<Availability, 'ok'>): string {
  return state === 'missing' ? CONVERSATION_MESSAGES.documentUnavailable : CONVERSATION_MESSAGES.documentCheckFailed;
}

/** Loads the document and saves it under its name; throws when it cannot be loaded. */
export async function downloadDocument(url: string, fileName: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(CONVERSATION_MESSAGES.documentLoadFailed);
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 30_000);
}
