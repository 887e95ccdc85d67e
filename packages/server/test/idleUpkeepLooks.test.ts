import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/openDatabase.js';

let dir: string;
let database: Awaited<ReturnType<typeof openDatabase>>;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-upkeep-'));
  database = await openDatabase({ dataDir: dir });
});

afterEach(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the idle upkeep', () => {
  it('runs a task cut into looks look after look when asked to run now, until it has nothing left', async () => {
    let looks = 0;
    database.upkeep.add(async () => ++looks < 3);
    await database.upkeep.runNow();
    expect(looks).toBe(3);
  });
});
