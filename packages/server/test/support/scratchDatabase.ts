import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '../../src/db/openDatabase.js';

/** A SQLite database in a data directory of its own; `close` closes it and removes the directory. */
export async function openScratchDatabase(prefix: string): Promise<Database> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `plinth-${prefix}-`));
  const database = await openDatabase({ dataDir: dir });
  return {
    ...database,
    async close() {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
