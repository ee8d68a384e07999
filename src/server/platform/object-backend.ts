import fs from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { randomToken } from './crypto.ts';
import type { AppConfig } from '../config.ts';

/**
 * Where file bytes live: one flat key space (`storage/logos/x.png`, `private/knowledge/y.bin`).
 * Local disk under DATA_DIR by default, or an S3-compatible bucket (docs/operations.md).
 */
export interface ObjectBackend {
  /** For logs and the start-up banner. */
  readonly describe: string;
  /** Set for local disk: the folder the keys live under (lets /storage/ use sendfile). */
  readonly localRoot: string | null;
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or undefined when there is none. */
  get(key: string): Promise<Buffer | undefined>;
  /** Deleting a missing object is no error. */
  delete(key: string): Promise<void>;
  /** Every object under the prefix (recursively). */
  list(prefix: string): Promise<{ key: string; lastModified: Date }[]>;
  /** Local disk: removes the folder of a prefix when it is empty; object stores: nothing to do. */
  removeEmptyFolder(prefix: string): Promise<void>;
}

const SAFE_KEY = /^[\w-]+(\/[\w.-]+)+$/;
function checkKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`bad object key: ${key}`);
  return key;
}

export function createDiskBackend(root: string): ObjectBackend {
  const resolved = path.resolve(root);
  const full = (key: string) => {
    const file = path.resolve(resolved, checkKey(key));
    if (!file.startsWith(resolved + path.sep)) throw new Error('path outside the data folder');
    return file;
  };
  async function walk(dir: string, out: { key: string; lastModified: Date }[]) {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) await walk(p, out);
      else if (e.isFile() && !e.name.endsWith('.tmp')) {
        const stat = await fs.stat(p).catch(() => undefined);
        if (stat) out.push({ key: path.relative(resolved, p).split(path.sep).join('/'), lastModified: stat.mtime });
      }
    }
  }
  return {
    describe: `local disk (${resolved})`,
    localRoot: resolved,
    async put(key, data) {
      const file = full(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write to a temporary name first: a crash never leaves a half-written file under the real name.
      const tmp = `${file}.${randomToken(6)}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    },
    async get(key) {
      return fs.readFile(full(key)).catch(() => undefined);
    },
    async delete(key) {
      await fs.rm(full(key), { force: true });
    },
    async list(prefix) {
      const out: { key: string; lastModified: Date }[] = [];
      await walk(path.join(resolved, prefix.replace(/\/$/, '')), out);
      return out;
    },
    async removeEmptyFolder(prefix) {
      await fs.rmdir(path.join(resolved, checkKey(prefix))).catch(() => undefined);
    },
  };
}

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
  /** Optional key prefix inside the bucket (several installations in one bucket). */
  prefix: string;
}

/** Any S3-compatible store (AWS, MinIO, Ceph, Hetzner, IONOS, …) through the official SDK. */
export function createS3Backend(s: S3Settings): ObjectBackend {
  const client = new S3Client({
    region: s.region,
    ...(s.endpoint ? { endpoint: s.endpoint } : {}),
    forcePathStyle: s.forcePathStyle,
    ...(s.accessKeyId && s.secretAccessKey ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } } : {}),
    // Checksums only where S3 requires them: other stores (and s3rver) otherwise keep the chunk framing.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const k = (key: string) => `${s.prefix}${checkKey(key)}`;
  return {
    describe: `S3 bucket ${s.bucket}${s.endpoint ? ` at ${s.endpoint}` : ''}`,
    localRoot: null,
    async put(key, data, contentType) {
      await client.send(new PutObjectCommand({ Bucket: s.bucket, Key: k(key), Body: data, ContentType: contentType, ContentLength: data.length }));
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: s.bucket, Key: k(key) }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : undefined;
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: k(key) }));
    },
    async list(prefix) {
      const out: { key: string; lastModified: Date }[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: s.bucket, Prefix: `${s.prefix}${prefix}`, ContinuationToken: token }),
        );
        for (const o of page.Contents ?? []) {
          if (o.Key) out.push({ key: o.Key.slice(s.prefix.length), lastModified: o.LastModified ?? new Date(0) });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return out;
    },
    async removeEmptyFolder() {},
  };
}

/** The configured backend: S3 when S3_BUCKET is set, otherwise DATA_DIR on local disk. */
export function createObjectBackend(config: Pick<AppConfig, 's3' | 'dataDir'>): ObjectBackend {
  return config.s3 ? createS3Backend(config.s3) : createDiskBackend(config.dataDir);
}
