import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { randomToken } from './crypto.ts';
import type { ObjectBackend } from './object-backend.ts';

// Every file Mika keeps goes through one object backend (local disk by default, any S3-compatible
// store with S3_BUCKET; docs/operations.md "File storage"). Two views on it:
// - `Storage`: public files (avatars, logos) under the key prefix `storage/`, served at /storage/.
//   Rows store the key without the prefix (e.g. `logos/abc.png`), never a URL: publicUrl() makes one.
// - `PrivateStore`: knowledge, assets, audio, documents, images under `private/`, only ever served by
//   a route that checked access first.

// Only these types are ever served from /storage, each with a fixed content type.
const SERVED_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
};
const PUBLIC_PREFIX = 'storage/';
const PRIVATE_PREFIX = 'private/';

export interface Storage {
  /** Stores bytes under a generated name inside `folder` and returns the key (`folder/name.ext`). */
  put(folder: string, extension: string, data: Buffer | string, fixedName?: string): Promise<string>;
  remove(key: string | null | undefined): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** A row's storage key (or a legacy `/storage/...` path) → the URL the browser loads. */
export function publicUrl(key: string | null | undefined): string | null {
  if (!key) return null;
  return key.startsWith('/storage/') ? key : `/storage/${key}`;
}

/** `logos/x.png` (or a legacy `/storage/logos/x.png`) → the validated key relative to storage/. */
function publicKey(key: string): string {
  const rel = key.replace(/^\/storage\//, '');
  if (!/^[a-z0-9-]+\/[\w-]+\.[a-z0-9]+$/.test(rel)) throw new Error('bad storage key');
  return rel;
}

/** Public files on the object backend; names are generated, never taken from uploads. */
export function createPublicStorage(backend: ObjectBackend): Storage {
  return {
    async put(folder, extension, data, fixedName) {
      if (!/^[a-z0-9-]+$/.test(folder) || !SERVED_TYPES[`.${extension}`]) throw new Error('bad storage key');
      const key = `${folder}/${fixedName ?? randomToken(18)}.${extension}`;
      await backend.put(PUBLIC_PREFIX + publicKey(key), Buffer.from(data), SERVED_TYPES[`.${extension}`]!);
      return key;
    },
    async remove(key) {
      if (!key) return;
      await backend.delete(PUBLIC_PREFIX + publicKey(key));
    },
    async exists(key) {
      return (await backend.get(PUBLIC_PREFIX + publicKey(key))) !== undefined;
    },
  };
}

function publicHeaders(type: string): Record<string, string> {
  return {
    'content-type': type,
    'x-content-type-options': 'nosniff',
    // Even an SVG opened directly can run nothing.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    'cache-control': 'public, max-age=31536000, immutable',
    ...(type === 'application/octet-stream' ? { 'content-disposition': 'attachment' } : {}),
  };
}

/**
 * Serves /storage/: from disk with the static handler (sendfile) when the backend is local,
 * otherwise one route that reads the object from the backend.
 */
export async function serveStorage(app: FastifyInstance, backend: ObjectBackend) {
  if (backend.localRoot) {
    const root = path.join(backend.localRoot, 'storage');
    await fs.mkdir(root, { recursive: true });
    await app.register(fastifyStatic, {
      root,
      prefix: '/storage/',
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      setHeaders(res, filePath) {
        const headers = publicHeaders(SERVED_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream');
        for (const [name, value] of Object.entries(headers)) res.header(name, value);
      },
    });
    return;
  }
  app.get('/storage/:folder/:name', { schema: { hide: true } }, async (request, reply) => {
    const { folder, name } = request.params as { folder: string; name: string };
    const type = SERVED_TYPES[path.extname(name).toLowerCase()];
    let key: string;
    try {
      key = publicKey(`${folder}/${name}`);
    } catch {
      return reply.code(404).send();
    }
    const data = type ? await backend.get(PUBLIC_PREFIX + key) : undefined;
    if (!data) return reply.code(404).send();
    return reply.headers(publicHeaders(type!)).send(data);
  });
}

/** Private files: folder and name are checked, names are generated. */
export function createPrivateStore(backend: ObjectBackend) {
  const keyOf = (folder: string, name: string) => {
    if (!/^[\w-]+$/.test(folder) || !/^[\w-]+\.(mp3|wav|pdf|docx?|xlsx|pptx|png|jpe?g|bin|zip)$/.test(name)) {
      throw new Error('bad private file name');
    }
    return `${PRIVATE_PREFIX}${folder}/${name}`;
  };
  return {
    async put(folder: string, extension: string, data: Buffer): Promise<string> {
      const name = `${randomToken(18)}.${extension}`;
      await backend.put(keyOf(folder, name), data, 'application/octet-stream');
      return name;
    },
    async remove(folder: string, name: string): Promise<void> {
      await backend.delete(keyOf(folder, name));
    },
    /** Removes a folder that holds no files any more (local disk; object stores have no folders). */
    async removeFolderIfEmpty(folder: string): Promise<void> {
      if (!/^[\w-]+$/.test(folder)) throw new Error('bad private folder name');
      await backend.removeEmptyFolder(`${PRIVATE_PREFIX}${folder}`);
    },
    /** The folders that hold files (for the sweep of orphaned files). */
    async folders(): Promise<string[]> {
      const folders = new Set<string>();
      for (const o of await backend.list(PRIVATE_PREFIX)) {
        const folder = o.key.slice(PRIVATE_PREFIX.length).split('/')[0];
        if (folder && /^[\w-]+$/.test(folder)) folders.add(folder);
      }
      return [...folders];
    },
    /** Files of a folder last written before `before` (newer ones may belong to an upload in flight). */
    async filesOlderThan(folder: string, before: Date): Promise<string[]> {
      const prefix = `${PRIVATE_PREFIX}${folder}/`;
      return (await backend.list(prefix))
        .filter((o) => o.lastModified < before && !o.key.slice(prefix.length).includes('/'))
        .map((o) => o.key.slice(prefix.length));
    },
    async read(folder: string, name: string): Promise<Buffer | undefined> {
      return backend.get(keyOf(folder, name));
    },
  };
}

export type PrivateStore = ReturnType<typeof createPrivateStore>;
