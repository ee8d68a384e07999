import { describe, expect, it } from 'vitest';
import { formValuesOf, ZMcpForm } from './mcp-form.ts';
import { INSIGHT_TEXTS } from './texts.ts';

const server = {
  id: 1,
  name: 'CRM',
  url: 'https://crm.example.com/mcp',
  description: '',
  headers: ['Authorization'],
  tools: [],
  refreshed_at: null,
  error: null,
  calls_24h: 0,
  failed_24h: 0,
};

describe('MCP form', () => {
  it('keeps a stored secret when its value is left empty', () => {
    const result = ZMcpForm.safeParse(formValuesOf(server));
    expect(result.success && result.data.headers).toEqual([{ name: 'Authorization' }]);
  });

  it('sends a new value for a stored header', () => {
    const values = formValuesOf(server);
    values.headers[0]!.value = 'Bearer neu';
    const result = ZMcpForm.safeParse(values);
    expect(result.success && result.data.headers).toEqual([{ name: 'Authorization', value: 'Bearer neu' }]);
  });

  it('needs a value for a new header and for a renamed stored one', () => {
    const fresh = formValuesOf(null);
    fresh.name = 'CRM';
    fresh.url = 'https://crm.example.com/mcp';
    const values = formValuesOf(server);
    values.headers[0]!.name = 'X-Api-Key';
    for (const v of [fresh, values]) {
      const result = ZMcpForm.safeParse(v);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({
        path: ['headers', 0, 'value'],
        message: INSIGHT_TEXTS.valueRequired,
      });
    }
  });

  it('checks name and URL with the server’s messages', () => {
    const result = ZMcpForm.safeParse({ name: 'ab', url: 'ftp://x', description: '', headers: [] });
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['name', 'url']));
  });
});
