import { expect } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { COMMERCE_MESSAGES } from '../../src/shared/messages.ts';
import type { Agent } from './agent.ts';

/** The text of every page and the embedded files of a PDF (read back as a viewer would). */
export async function pdfText(data: Uint8Array) {
  const doc = await getDocument({ data, useSystemFonts: false }).promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    text += content.items.map((it) => ('str' in it ? it.str : '')).join(' ') + '\n';
  }
  const found = await doc.getAttachments();
  const attachments: { filename: string; content: Uint8Array }[] = [];
  for (const [id, a] of found ?? new Map()) attachments.push({ filename: a.filename, content: a.content ?? (await doc.getAttachmentContent(id))! });
  return { text, attachments };
}

/** The invoice file is rendered by a job right after the booking: poll until it is there. */
export async function waitForPdf(agent: Agent, url: string, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await agent.get(url);
    if (res.status === 200) return res;
    expect(res.status, res.body).toBe(409);
    expect(res.json().error).toBe(COMMERCE_MESSAGES.invoicePending);
    if (Date.now() > deadline) throw new Error('the invoice file was not rendered');
    await new Promise((r) => setTimeout(r, 100));
  }
}

