import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files worth compressing: text. Pictures and fonts are compressed in their own format. */
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** The server's own threshold: under a kilobyte, compression saves no packet. */
const MIN_BYTES = 1024;

/**
 * Writes `file.br` (brotli at its best quality) and `file.gz` (gzip at level 9) beside every
 * text file of the build, once, at build time. The server (koa-send, behind koa-static) sends
 * the compressed copy to a browser that accepts it, so:
 *  - a phone downloads about 14% less JavaScript than with the per-request brotli (quality 4,
 *    which is as far as compressing on every request can afford to go);
 *  - the lodge's server compresses no asset on any request: a 250 KB chunk cost it several
 *    milliseconds of CPU each time a browser or the service worker's precache asked for it.
 * A copy is kept only when it is smaller than the file.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'lodge:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After every other plugin has written its files (the service worker among them).
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await precompressDir(outDir);
      },
    },
  };
}

export async function precompressDir(dir: string): Promise<{ files: number }> {
  const files = (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((f) => path.join(dir, f))
    .filter((f) => TEXT_FILE.test(f) && fs.statSync(f).isFile());
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      const bytes = fs.readFileSync(file);
      if (bytes.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotliAsync(bytes, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzipAsync(bytes, { level: 9 }),
      ]);
      for (const [copy, ext] of [
        [br, 'br'],
        [gz, 'gz'],
      ] as const) {
        if (copy.length >= bytes.length) continue;
        fs.writeFileSync(`${file}.${ext}`, copy);
        written++;
      }
    }),
  );
  return { files: written };
}
