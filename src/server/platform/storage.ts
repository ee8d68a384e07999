import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { randomToken } from './crypto.ts';

// Only these types are ever served from /storage, each with a fixed content type.
const SERVED_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
};

export interface Storage {
  /** Stores bytes under a generated name inside `folder` and returns the public URL path. */
  put(folder: string, extension: string, data: Buffer | string, fixedName?: string): Promise<string>;
  remove(urlPath: string | null | undefined): Promise<void>;
  exists(urlPath: string): Promise<boolean>;
}

/** Local file storage under DATA_DIR/storage; names are generated, never taken from uploads. */
export function createLocalStorage(root: string): Storage {
  const resolve = (urlPath: string) => {
    const rel = urlPath.replace(/^\/storage\//, '');
    const full = path.resolve(root, rel);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('path outside storage');
    return full;
  };
  return {
    async put(folder, extension, data, fixedName) {
      if (!/^[a-z0-9-]+$/.test(folder) || !SERVED_TYPES[`.${extension}`]) throw new Error('bad storage key');
      const name = `${fixedName ?? randomToken(18)}.${extension}`;
      const dir = path.join(root, folder);
      await fs.mkdir(dir, { recursive: true });
      // Write to a temporary name first: a crash never leaves a half-written file under the real name.
      const tmp = path.join(dir, `.${name}.${randomToken(6)}.tmp`);
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, path.join(dir, name));
      return `/storage/${folder}/${name}`;
    },
    async remove(urlPath) {
      if (!urlPath?.startsWith('/storage/')) return;
      await fs.rm(resolve(urlPath), { force: true });
    },
    async exists(urlPath) {
      return fs
        .access(resolve(urlPath))
        .then(() => true)
        .catch(() => false);
    },
  };
}

export async function serveStorage(app: FastifyInstance, root: string) {
  await fs.mkdir(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/storage/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    setHeaders(res, filePath) {
      const type = SERVED_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
      res.header('content-type', type);
      res.header('x-content-type-options', 'nosniff');
      // Even an SVG opened directly can run nothing.
      res.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      res.header('cache-control', 'public, max-age=31536000, immutable');
      if (type === 'application/octet-stream') res.header('content-disposition', 'attachment');
    },
  });
}

/**
 * Files that are not public (spoken answers, later documents): stored under generated names and
 * only ever served by a route that checked access first.
 */
export function createPrivateStore(root: string) {
  const safe = (folder: string, name: string) => {
    if (!/^[\w-]+$/.test(folder) || !/^[\w-]+\.(mp3|wav|pdf|docx?|xlsx|pptx|png|jpe?g|bin)$/.test(name)) {
      throw new Error('bad private file name');
    }
    return path.join(root, folder, name);
  };
  return {
    async put(folder: string, extension: string, data: Buffer): Promise<string> {
      const name = `${randomToken(18)}.${extension}`;
      const full = safe(folder, name);
      await fs.mkdir(path.dirname(full), { recursive: true });
      const tmp = `${full}.${randomToken(6)}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, full);
      return name;
    },
    async remove(folder: string, name: string): Promise<void> {
      await fs.rm(safe(folder, name), { force: true });
    },
    /** Removes a folder that holds no files any more (e.g. an assistant's audio after a purge). */
    async removeFolderIfEmpty(folder: string): Promise<void> {
      if (!/^[\w-]+$/.test(folder)) throw new Error('bad private folder name');
      await fs.rmdir(path.join(root, folder)).catch(() => undefined);
    },
    /** The folders that hold files (for the sweep of orphaned files). */
    async folders(): Promise<string[]> {
      const entries = await fs.readdir(root, { withFileTypes: true }).catch(() => []);
      return entries.filter((e) => e.isDirectory() && /^[\w-]+$/.test(e.name)).map((e) => e.name);
    },
    /** Files of a folder last written before `before` (newer ones may belong to an upload in flight). */
    async filesOlderThan(folder: string, before: Date): Promise<string[]> {
      const dir = path.join(root, folder);
      const names = await fs.readdir(dir).catch(() => [] as string[]);
      const old: string[] = [];
      for (const name of names) {
        if (name.endsWith('.tmp')) continue;
        const stat = await fs.stat(path.join(dir, name)).catch(() => undefined);
        if (stat?.isFile() && stat.mtime < before) old.push(name);
      }
      return old;
    },
    async read(folder: string, name: string): Promise<Buffer | undefined> {
      try {
        return await fs.readFile(safe(folder, name));
      } catch {
        return undefined;
      }
    },
  };
}

export type PrivateStore = ReturnType<typeof createPrivateStore>;
