import type { FeedbackAction } from '../../shared/errors.ts';
import { COMMON_MESSAGES } from '../../shared/messages.ts';
import { showError } from '../state/snackbar-store.ts';
import { setLoader } from '../state/loader-store.ts';
import { isPublicPath } from './public-paths.ts';
import { takeEarlyResponse } from './early-requests.ts';

/**
 * The one way the client talks to the server: credentials, X-Requested-With and the CSRF header
 * on every call, JSON or text answers, and the global response handling of docs/product/README.md:
 *  - "Unauthenticated." reloads the page (never on the public pages, so no reload loop);
 *  - 403 with a feedback action goes to /feedback with its fields as query;
 *  - anything else shows a red snackbar and switches the loader off.
 * Every failure is also thrown as an ApiError so callers can react (e.g. map field errors).
 */

const CSRF_COOKIE = 'XSRF-TOKEN';
const CSRF_HEADER = 'X-XSRF-TOKEN';

export class ApiError extends Error {
  readonly status: number;
  /** The parsed response body (object or string), undefined when there was none. */
  readonly body: unknown;
  /** The German text the global handling shows (docs/product/README.md: order). */
  readonly userMessage: string;
  readonly fields: Record<string, string[]>;
  readonly feedback?: FeedbackAction;

  constructor(status: number, body: unknown) {
    const userMessage = errorText(body);
    super(userMessage);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.userMessage = userMessage;
    this.fields = readFields(body);
    this.feedback = readFeedback(body);
  }

  /** A 4xx: the server refused this request and said why; asking again unchanged gets the same. */
  get refused(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/** 401 "Unauthenticated.": the session is gone. */
export class UnauthenticatedError extends ApiError {
  constructor(status: number, body: unknown) {
    super(status, body);
    this.name = 'UnauthenticatedError';
  }
}

/** 403 with a feedback action: the page is on its way to /feedback. */
export class FeedbackRedirectError extends ApiError {
  constructor(status: number, body: unknown) {
    super(status, body);
    this.name = 'FeedbackRedirectError';
  }
}

/** The request never got an answer (offline, server down). */
export class NetworkError extends ApiError {
  constructor() {
    super(0, undefined);
    this.name = 'NetworkError';
  }
}

export interface RequestOptions {
  /** false: no global snackbar; the caller shows the error itself (e.g. on form fields). */
  snackbar?: boolean;
  /**
   * 'reload' (default, docs/product/README.md) reloads the page on "Unauthenticated."; 'throw' only throws,
   * for calls whose caller redirects itself (the office's user data → /login).
   */
  onUnauthenticated?: 'reload' | 'throw';
  /** How to read a successful answer; 'auto' follows the content type. */
  responseType?: 'auto' | 'json' | 'text' | 'blob';
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

type Body = unknown;

/** The text of an error answer, in the order of docs/product/README.md. */
export function errorText(body: unknown): string {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    if (typeof record.error === 'string' && record.error) return record.error;
    const firstKey = Object.keys(record)[0];
    if (firstKey !== undefined) {
      const first = record[firstKey];
      const value: unknown = Array.isArray(first) ? first[0] : first;
      if (typeof value === 'string' && value) return value;
    }
  }
  if (typeof body === 'string' && body.trim()) return body;
  return COMMON_MESSAGES.unknownError;
}

function readFields(body: unknown): Record<string, string[]> {
  if (!body || typeof body !== 'object') return {};
  const fields = (body as { fields?: unknown }).fields;
  if (!fields || typeof fields !== 'object') return {};
  const result: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(fields as Record<string, unknown>)) {
    const list = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
    if (list.length > 0) result[key] = list;
  }
  return result;
}

function readFeedback(body: unknown): FeedbackAction | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const feedback = (body as { feedback?: unknown }).feedback;
  if (!feedback || typeof feedback !== 'object') return undefined;
  const f = feedback as Record<string, unknown>;
  if (typeof f.title !== 'string' || typeof f.message !== 'string') return undefined;
  return {
    status: typeof f.status === 'string' ? f.status : 'error',
    title: f.title,
    message: f.message,
    ...(typeof f.btnUrl === 'string' ? { btnUrl: f.btnUrl } : {}),
    ...(typeof f.btnText === 'string' ? { btnText: f.btnText } : {}),
  };
}

/** /feedback?status=…&title=…&message=…[&btnUrl=…&btnText=…] */
export function feedbackUrl(feedback: FeedbackAction): string {
  const query = new URLSearchParams({
    status: feedback.status,
    title: feedback.title,
    message: feedback.message,
  });
  if (feedback.btnUrl) query.set('btnUrl', feedback.btnUrl);
  if (feedback.btnText) query.set('btnText', feedback.btnText);
  return `/feedback?${query.toString()}`;
}

export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return value.join('=');
    }
  }
  return undefined;
}

let csrfRequest: Promise<void> | undefined;

/** GET /sanctum/csrf-cookie: sets the readable XSRF-TOKEN cookie. Made at start and before sign-in calls. */
export function fetchCsrfCookie(): Promise<void> {
  csrfRequest ??= fetch('/sanctum/csrf-cookie', {
    credentials: 'same-origin',
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  })
    .then(() => undefined)
    .catch(() => undefined)
    .finally(() => {
      csrfRequest = undefined;
    });
  return csrfRequest;
}

async function readBody(response: Response, type: RequestOptions['responseType']): Promise<unknown> {
  if (response.status === 204) return undefined;
  if (type === 'blob') return response.blob();
  const text = await response.text();
  if (type === 'text') return text;
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  if (type === 'json' || isJson) {
    if (!text) return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function isUnauthenticated(body: unknown): boolean {
  return !!body && typeof body === 'object' && (body as { message?: unknown }).message === COMMON_MESSAGES.unauthenticated;
}

function handleFailure(status: number, body: unknown, options: RequestOptions): never {
  if (isUnauthenticated(body)) {
    const error = new UnauthenticatedError(status, body);
    // On the public pages there is no session to restore: reloading would only loop.
    if ((options.onUnauthenticated ?? 'reload') === 'reload' && !isPublicPath(window.location.pathname)) {
      window.location.reload();
    }
    throw error;
  }
  const error = new ApiError(status, body);
  if (status === 403 && error.feedback) {
    window.location.assign(feedbackUrl(error.feedback));
    throw new FeedbackRedirectError(status, body);
  }
  setLoader(false);
  if (options.snackbar !== false) showError(error.userMessage);
  throw error;
}

async function request<T>(method: string, url: string, body: Body, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json, text/plain, */*',
    'X-Requested-With': 'XMLHttpRequest',
    ...options.headers,
  };
  let payload: BodyInit | undefined;
  if (body instanceof FormData || body instanceof Blob) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  if (method !== 'GET' && method !== 'HEAD') {
    if (!readCookie(CSRF_COOKIE)) await fetchCsrfCookie();
    const token = readCookie(CSRF_COOKIE);
    if (token) headers[CSRF_HEADER] = token;
  }

  let response: Response;
  try {
    // The library's first GETs may already be on their way (early.ts): same request, taken once.
    const early = method === 'GET' && !options.headers ? takeEarlyResponse(url) : undefined;
    response = await (early ??
      fetch(url, {
        method,
        headers,
        body: payload,
        credentials: 'same-origin',
        signal: options.signal,
      }));
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    setLoader(false);
    const error = new NetworkError();
    if (options.snackbar !== false) showError(error.userMessage);
    throw error;
  }

  const data = await readBody(response, response.ok ? (options.responseType ?? 'auto') : 'auto');
  if (!response.ok) handleFailure(response.status, data, options);
  return data as T;
}

export const api = {
  get: <T>(url: string, options?: RequestOptions) => request<T>('GET', url, undefined, options),
  post: <T>(url: string, body?: Body, options?: RequestOptions) => request<T>('POST', url, body, options),
  put: <T>(url: string, body?: Body, options?: RequestOptions) => request<T>('PUT', url, body, options),
  patch: <T>(url: string, body?: Body, options?: RequestOptions) => request<T>('PATCH', url, body, options),
  del: <T>(url: string, body?: Body, options?: RequestOptions) => request<T>('DELETE', url, body, options),
  /** HEAD: resolves true when the resource exists (2xx), false otherwise; never shows a snackbar. */
  head: async (url: string, options?: Pick<RequestOptions, 'headers' | 'signal'>): Promise<boolean> => {
    try {
      const response = await fetch(url, {
        method: 'HEAD',
        credentials: 'same-origin',
        headers: { 'X-Requested-With': 'XMLHttpRequest', ...options?.headers },
        signal: options?.signal,
      });
      return response.ok;
    } catch {
      return false;
    }
  },
};
