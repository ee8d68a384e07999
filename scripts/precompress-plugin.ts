import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text assets worth compressing; images and audio are compressed already. */
const TEXT_FILE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
/** Smaller files gain less than the `Content-Encoding` costs. */
const MIN_BYTES = 1024;

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip -9) next to every text file of the
 * build, so the server sends them as they are (src/server/platform/client-delivery.ts): the
 * best compression at build time, no CPU per request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'mika-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = new Set(Object.keys(bundle));
      // public/ files (embed.js) are copied, not bundled: compress them too.
      for (const entry of await fs.readdir(outDir, { withFileTypes: true })) if (entry.isFile()) files.add(entry.name);
      await Promise.all(
        [...files]
          .filter((name) => TEXT_FILE.test(name))
          .map(async (name) => {
            const file = path.join(outDir, name);
            const content = await fs.readFile(file).catch(() => null);
            if (!content || content.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
              gzip(content, { level: 9 }),
            ]);
            await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
          }),
      );
    },
  };
}
