import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';

// Outbound calls to addresses that users or support configured (MCP servers, websites): docs/tools.md#externe-tools-mcp, docs/security.md#website-crawler.
// https only; loopback, private, link-local, carrier-grade NAT, documentation, multicast and
// reserved ranges refused — checked on the address the connection really uses (DNS is resolved
// once and the socket is pinned to the checked address, so a rebinding DNS answer cannot switch
// to an internal address). Redirects are refused, so a public server cannot bounce us inward.
// OUTBOUND_ALLOW_PRIVATE=true (development and tests only) lifts the https and range rules.
// OUTBOUND_ALLOW (hosts and CIDRs, empty by default) is the operator's explicit exception for an
// intranet site: an allowed host, or an address inside an allowed range, may be private and plain
// http. The website crawler follows up to 5 redirects, every hop checked again (decision 041).

export type OutboundRefusal = 'protocol' | 'private' | 'url' | 'redirect';

export class OutboundRefused extends Error {
  readonly reason: OutboundRefusal;
  constructor(reason: OutboundRefusal, message: string) {
    super(message);
    this.name = 'OutboundRefused';
    this.reason = reason;
  }
}

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** True for an address no configured outbound call may reach (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const lower = address.toLowerCase();
    const mapped = /^::ffff:(?:0:)?(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
    if (mapped) return blocked.check(mapped[1]!, 'ipv4');
    const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
    if (hexMapped) {
      const hi = parseInt(hexMapped[1]!, 16);
      const lo = parseInt(hexMapped[2]!, 16);
      return blocked.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, 'ipv4');
    }
    return blocked.check(address, 'ipv6');
  }
  return true;
}

/** The operator's exceptions (OUTBOUND_ALLOW): host names (exact, lower case) and address ranges. */
export interface OutboundAllowList {
  hosts: string[];
  cidrs: { address: string; prefix: number; family: 'ipv4' | 'ipv6' }[];
}

export interface OutboundPolicy {
  allowPrivate: boolean;
  allow?: OutboundAllowList;
}

/** Parses OUTBOUND_ALLOW ("intranet.example.de, 10.0.0.0/8, 192.168.1.20"); throws on a malformed entry. */
export function parseOutboundAllow(raw: string): OutboundAllowList {
  const list: OutboundAllowList = { hosts: [], cidrs: [] };
  for (const entry of raw.split(/[\s,]+/).map((e) => e.trim().toLowerCase()).filter(Boolean)) {
    const [address, prefixText] = entry.split('/') as [string, string | undefined];
    const family = isIP(address);
    if (family) {
      const max = family === 4 ? 32 : 128;
      const prefix = prefixText === undefined ? max : Number(prefixText);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) throw new Error(`OUTBOUND_ALLOW: ${entry} is not a valid range`);
      list.cidrs.push({ address, prefix, family: family === 4 ? 'ipv4' : 'ipv6' });
    } else if (prefixText === undefined && /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(entry)) {
      list.hosts.push(entry);
    } else {
      throw new Error(`OUTBOUND_ALLOW: ${entry} is neither a host name nor an address range`);
    }
  }
  return list;
}

function allowedBlocks(allow: OutboundAllowList | undefined): BlockList | null {
  if (!allow || allow.cidrs.length === 0) return null;
  const list = new BlockList();
  for (const c of allow.cidrs) list.addSubnet(c.address, c.prefix, c.family);
  return list;
}

const allowCache = new WeakMap<OutboundAllowList, BlockList | null>();
function inAllowedRange(address: string, allow: OutboundAllowList | undefined): boolean {
  if (!allow) return false;
  let blocks = allowCache.get(allow);
  if (blocks === undefined) allowCache.set(allow, (blocks = allowedBlocks(allow)));
  const family = isIP(address);
  return blocks !== null && family !== 0 && blocks.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

/** Whether the operator allowed this URL's host by name or its literal address by range. */
export function isAllowedHost(url: URL, allow: OutboundAllowList | undefined): boolean {
  const host = bareHost(url);
  return Boolean(allow && (allow.hosts.includes(host) || inAllowedRange(host, allow)));
}

const MESSAGES = {
  url: 'Bitte gib eine gültige URL an (https://…).',
  protocol: 'Externe Tools müssen über https erreichbar sein.',
  private: 'Adressen im internen Netz (localhost, private Bereiche) sind für externe Tools nicht erlaubt.',
  redirect:
    'Der Server des externen Tools leitet weiter; Weiterleitungen werden aus Sicherheitsgründen nicht verfolgt.',
} as const;

const refuse = (reason: keyof typeof MESSAGES) => new OutboundRefused(reason, MESSAGES[reason]);

/** Checks what can be checked without DNS: scheme, credentials, literal addresses and local names. */
export function checkOutboundUrl(raw: string, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('url');
  }
  if (url.username || url.password) throw refuse('url');
  const exempt = policy.allowPrivate || isAllowedHost(url, policy.allow);
  if (url.protocol !== 'https:' && !(exempt && url.protocol === 'http:')) throw refuse('protocol');
  if (exempt) return url;
  const host = bareHost(url);
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host.endsWith('.internal')
  ) {
    throw refuse('private');
  }
  if (isIP(host) && isPrivateAddress(host)) throw refuse('private');
  return url;
}

/**
 * DNS lookup that refuses when any address of the name is private (no rebinding between check and
 * connect) — unless the name itself or the address's range is on the operator's allow list.
 */
const guardedLookup = (allow: OutboundAllowList | undefined): LookupFunction => (hostname, options, callback) => {
  dnsLookup(hostname, { all: true, family: options.family })
    .then((addresses) => {
      const hostAllowed = allow?.hosts.includes(hostname.toLowerCase()) ?? false;
      const refused = (a: string) => isPrivateAddress(a) && !hostAllowed && !inAllowedRange(a, allow);
      if (addresses.length === 0 || addresses.some((a) => refused(a.address))) {
        callback(refuse('private'), '', 4);
        return;
      }
      if (options.all) {
        (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
      } else {
        callback(null, addresses[0]!.address, addresses[0]!.family);
      }
    })
    .catch((error: NodeJS.ErrnoException) => callback(error, '', 4));
};

export interface OutboundFetchOptions extends OutboundPolicy {
  timeoutMs: number;
}

function outboundAgent(policy: OutboundFetchOptions): Agent {
  return new Agent({
    connect: policy.allowPrivate
      ? { timeout: policy.timeoutMs }
      : { timeout: policy.timeoutMs, lookup: guardedLookup(policy.allow) },
    headersTimeout: policy.timeoutMs,
  });
}

const targetOf = (input: string | URL | Request) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/**
 * A fetch for calls to configured servers: URL checked, connections only to public addresses,
 * no redirects followed, every request bounded by `timeoutMs`.
 */
export function createOutboundFetch(policy: OutboundFetchOptions): typeof globalThis.fetch {
  const dispatcher = outboundAgent(policy);
  const outboundFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const target = targetOf(input);
    checkOutboundUrl(target, policy);
    const response = await undiciFetch(target, {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher,
      redirect: 'manual',
    });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      throw refuse('redirect');
    }
    return response as unknown as Response;
  };
  return outboundFetch;
}

/** A response reached by following redirects, with the URL it finally came from. */
export interface FollowedResponse {
  response: Response;
  url: string;
  redirects: number;
}

/**
 * A GET for the website crawler: like createOutboundFetch, but follows up to `maxRedirects`
 * redirects itself, checking every hop's URL and address again (a public page cannot bounce the
 * crawler into the internal network). More hops than that are refused ('redirect').
 */
export function createFollowingFetch(
  policy: OutboundFetchOptions & { maxRedirects: number },
): (url: string, init?: RequestInit) => Promise<FollowedResponse> {
  const dispatcher = outboundAgent(policy);
  return async (url, init) => {
    let target = url;
    for (let hop = 0; ; hop++) {
      checkOutboundUrl(target, policy);
      const response = await undiciFetch(target, {
        ...(init as Parameters<typeof undiciFetch>[1]),
        dispatcher,
        redirect: 'manual',
      });
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) {
        return { response: response as unknown as Response, url: target, redirects: hop };
      }
      await response.body?.cancel();
      if (hop >= policy.maxRedirects) throw refuse('redirect');
      try {
        target = new URL(location, target).href;
      } catch {
        throw refuse('url');
      }
    }
  };
}
