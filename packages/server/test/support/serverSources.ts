import fs from 'node:fs';
import path from 'node:path';

/** The server's `src/` folder. */
export const serverSrc = path.resolve(import.meta.dirname, '../../src');

/** A source file of the server, by its path under `src/`, and its lines. */
export interface SourceFile {
  readonly rel: string;
  readonly lines: readonly string[];
}

/**
 * The server's source files outside the data layer (`data/`) and migrations, tests left out: the
 * files the read ratchets (test/data/*Reads.test.ts) hold to the tenant scope (decision 0058).
 */
export function filesOutsideDataLayer(): SourceFile[] {
  const found: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      const rel = path.relative(serverSrc, file).split(path.sep).join('/');
      if (entry.isDirectory()) {
        if (rel !== 'data' && rel !== 'db/migrations') walk(file);
        continue;
      }
      if (!rel.endsWith('.ts') || rel.endsWith('.test.ts')) continue;
      found.push({ rel, lines: fs.readFileSync(file, 'utf8').split('\n') });
    }
  };
  walk(serverSrc);
  return found.sort((a, b) => (a.rel < b.rel ? -1 : 1));
}
