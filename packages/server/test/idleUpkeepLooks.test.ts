import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/openDatabase.js';
import { openScratchDatabase } from './support/scratchDatabase.js';

let database: Database;

beforeEach(async () => {
  database = await openScratchDatabase('upkeep');
});

afterEach(() => database.close());

describe('the idle upkeep', () => {
  it('runs a task cut into looks look after look when asked to run now, until it has nothing left', async () => {
    let looks = 0;
    database.upkeep.add(async () => ++looks < 3);
    await database.upkeep.runNow();
    expect(looks).toBe(3);
  });
});
