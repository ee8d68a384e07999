import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMON_MESSAGES } from '../../shared/messages.ts';
import { useLoaderStore } from '../state/loader-store.ts';
import { useSnackbarStore } from '../state/snackbar-store.ts';
import { ApiError, FeedbackRedirectError, UnauthenticatedError, api, errorText } from './api-client.ts';
import { formatCountdown } from './texts.ts';

// The client runs in the browser; here window, document and fetch are stand-ins.
const location = { pathname: '/', reload: vi.fn(), assign: vi.fn() };
const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body: unknown, contentType = 'application/json; charset=utf-8') {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(status === 204 ? null : text, { status, headers: { 'content-type': contentType } });
}

beforeEach(() => {
  location.pathname = '/';
  location.reload.mockReset();
  location.assign.mockReset();
  fetchMock.mockReset();
  vi.stubGlobal('window', { location });
  vi.stubGlobal('document', { cookie: 'other=1; XSRF-TOKEN=token%2Dvalue' });
  vi.stubGlobal('fetch', fetchMock);
  useSnackbarStore.setState({ status: false, text: '', timeout: 2000 });
  useLoaderStore.setState({ status: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('errorText (docs/product/README.md: order)', () => {
  it('takes the error field first', () => {
    expect(errorText({ message: 'x', error: 'Fehler A' })).toBe('Fehler A');
  });
  it('else the first value of the first key, the first element of an array', () => {
    expect(errorText({ email: ['Erste', 'Zweite'], name: ['x'] })).toBe('Erste');
    expect(errorText({ message: 'Nachricht' })).toBe('Nachricht');
  });
  it('else the body when it is a string, else the unknown-error text', () => {
    expect(errorText('Klartext')).toBe('Klartext');
    expect(errorText(undefined)).toBe(COMMON_MESSAGES.unknownError);
    expect(errorText({})).toBe(COMMON_MESSAGES.unknownError);
    expect(errorText('')).toBe(COMMON_MESSAGES.unknownError);
  });
});

describe('requests', () => {
  it('sends credentials, X-Requested-With, the CSRF header and JSON', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { status: 'success' }));
    await expect(api.post('/api/login', { email: 'a@b.de' })).resolves.toEqual({ status: 'success' });
    const [url, init] = fetchMock.mock.calls[0]!;
    const headers = init?.headers as Record<string, string>;
    expect(url).toBe('/api/login');
    expect(init?.credentials).toBe('same-origin');
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(headers['X-XSRF-TOKEN']).toBe('token-value');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init?.body).toBe('{"email":"a@b.de"}');
  });

  it('returns plain text answers as strings (reset: noemail)', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, 'noemail', 'text/plain; charset=utf-8'));
    await expect(api.post('/api/reset', { email: 'x@y.de' })).resolves.toBe('noemail');
  });

  it('sends no content type without a body', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { status: 'success' }));
    await api.post('/api/logout');
    const headers = fetchMock.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
  });
});

describe('global response handling', () => {
  it('reloads on "Unauthenticated." in the office', async () => {
    location.pathname = '/Support';
    fetchMock.mockResolvedValueOnce(answer(401, { message: 'Unauthenticated.' }));
    await expect(api.get('/api/shop')).rejects.toBeInstanceOf(UnauthenticatedError);
    expect(location.reload).toHaveBeenCalledTimes(1);
    expect(useSnackbarStore.getState().status).toBe(false);
  });

  it('never reloads on the public pages or when the caller redirects itself', async () => {
    location.pathname = '/login';
    fetchMock.mockResolvedValueOnce(answer(401, { message: 'Unauthenticated.' }));
    await expect(api.get('/api/user/data')).rejects.toBeInstanceOf(UnauthenticatedError);
    location.pathname = '/';
    fetchMock.mockResolvedValueOnce(answer(401, { message: 'Unauthenticated.' }));
    await expect(api.get('/api/user/data', { onUnauthenticated: 'throw' })).rejects.toBeInstanceOf(
      UnauthenticatedError,
    );
    expect(location.reload).not.toHaveBeenCalled();
  });

  it('takes an answer early.ts already asked for once, and handles it as its own (401 included)', async () => {
    const early = new Map([
      ['/api/user/data', { at: performance.now(), response: Promise.resolve(answer(401, { message: 'Unauthenticated.' })) }],
      ['/api/assistants/', { at: performance.now() - 60_000, response: Promise.resolve(answer(200, { assistants: [1] })) }],
    ]);
    vi.stubGlobal('window', { location, __mikaEarly: early });
    await expect(api.get('/api/user/data', { onUnauthenticated: 'throw' })).rejects.toBeInstanceOf(
      UnauthenticatedError,
    );
    expect(fetchMock).not.toHaveBeenCalled();
    // taken once: the next call asks the server
    fetchMock.mockResolvedValueOnce(answer(200, { id: 1 }));
    await expect(api.get('/api/user/data')).resolves.toEqual({ id: 1 });
    // too old: not used
    fetchMock.mockResolvedValueOnce(answer(200, { assistants: [2] }));
    await expect(api.get('/api/assistants/')).resolves.toEqual({ assistants: [2] });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(location.reload).not.toHaveBeenCalled();
  });

  it('goes to /feedback on 403 with a feedback action', async () => {
    const feedback = {
      status: 'error',
      title: 'Gesperrt',
      message: 'Bitte wenden',
      btnUrl: '/Offer',
      btnText: 'Zum Angebot',
    };
    fetchMock.mockResolvedValueOnce(answer(403, { error: 'Gesperrt', feedback }));
    await expect(api.get('/api/assistants')).rejects.toBeInstanceOf(FeedbackRedirectError);
    const target = new URL(location.assign.mock.calls[0]![0] as string, 'http://x');
    expect(target.pathname).toBe('/feedback');
    expect(Object.fromEntries(target.searchParams)).toEqual(feedback);
  });

  it('shows other errors in a red snackbar and switches the loader off', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(422, { error: 'Eingaben sind nicht valide', fields: { name: ['x'] } }),
    );
    const error = await api.post('/api/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fields).toEqual({ name: ['x'] });
    expect(useSnackbarStore.getState()).toMatchObject({
      status: true,
      color: 'error',
      text: 'Eingaben sind nicht valide',
    });
    expect(useLoaderStore.getState().status).toBe(false);
  });

  it('lets callers opt out of the snackbar', async () => {
    fetchMock.mockResolvedValueOnce(answer(422, { error: 'Feldfehler' }));
    await expect(api.post('/api/x', {}, { snackbar: false })).rejects.toBeInstanceOf(ApiError);
    expect(useSnackbarStore.getState().status).toBe(false);
    expect(useLoaderStore.getState().status).toBe(false);
  });

  it('reports an unreachable server with the unknown-error text', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(useSnackbarStore.getState().text).toBe(COMMON_MESSAGES.unknownError);
  });
});

describe('snackbar timeout', () => {
  it('keeps the last timeout unless a new one is given', () => {
    const { show } = useSnackbarStore.getState();
    show('success', 'A');
    expect(useSnackbarStore.getState().timeout).toBe(2000);
    show('error', 'B', 5000);
    expect(useSnackbarStore.getState().timeout).toBe(5000);
    show('info', 'C');
    expect(useSnackbarStore.getState().timeout).toBe(5000);
  });
});

describe('formatCountdown', () => {
  it('shows days, hours, minutes and seconds', () => {
    expect(formatCountdown(14 * 86_400 - 2)).toBe('13 Tage 23 Std. 59 Min. 58 Sek.');
    expect(formatCountdown(86_400 + 3_661)).toBe('1 Tag 1 Std. 1 Min. 1 Sek.');
    expect(formatCountdown(-5)).toBe('0 Tage 0 Std. 0 Min. 0 Sek.');
  });
});
