import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Component } from 'react';
import { Component as PreactComponent } from 'preact';
import type { ChatMessage } from '../../../shared/schemas/chat.ts';
import { CHAT_TEXTS, type ChatAssistant } from '../../lib/chat/index.ts';
import { ChatHeader } from './ChatHeader.tsx';
import { ChatInput } from './ChatInput.tsx';
import { MessageList } from './MessageList.tsx';
import { resolveSurfaces } from './chat-surfaces.ts';

// The chat panel's parts as the office (React) and the public chat (Preact, through its
// compatibility layer) render them: vitest.config.ts runs this file in both projects. The office
// journeys and the public-chat journeys cover the whole panel against the server in Chromium;
// here each part's behaviour is pinned under both renderers, where a difference between them
// (events, refs, state updates) shows first.

afterEach(() => cleanup());

/** Under the Preact project `react` is preact/compat, whose Component is Preact's own. */
const renderer = (Component as unknown) === PreactComponent ? 'preact' : 'react';

const assistant: ChatAssistant = {
  uuid: '7d1f3a52-7d0f-4c8e-9c3b-1d2e3f4a5b6c',
  name: 'Mika Kundendienst',
  type: 'chat',
  image: null,
  intro: 'Hallo, ich bin **Mika Kundendienst**. Wie kann ich helfen?',
  can_talk: 0,
};
const surfaces = resolveSurfaces();
const thread = { id: 41, token: 'a'.repeat(32) };

const message = (over: Partial<ChatMessage> & Pick<ChatMessage, 'id' | 'origin' | 'text'>): ChatMessage => ({
  type: 'txt',
  audio: null,
  document: null,
  response_id: null,
  status: 'complete',
  created_at: '2026-11-27T08:00:00.000Z',
  ...over,
});

const list = (over: Partial<Parameters<typeof MessageList>[0]> = {}) => (
  <MessageList
    assistant={assistant}
    thread={thread}
    messages={[]}
    loading={false}
    failed={false}
    onRetry={() => undefined}
    status="done-ai"
    statusMsg=""
    streamingText=""
    notice={null}
    surfaces={surfaces}
    {...over}
  />
);

describe(`the chat panel's parts (${renderer})`, () => {
  it('renders with the renderer its project stands for', ({ task }) => {
    // The aliases took effect (or, in the React project, did not leak in).
    expect(renderer).toBe(task.file.projectName);
  });

  it('shows the intro, the conversation in order and its sources, labelled for screen readers', () => {
    render(
      list({
        messages: [
          message({ id: 1, origin: 'user', text: 'Wie lange dauert die Lieferung?' }),
          message({ id: 2, origin: 'ai', text: 'Die Lieferung dauert **drei Werktage**.', sources: [{ file: 'Lieferbedingungen.pdf', location: 'Seite 2' }] }),
        ],
      }),
    );
    const log = screen.getByRole('log', { name: 'Unterhaltung mit Mika Kundendienst' });
    const text = log.textContent ?? '';
    expect(text).toContain('Wie kann ich helfen?');
    expect(text.indexOf('Wie lange dauert die Lieferung?')).toBeLessThan(text.indexOf('Die Lieferung dauert'));
    // Markdown is rendered, not shown as asterisks.
    expect(within(log).getByText('drei Werktage').tagName).toBe('STRONG');
    expect(text).not.toContain('**');
    expect(text).toContain('Lieferbedingungen.pdf');
  });

  it('offers to continue an interrupted last answer, and only the last one', () => {
    const onContinue = vi.fn();
    render(
      list({
        messages: [
          message({ id: 1, origin: 'user', text: 'Erzähl mir alles.' }),
          message({ id: 2, origin: 'ai', text: 'Zuerst das Wichtigste', status: 'partial' }),
        ],
        onContinue,
      }),
    );
    expect(screen.getByText(CHAT_TEXTS.partial)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: CHAT_TEXTS.continueAnswer }));
    expect(onContinue).toHaveBeenCalledTimes(1);
  });

  it('shows a loading failure with a retry, and a notice as an alert', () => {
    const onRetry = vi.fn();
    render(list({ failed: true, onRetry, notice: 'Dein Guthaben ist aufgebraucht.' }));
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual(expect.arrayContaining([expect.stringContaining(CHAT_TEXTS.threadFailed), expect.stringContaining('Dein Guthaben ist aufgebraucht.')]));
    fireEvent.click(screen.getByRole('button', { name: CHAT_TEXTS.retry }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('says why the conversation could not start when the server said so', () => {
    const reason = 'Zu viele Nachrichten in kurzer Zeit. Bitte warte einen Moment und versuche es dann erneut.';
    render(list({ failed: true, failedReason: reason }));
    expect(screen.getByRole('alert').textContent).toBe(`${CHAT_TEXTS.threadFailed} ${reason}${CHAT_TEXTS.retry}`);
  });

  it('marks the log busy and shows the answer as it streams in', () => {
    render(list({ status: 'start-ai', streamingText: 'Die Antwort beginnt' }));
    const log = screen.getByRole('log');
    expect(log.getAttribute('aria-busy')).toBe('true');
    expect(log.textContent).toContain('Die Antwort beginnt');
  });

  it('sends with Enter, clears the field, keeps a new line on Shift+Enter, and gives a refused question back', async () => {
    const sent: string[] = [];
    let accept = true;
    const onSend = vi.fn(async (text: string) => {
      sent.push(text);
      return accept;
    });
    render(<ChatInput assistantName={assistant.name} ready onSend={onSend} surfaces={surfaces} />);
    const field = screen.getByRole<HTMLTextAreaElement>('textbox', { name: CHAT_TEXTS.inputLabel });
    expect(field.getAttribute('placeholder')).toBe(CHAT_TEXTS.inputPlaceholder(assistant.name));
    const send = screen.getByRole<HTMLButtonElement>('button', { name: CHAT_TEXTS.send });
    expect(send.disabled).toBe(true);

    fireEvent.change(field, { target: { value: 'Zeile eins' } });
    fireEvent.keyDown(field, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    expect(send.disabled).toBe(false);

    fireEvent.keyDown(field, { key: 'Enter' });
    expect(sent).toEqual(['Zeile eins']);
    await waitFor(() => expect(field.value).toBe(''));

    accept = false;
    fireEvent.change(field, { target: { value: 'Abgelehnte Frage' } });
    fireEvent.click(send);
    expect(sent).toEqual(['Zeile eins', 'Abgelehnte Frage']);
    await waitFor(() => expect(field.value).toBe('Abgelehnte Frage'));
  });

  it('does not send while an answer is under way, and sends a question typed while preparing once ready', async () => {
    const onSend = vi.fn(async () => true);
    const { rerender } = render(<ChatInput assistantName={assistant.name} ready={false} preparing onSend={onSend} surfaces={surfaces} />);
    const field = screen.getByRole('textbox', { name: CHAT_TEXTS.inputLabel });
    fireEvent.change(field, { target: { value: 'Gleich gefragt' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    rerender(<ChatInput assistantName={assistant.name} ready preparing={false} onSend={onSend} surfaces={surfaces} />);
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('Gleich gefragt'));
  });

  it('names the Mika in the header and restarts the conversation only when allowed', () => {
    const onReset = vi.fn();
    const { rerender } = render(<ChatHeader assistant={assistant} surfaces={surfaces} offline={false} onReset={onReset} resetDisabled />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Mika Kundendienst');
    const reset = () => screen.getByRole<HTMLButtonElement>('button', { name: CHAT_TEXTS.resetButton });
    expect(reset().disabled).toBe(true);
    rerender(<ChatHeader assistant={assistant} surfaces={surfaces} offline onReset={onReset} resetDisabled={false} />);
    expect(reset().disabled).toBe(false);
  });
});
