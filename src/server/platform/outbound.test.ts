import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  checkOutboundUrl,
  createFollowingFetch,
  createOutboundFetch,
  isPrivateAddress,
  OutboundRefused,
  parseOutboundAllow,
} from './outbound.ts';

describe('outbound address rules', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast and mapped forms; allows public addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a00:1',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '1.1.1.1', '2a00:1450:4001:82a::200e', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it('checks scheme, credentials and local names before any request; the development switch lifts it', () => {
    const strict = { allowPrivate: false };
    expect(() => checkOutboundUrl('http://example.com/mcp', strict)).toThrow(OutboundRefused);
    expect(() => checkOutboundUrl('https://user:pw@example.com/mcp', strict)).toThrow(OutboundRefused);
    expect(() => checkOutboundUrl('https://printer.local/mcp', strict)).toThrow(OutboundRefused);
    expect(() => checkOutboundUrl('https://[::1]/mcp', strict)).toThrow(OutboundRefused);
    expect(() => checkOutboundUrl('file:///etc/passwd', strict)).toThrow(OutboundRefused);
    expect(checkOutboundUrl('https://crm.example.com/mcp', strict).hostname).toBe('crm.example.com');
    expect(checkOutboundUrl('http://127.0.0.1:9/mcp', { allowPrivate: true }).port).toBe('9');
  });

  it('the fetch refuses a private target before connecting', async () => {
    const f = createOutboundFetch({ allowPrivate: false, timeoutMs: 1000 });
    await expect(f('https://10.0.0.1/mcp')).rejects.toBeInstanceOf(OutboundRefused);
  });
});

describe('OUTBOUND_ALLOW and redirects (decision 041)', () => {
  it('parses hosts and ranges and refuses malformed entries', () => {
    expect(parseOutboundAllow('')).toEqual({ hosts: [], cidrs: [] });
    const list = parseOutboundAllow('Intranet.Example.de, 10.0.0.0/8 127.0.0.1');
    expect(list.hosts).toEqual(['intranet.example.de']);
    expect(list.cidrs).toEqual([
      { address: '10.0.0.0', prefix: 8, family: 'ipv4' },
      { address: '127.0.0.1', prefix: 32, family: 'ipv4' },
    ]);
    expect(() => parseOutboundAllow('10.0.0.0/40')).toThrow(/OUTBOUND_ALLOW/);
    expect(() => parseOutboundAllow('http://x')).toThrow(/OUTBOUND_ALLOW/);
  });

  it('an allowed host or range may be private and plain http; others stay refused', () => {
    const policy = { allowPrivate: false, allow: parseOutboundAllow('intranet.example.de, 10.1.0.0/16') };
    expect(checkOutboundUrl('http://intranet.example.de/', policy).protocol).toBe('http:');
    expect(checkOutboundUrl('http://10.1.2.3/', policy).hostname).toBe('10.1.2.3');
    expect(() => checkOutboundUrl('http://10.2.0.1/', policy)).toThrow(OutboundRefused);
    expect(() => checkOutboundUrl('https://192.168.1.1/', policy)).toThrow(OutboundRefused);
    expect(() => checkOutboundUrl('http://example.com/', policy)).toThrow(OutboundRefused);
  });

  it('follows at most 5 redirects, checking each hop; a hop to a private address is refused', async () => {
    const server = http.createServer((req, res) => {
      const n = Number(/^\/r(\d+)$/.exec(req.url ?? '')?.[1] ?? -1);
      if (n > 0) res.writeHead(302, { location: `/r${n - 1}` }).end();
      else if (n === 0) res.end('ziel');
      else if (req.url === '/inward') res.writeHead(301, { location: 'http://10.0.0.1/' }).end();
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const follow = createFollowingFetch({
        allowPrivate: false,
        allow: parseOutboundAllow('127.0.0.1'),
        timeoutMs: 2000,
        maxRedirects: 5,
      });
      const ok = await follow(`${base}/r5`);
      expect(await ok.response.text()).toBe('ziel');
      expect(ok.url).toBe(`${base}/r0`);
      expect(ok.redirects).toBe(5);
      await expect(follow(`${base}/r6`)).rejects.toMatchObject({ reason: 'redirect' });
      await expect(follow(`${base}/inward`)).rejects.toMatchObject({ reason: 'protocol' });
      // Without the allow list the local server is refused before any connection.
      const strict = createFollowingFetch({ allowPrivate: false, timeoutMs: 2000, maxRedirects: 5 });
      await expect(strict(`${base}/r0`)).rejects.toBeInstanceOf(OutboundRefused);
      // MCP's fetch keeps refusing redirects, even to an allowed host.
      const mcp = createOutboundFetch({ allowPrivate: false, allow: parseOutboundAllow('127.0.0.1'), timeoutMs: 2000 });
      await expect(mcp(`${base}/r1`)).rejects.toMatchObject({ reason: 'redirect' });
    } finally {
      server.close();
    }
  });
});
