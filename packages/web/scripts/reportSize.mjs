// Prints the size of the built web app: every file, then the first-load total (index.html and the
// entry chunk with its static imports) and everything, raw, gzipped and as the brotli copy the build
// wrote beside it (compressAssets.mjs), which is what the server sends a browser.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
const files = [];
(function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (!/\.(br|gz)$/.test(entry.name)) files.push(full);
  }
})(dist);
const sizes = files.map((file) => {
  const data = fs.readFileSync(file);
  const br = fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size : data.length;
  return { file: path.relative(dist, file), raw: data.length, gzip: gzipSync(data).length, br };
});
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const firstLoad = new Set(['index.html']);
for (const match of html.matchAll(/(?:src|href)="\/([^"]+\.(?:js|css))"/g)) firstLoad.add(match[1]);
const sum = (list, key) => list.reduce((total, s) => total + s[key], 0);
console.log('\nWeb bundle (packages/web/dist):');
for (const s of sizes.sort((a, b) => b.raw - a.raw)) {
  console.log(
    `  ${s.file.padEnd(48)} ${kb(s.raw).padStart(10)}  gzip ${kb(s.gzip).padStart(9)}  br ${kb(s.br).padStart(9)}${firstLoad.has(s.file) ? '  (first load)' : ''}`,
  );
}
const first = sizes.filter((s) => firstLoad.has(s.file));
console.log(
  `  first load: ${kb(sum(first, 'raw'))} (gzip ${kb(sum(first, 'gzip'))}, br ${kb(sum(first, 'br'))})`,
);
console.log(
  `  total:      ${kb(sum(sizes, 'raw'))} (gzip ${kb(sum(sizes, 'gzip'))}, br ${kb(sum(sizes, 'br'))})\n`,
);
