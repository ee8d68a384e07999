import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets at rest (e.g. the headers an MCP server needs: API keys): AES-256-GCM with a key from
 * SECRETS_KEY, else a random key created once in DATA_DIR/secrets.key (mode 0600). Several app
 * instances must share SECRETS_KEY. A database dump alone never reveals a secret.
 */
export interface Secrets {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function createSecrets(opts: { key?: string; dataDir: string }): Secrets {
  const key = createHash('sha256')
    .update(opts.key ?? keyFile(opts.dataDir))
    .digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unknown secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

function keyFile(dataDir: string): string {
  const file = path.join(dataDir, 'secrets.key');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const fresh = randomBytes(32).toString('base64url');
    // 'wx': never overwrite a key another process wrote in the meantime.
    try {
      writeFileSync(file, fresh, { mode: 0o600, flag: 'wx' });
      return fresh;
    } catch {
      return readFileSync(file, 'utf8').trim();
    }
  }
}
