import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RightsTab } from './RightsTab.tsx';

// A switch that saves at once (the rights here, the tools' and external tools' switches, publishing)
// shows the chosen state from the click on, not only once the optimistic update has reached the
// cache a tick later (lib/use-chosen.ts) — and the stored state again when the save is refused.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const member = { uuid: 'u-1', name: 'Ben Berger', email: 'ben@firma.de', is_admin: false, is_verified: true, is_superadmin: false, role: 'member' };
const assistants = [
  { id: 7, uuid: 'a-7', name: 'Mika Vertrieb', type: 'chat', image: null, is_default: 0, can_use: false, can_edit: false },
  { id: 8, uuid: 'a-8', name: 'Mika Einkauf', type: 'chat', image: null, is_default: 0, can_use: true, can_edit: false },
];

describe('a right switch while its save runs', () => {
  it('is on from the click on, and off again when the server refuses', async () => {
    // The permission's POST waits until the test answers it (the CSRF cookie is fetched first).
    let answer!: (response: Response) => void;
    const urlOf = (input: RequestInfo | URL) => (input instanceof Request ? input.url : input.toString());
    const fetch = vi.fn((input: RequestInfo | URL) =>
      urlOf(input).includes('/permissions') ? new Promise<Response>((resolve) => (answer = resolve)) : Promise.resolve(new Response(null, { status: 204 })),
    );
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <RightsTab member={member} assistants={assistants} />
      </QueryClientProvider>,
    );
    const use = screen.getByRole<HTMLInputElement>('switch', { name: 'Nutzung erlaubt für Mika Vertrieb' });
    expect(use.checked).toBe(false);
    fireEvent.click(use);
    // At once, before any answer and before the cache's optimistic update.
    expect(use.checked).toBe(true);
    await waitFor(() => expect(fetch.mock.calls.some(([input]) => urlOf(input).includes('/api/user/u-1/permissions'))).toBe(true));
    expect(use.checked).toBe(true);
    answer(new Response(JSON.stringify({ message: 'Keine Berechtigung' }), { status: 403, headers: { 'content-type': 'application/json' } }));
    await waitFor(() => expect(use.checked).toBe(false));
  });
});
