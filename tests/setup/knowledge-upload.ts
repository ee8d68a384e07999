import { multipartBody } from '../fixtures/media.ts';
import type { Agent } from './agent.ts';

/** POST /api/knowledge as the Wissen tab sends it. */
export function uploadKnowledge(
  agent: Agent,
  assistantUuid: string,
  file: { name: string; data: Buffer },
  fields: { description?: string; dataProtection?: string; replaces?: string } = {},
) {
  const { payload, contentType } = multipartBody(
    {
      assistantUuid,
      description: fields.description ?? '',
      dataProtection: fields.dataProtection ?? '0',
      ...(fields.replaces === undefined ? {} : { replaces: fields.replaces }),
    },
    { field: 'file', name: file.name, data: file.data },
  );
  return agent.request('POST', '/api/knowledge', payload, { headers: { 'content-type': contentType } });
}
