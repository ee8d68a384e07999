import { multipartBody } from '../fixtures/media.ts';
import type { Agent } from './agent.ts';
import type { Db } from '../../src/server/db/client.ts';
import { assistantTools } from '../../src/server/db/schema/index.ts';

/** POST /api/assets as the Dateien card sends it (or POST /api/tool/asset/{uuid} with `toolPath`). */
export function uploadAsset(
  agent: Agent,
  assistantUuid: string,
  file: { name: string; data: Buffer },
  description = 'Unsere aktuelle Preisliste mit allen Tarifen',
  opts: { toolPath?: boolean } = {},
) {
  const { payload, contentType } = multipartBody({ assistantUuid, description }, { field: 'file', name: file.name, data: file.data });
  const url = opts.toolPath ? `/api/tool/asset/${assistantUuid}` : '/api/assets';
  return agent.request('POST', url, payload, { headers: { 'content-type': contentType } });
}

/** Switches the asset tool on as the generic tool switch would (a row in assistant_tools). */
export async function switchAssetTool(db: Db, assistantId: number, active = true) {
  await db
    .insert(assistantTools)
    .values({ assistantId, toolSlug: 'asset', active })
    .onConflictDoUpdate({ target: [assistantTools.assistantId, assistantTools.toolSlug], set: { active } });
}
