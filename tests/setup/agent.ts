import type { FastifyInstance, InjectOptions } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';

export interface AgentResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  /** The body's bytes (audio, files). */
  raw: Buffer;
  json<T = any>(): T;
}

/**
 * A browser-like client over app.inject: keeps cookies, fetches the CSRF cookie and echoes it in
 * X-XSRF-TOKEN as the real client does. Pass { csrf: false } to test what happens without it.
 */
export class Agent {
  readonly cookies = new Map<string, string>();
  private readonly app: FastifyInstance;
  private readonly ip: string;

  constructor(app: FastifyInstance, ip = '127.0.0.1') {
    this.app = app;
    this.ip = ip;
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private store(setCookie: string | string[] | number | undefined) {
    storeSetCookies(this.cookies, Array.isArray(setCookie) ? setCookie : setCookie ? [String(setCookie)] : []);
  }

  async csrf(): Promise<string> {
    if (!this.cookies.has('XSRF-TOKEN')) await this.request('GET', '/sanctum/csrf-cookie');
    return this.cookies.get('XSRF-TOKEN')!;
  }

  async request(
    method: Method,
    url: string,
    body?: unknown,
    opts: { csrf?: boolean; headers?: Record<string, string> } = {},
  ): Promise<AgentResponse> {
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', ...opts.headers };
    if (method !== 'GET' && method !== 'HEAD' && opts.csrf !== false)
      headers['x-xsrf-token'] = await this.csrf();
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    const options: InjectOptions = { method, url, headers, remoteAddress: this.ip };
    if (body !== undefined) options.payload = body as InjectOptions['payload'];
    const res = await this.app.inject(options);
    this.store(res.headers['set-cookie']);
    return {
      status: res.statusCode,
      headers: res.headers,
      body: res.body,
      raw: res.rawPayload,
      json: () => JSON.parse(res.body),
    };
  }

  get = (url: string, opts?: { headers?: Record<string, string> }) =>
    this.request('GET', url, undefined, opts);
  post = (url: string, body?: unknown, opts?: { csrf?: boolean }) =>
    this.request('POST', url, body ?? {}, opts);
  put = (url: string, body?: unknown, opts?: { csrf?: boolean }) =>
    this.request('PUT', url, body ?? {}, opts);
  delete = (url: string, body?: unknown, opts?: { csrf?: boolean }) =>
    this.request('DELETE', url, body, opts);
}

/** Applies Set-Cookie headers to a browser-like cookie jar: set, replace, or drop an expired one. */
export function storeSetCookies(cookies: Map<string, string>, setCookies: readonly string[]): void {
  for (const c of setCookies) {
    const [pair, ...attrs] = c.split(';');
    const [name, ...rest] = pair!.split('=');
    const value = rest.join('=');
    const expired = attrs.some((a) => /max-age=0/i.test(a) || /expires=thu, 01 jan 1970/i.test(a.trim()));
    if (!value || expired) cookies.delete(name!.trim());
    else cookies.set(name!.trim(), value);
  }
}
