import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';

// Outbound calls to addresses that users or support configured (MCP servers): ARCHITECTURE §5.
// https only; loopback, private, link-local, carrier-grade NAT, documentation, multicast and
// reserved ranges refused — checked on the address the connection really uses (DNS is resolved
// once and the socket is pinned to the checked address, so a rebinding DNS answer cannot switch
// to an internal address). Redirects are refused, so a public server cannot bounce us inward.
// OUTBOUND_ALLOW_PRIVATE=true (development and tests only) lifts the https and range rules.

export class OutboundRefused extends Error {
  readonly reason: 'protocol' | 'private' | 'url' | 'redirect';
  constructor(reason: 'protocol' | 'private' | 'url' | 'redirect', message: string) {
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

export interface OutboundPolicy {
  allowPrivate: boolean;
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
  if (url.protocol !== 'https:' && !(policy.allowPrivate && url.protocol === 'http:'))
    throw refuse('protocol');
  if (policy.allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
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

/** DNS lookup that refuses when any address of the name is private (no rebinding between check and connect). */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { all: true, family: options.family })
    .then((addresses) => {
      if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) {
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

/**
 * A fetch for calls to configured servers: URL checked, connections only to public addresses,
 * no redirects followed, every request bounded by `timeoutMs`.
 */
export function createOutboundFetch(policy: OutboundPolicy & { timeoutMs: number }): typeof globalThis.fetch {
  const dispatcher = new Agent({
    connect: policy.allowPrivate
      ? { timeout: policy.timeoutMs }
      : { timeout: policy.timeoutMs, lookup: guardedLookup },
    headersTimeout: policy.timeoutMs,
  });
  const outboundFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const target = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
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
