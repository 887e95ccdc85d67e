import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { type Generated, Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  durableMark,
  type GroupCommitDatabase,
  GroupCommitSqliteDialect,
  useGroupCommit,
} from '../src/db/groupCommit.js';
import { giveWay } from '../src/db/idleUpkeep.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { Db } from '../src/db/tables.js';
import { TableJobStore } from '../src/jobs/tableJobQueue.js';
import { answerOnceDurable } from '../src/web/answerOnceDurable.js';

interface Tables {
  notes: { id: Generated<number>; text: string };
}

let dir: string;
let file: string;
let statements: string[];
let failCommit: boolean;
let db: Kysely<Tables>;

/** The driver's connection, recording each statement and failing a commit when told to. */
function recorded(sqlite: SQLite.Database): GroupCommitDatabase {
  return {
    close: () => sqlite.close(),
    inTransaction: () => sqlite.inTransaction,
    prepare(text: string) {
      const statement = sqlite.prepare(text);
      const record = <T>(run: () => T): T => {
        statements.push(text.toLowerCase());
        if (failCommit && text === 'commit') throw new Error('disk I/O error');
        return run();
      };
      return {
        reader: statement.reader,
        all: (parameters: ReadonlyArray<unknown>) => record(() => statement.all(parameters)),
        run: (parameters: ReadonlyArray<unknown>) => record(() => statement.run(parameters)),
        iterate: (parameters: ReadonlyArray<unknown>) => record(() => statement.iterate(parameters)),
      };
    },
  };
}

/** What another connection, reading only what is committed, sees. */
function committedTexts(): string[] {
  const other = new SQLite(file, { readonly: true });
  try {
    return (other.prepare('SELECT text FROM notes ORDER BY id').all() as { text: string }[]).map(
      (r) => r.text,
    );
  } finally {
    other.close();
  }
}

/**
 * A transaction that inserts a note. Requests that reach the server together run their
 * transactions within one turn of the event loop, as these do.
 */
function insertNote(text: string, fail = false) {
  return db.transaction().execute(async (trx) => {
    await Promise.resolve();
    await trx.insertInto('notes').values({ text }).execute();
    await Promise.resolve();
    if (fail) throw new Error(`${text} failed`);
    return text;
  });
}

const commits = () => statements.filter((s) => s === 'commit').length;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-group-commit-'));
  file = path.join(dir, 'test.sqlite');
  statements = [];
  failCommit = false;
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  const dialect = new GroupCommitSqliteDialect(recorded(sqlite));
  db = new Kysely<Tables>({ dialect });
  useGroupCommit(db, dialect);
  await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE)`.execute(db);
  statements = [];
});

afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('group commit', () => {
  it('commits transactions that queue for the connection together', async () => {
    const texts = Array.from({ length: 10 }, (_, i) => `note ${i}`);
    expect(await Promise.all(texts.map((text) => insertNote(text)))).toEqual(texts);
    expect(commits()).toBe(1);
    expect(committedTexts()).toEqual(texts);
  });

  it('commits a lone transaction at once', async () => {
    await insertNote('alone');
    expect(commits()).toBe(1);
    expect(committedTexts()).toEqual(['alone']);
  });

  it('answers a transaction only once its work is durable', async () => {
    const seen = await Promise.all(
      ['a', 'b', 'c'].map((text) => insertNote(text).then(() => committedTexts())),
    );
    for (const texts of seen) expect(texts).toEqual(['a', 'b', 'c']);
  });

  it('lets a read see the open group, and tells when what it saw is durable', async () => {
    const write = insertNote('a');
    const mark = durableMark(db);
    const read = db
      .selectFrom('notes')
      .select('text')
      .execute()
      .then(async (rows) => {
        const before = committedTexts();
        await mark.durable();
        return { rows, before, after: committedTexts() };
      });
    const [, seen] = await Promise.all([write, read]);
    expect(seen.rows).toEqual([{ text: 'a' }]);
    expect(seen.before).toEqual([]);
    expect(seen.after).toEqual(['a']);
    expect(commits()).toBe(1);
  });

  it('fails the wait of a read whose group could not commit', async () => {
    failCommit = true;
    const write = insertNote('lost');
    const mark = durableMark(db);
    const read = db
      .selectFrom('notes')
      .select('text')
      .execute()
      .then(() => mark.durable());
    const [w, r] = await Promise.allSettled([write, read]);
    expect(w.status).toBe('rejected');
    expect(r.status).toBe('rejected');
  });

  it('fails the wait of a read whose group failed before the wait began', async () => {
    failCommit = true;
    const write = insertNote('lost');
    const mark = durableMark(db);
    const rows = await db.selectFrom('notes').select('text').execute();
    await Promise.allSettled([write]);
    expect(rows).toEqual([{ text: 'lost' }]);
    await expect(mark.durable()).rejects.toThrow('disk I/O error');
    failCommit = false;
    await insertNote('kept');
    await expect(durableMark(db).durable()).resolves.toBeUndefined();
  });

  it('commits transactions of later turns of the event loop apart', async () => {
    await insertNote('first');
    await new Promise((resolve) => setImmediate(resolve));
    await insertNote('second');
    expect(commits()).toBe(2);
  });

  it('undoes only the member that fails', async () => {
    const results = await Promise.allSettled([
      insertNote('kept 1'),
      insertNote('undone', true),
      insertNote('kept 2'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(committedTexts()).toEqual(['kept 1', 'kept 2']);
  });

  it('undoes only the member whose statement breaks a constraint', async () => {
    const results = await Promise.allSettled([insertNote('same'), insertNote('same'), insertNote('other')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(committedTexts()).toEqual(['same', 'other']);
  });

  it('commits the group before a statement that cannot run in a transaction', async () => {
    const writes = [insertNote('x'), insertNote('y')];
    const pragma = sql`PRAGMA user_version = 7`.execute(db);
    await Promise.all([pragma, ...writes]);
    const pragmaAt = statements.findIndex((s) => s.startsWith('pragma'));
    expect(statements.indexOf('commit')).toBeLessThan(pragmaAt);
    expect(committedTexts()).toEqual(['x', 'y']);
  });

  it('commits the group before a stream reads, as its rows may go out at once', async () => {
    const writes = [insertNote('s1'), insertNote('s2')];
    const streamed = (async () => {
      const texts: string[] = [];
      for await (const row of db.selectFrom('notes').select('text').stream()) texts.push(row.text);
      return texts;
    })();
    const [texts] = await Promise.all([streamed, ...writes]);
    expect(texts).toEqual(['s1', 's2']);
    expect(statements.indexOf('commit')).toBeLessThan(statements.findIndex((s) => s.startsWith('select')));
  });

  it('fails every member when the group cannot commit, and keeps none of their work', async () => {
    failCommit = true;
    const results = await Promise.allSettled(['p', 'q', 'r'].map((text) => insertNote(text)));
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    failCommit = false;
    expect(committedTexts()).toEqual([]);
    await insertNote('after');
    expect(committedTexts()).toEqual(['after']);
  });

  it('fails an HTTP answer that read a group which failed to commit before the answer left', async () => {
    const app = Fastify();
    answerOnceDurable(app, db);
    app.get('/notes', async () => {
      failCommit = true;
      const write = insertNote('undone').catch(() => undefined);
      const rows = await db.selectFrom('notes').select('text').execute();
      // The group fails to commit while the answer is being made, before it is sent.
      await write;
      return { rows };
    });
    const response = await app.inject({ url: '/notes' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('undone');
    failCommit = false;
    expect(committedTexts()).toEqual([]);
    await app.close();
  });

  it('holds an HTTP answer that read the open group until the group is durable', async () => {
    const app = Fastify();
    answerOnceDurable(app, db);
    let write: Promise<unknown> | undefined;
    app.get('/notes', async () => {
      write = insertNote('seen');
      const rows = await db.selectFrom('notes').select('text').execute();
      return { rows, committedWhenRead: committedTexts() };
    });
    const response = await app.inject({ url: '/notes' });
    const committedWhenAnswered = committedTexts();
    await write;
    expect(response.json()).toEqual({ rows: [{ text: 'seen' }], committedWhenRead: [] });
    expect(committedWhenAnswered).toEqual(['seen']);
    await app.close();
  });

  it('runs no job whose sending was in a group that could not commit', async () => {
    await migrateToLatest(db as Kysely<unknown>, 'sqlite');
    const store = new TableJobStore(db as unknown as Db);
    const rules = { tries: 1, leaseMs: 60_000, retryDelayMs: 1000 };
    failCommit = true;
    const sent = db.transaction().execute(async (trx) => {
      await store.insert('q', { tenantId: 1 }, { db: trx as unknown as Db });
    });
    const taken = Promise.resolve().then(() => store.take('q', 1, rules));
    const [s, t] = await Promise.allSettled([sent, taken]);
    expect(s.status).toBe('rejected');
    expect(t.status).toBe('rejected');
    failCommit = false;
    expect(await store.take('q', 1, rules)).toEqual([]);
  });

  it('counts the statements run, so the upkeep can give way to others', async () => {
    const stepMs = 100;
    let started = performance.now();
    await giveWay(db, stepMs);
    expect(performance.now() - started).toBeLessThan(stepMs);
    started = performance.now();
    const other = Promise.resolve().then(() => db.selectFrom('notes').select('text').execute());
    await giveWay(db, stepMs);
    await other;
    expect(performance.now() - started).toBeGreaterThanOrEqual(stepMs * 4 - 1);
  });
});
