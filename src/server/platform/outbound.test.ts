import { describe, expect, it } from 'vitest';
import { checkOutboundUrl, createOutboundFetch, isPrivateAddress, OutboundRefused } from './outbound.ts';

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
