// Writes a brotli (.br) and a gzip (.gz) copy beside every file of the built web app worth
// compressing, once, at build time, at the highest levels: the server sends the copy the browser
// accepts (@fastify/static's preCompressed) instead of compressing on every request.
// Usage: node compressAssets.mjs [distDir] (default: packages/web/dist).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** Text formats; images, fonts and the like are compressed already. */
const compressible = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.map',
  '.wasm',
]);
/** Under this, a compressed copy saves less than the headers that announce it (as the server's). */
const threshold = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The files of a folder and its subfolders, except dot folders (Vite's manifest). */
function filesOf(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : filesOf(full);
    return [full];
  });
}

/** Compresses every file worth it under `distDir`; answers what was written. */
export async function compressAssets(distDir) {
  const written = [];
  const files = filesOf(distDir).filter((file) => compressible.has(path.extname(file)));
  await Promise.all(
    files.map(async (file) => {
      const data = fs.readFileSync(file);
      if (data.length < threshold) return;
      const copies = [
        [
          '.br',
          await brotli(data, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        ],
        ['.gz', await gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION })],
      ];
      for (const [ext, copy] of copies) {
        // A copy no smaller than the file would only cost the browser a decoding.
        if (copy.length >= data.length) continue;
        fs.writeFileSync(file + ext, copy);
        written.push({ file: path.relative(distDir, file) + ext, raw: data.length, size: copy.length });
      }
    }),
  );
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(
    process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist'),
  );
  const written = await compressAssets(dist);
  console.log(
    `compressAssets: ${written.length} .br and .gz copies written in ${path.relative('.', dist) || '.'}`,
  );
}
