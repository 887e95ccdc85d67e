import { schemaFromRecords, sysType } from '@plinth/schema';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ruleFilterSql, translateRuleFilter } from './ruleFilters.js';

// The system catalogue alone: Person records have a name, an owner (a column) and dates.
const schema = schemaFromRecords([], []);
const translate = (source: string, engine: 'sqlite' | 'postgres' = 'sqlite') =>
  translateRuleFilter(schema, engine, 7, sysType.person, source);
/** Kysely only to render SQL: never connected. */
const db = new Kysely<Record<string, never>>({
  dialect: new SqliteDialect({ database: async () => ({}) as never }),
});

describe('translateRuleFilter', () => {
  it('binds currentuser() as the caller and reads the owner from the row', () => {
    const f = translate('[securityOwner] = currentuser()');
    expect(f.ok).toBe(true);
    if (!f.ok) return;
    const readable = () => sql<boolean>`1 = 1`;
    const rendered = ruleFilterSql(f.sql, 'e0', 10_042, readable).compile(db);
    expect(rendered.sql).toBe('coalesce((e0.owner_id = CAST(? AS INTEGER)), 1 = 0)');
    expect(rendered.parameters).toEqual([10_042]);
  });

  it('fills the holes per use: the row alias, the caller, and the read rule of related records', () => {
    const f = translate("[securityOwner].[Name] = 'x' and [securityOwner] = @CurrentUser", 'postgres');
    expect(f.ok, JSON.stringify(f)).toBe(true);
    if (!f.ok) return;
    const rendered = ruleFilterSql(f.sql, 'j3', 5, (a) => sql<boolean>`${sql.raw(a)}.type_id = 9`).compile(
      db,
    );
    expect(rendered.sql).toContain('arfe1.type_id = 9');
    expect(rendered.sql).toContain('= j3.owner_id');
    expect(rendered.sql).toContain('j3.owner_id = CAST(? AS bigint)');
    expect(rendered.parameters).toEqual([7, 'x', 5]);
  });

  it('leaves currentuser() inside text alone', () => {
    const f = translate("[Name] = 'currentuser()'");
    expect(f.ok && f.sql.values).toEqual([expect.anything(), 'currentuser()']);
  });

  it('answers the compile message with its place, as written', () => {
    expect(translate('currentuser() = [Nope]')).toEqual({
      ok: false,
      message: "'Nope' is not a recognised field, relationship or variable. (line 1, column 17)",
    });
    expect(translate('[Name]')).toMatchObject({ ok: false, message: expect.stringContaining('Bool') });
    expect(translate('')).toMatchObject({ ok: false });
    expect(translate('x'.repeat(200_000))).toMatchObject({ ok: false });
  });

  it('refuses what cannot be translated once per metamodel version: the clock and the time zone', () => {
    expect(translate('getdate() > [createdDate]')).toMatchObject({
      ok: false,
      message: expect.stringContaining('current date or time'),
    });
    expect(translate('year([createdDate]) = 2025')).toMatchObject({
      ok: false,
      message: expect.stringContaining('time zone'),
    });
    expect(translate("resource(Person, 'x') = [securityOwner]")).toMatchObject({
      ok: false,
      message: expect.stringContaining('resource'),
    });
    expect(translate('currentuser().accountHolder = [securityOwner].accountHolder')).toMatchObject({
      ok: false,
    });
  });
});

describe('a rule on the records of users', () => {
  it('compares the record itself with the caller', () => {
    const f = translateRuleFilter(schema, 'sqlite', 7, sysType.userAccount, 'context() = currentuser()');
    expect(f.ok, JSON.stringify(f)).toBe(true);
    if (!f.ok) return;
    const rendered = ruleFilterSql(f.sql, 'e0', 3, () => sql<boolean>`1 = 1`).compile(db);
    expect(rendered.sql).toBe('coalesce((e0.id = CAST(? AS INTEGER)), 1 = 0)');
  });
});
