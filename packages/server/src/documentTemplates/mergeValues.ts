import {
  booleanText,
  type Direction,
  type DisplaySettings,
  type EntityId,
  type FieldDef,
  fieldLimits,
  formatAutoNumber,
  formatCurrency,
  formatNumberText,
  type Member,
  type RelationshipDef,
  relationshipEndName,
  type Schema,
  storedDateText,
  storedDateTimeText,
  storedTimeText,
  wallClockAt,
} from '@plinth/schema';
import sanitizeHtml from 'sanitize-html';
import type { QueryNode } from '../entities/fieldQuery.js';
import { decodeXml } from './xmlTree.js';

/** One relationship end a merge path follows, and the token the record read names it by. */
interface Step {
  rel: RelationshipDef;
  direction: Direction;
  token: string;
}

/**
 * What a merge field name names: a field of the record, or relationship ends followed to a field
 * of the related records, or to their names (`field` null).
 */
export interface MergePath {
  steps: Step[];
  field: FieldDef | null;
}

/** How many relationships a name may follow ('Account.Parent Account.Industry' follows two). */
const maxSteps = 3;

/**
 * The field or relationship a merge field name names on a type: a field's or a relationship end's
 * name, script name or alias, case-insensitively (spaces and underscores aside), or a path of
 * them through relationships, `Parent Account.Industry`. Undefined when it names nothing.
 */
export function resolveMergePath(schema: Schema, typeId: EntityId, name: string): MergePath | undefined {
  const whole = memberPath(schema, typeId, [name]);
  if (whole) return whole;
  const segments = name.split('.').map((s) => s.trim());
  if (segments.length < 2 || segments.length > maxSteps + 1 || segments.some((s) => s === ''))
    return undefined;
  return memberPath(schema, typeId, segments);
}

function memberPath(schema: Schema, typeId: EntityId, segments: readonly string[]): MergePath | undefined {
  const steps: Step[] = [];
  let type = typeId;
  for (const [i, segment] of segments.entries()) {
    const member = memberNamed(schema, type, segment);
    if (!member) return undefined;
    if (member.kind === 'field')
      return i === segments.length - 1 ? { steps, field: member.field } : undefined;
    // The reverse of a column relationship (a type's records) is a report's to list, not a name's.
    if (member.rel.column && member.direction === 'rev') return undefined;
    steps.push({
      rel: member.rel,
      direction: member.direction,
      token: `#${member.rel.id}:${member.direction}`,
    });
    type = member.direction === 'fwd' ? member.rel.toTypeId : member.rel.fromTypeId;
  }
  return { steps, field: null };
}

const squash = (name: string) => name.toLowerCase().replace(/[\s_]/g, '');

/**
 * A member by its name, script name or alias; else by its name without spaces and underscores, as
 * Word's field names cannot hold spaces (`ParentAccount`, `Parent_Account` for 'Parent Account').
 */
function memberNamed(schema: Schema, typeId: EntityId, name: string): Member | undefined {
  const exact = schema.member(typeId, name);
  if (exact) return exact;
  const wanted = squash(name);
  if (wanted === '') return undefined;
  const field = schema
    .fieldsOf(typeId)
    .find((f) => squash(f.name) === wanted || squash(f.scriptName) === wanted);
  if (field) return { kind: 'field', field };
  const end = schema.relationshipsOf(typeId).find(({ rel, direction }) => {
    const names = relationshipEndName(rel, direction);
    return squash(names.name) === wanted || squash(names.scriptName) === wanted;
  });
  return end ? { kind: 'relationship', rel: end.rel, direction: end.direction } : undefined;
}

const fieldToken = (field: FieldDef) => `#${field.id}`;

/** The record read that gives every path's values: one query tree for all of them. */
export function mergeQuery(paths: readonly MergePath[]): QueryNode[] {
  const root: QueryNode[] = [];
  const child = (nodes: QueryNode[], token: string) => {
    let node = nodes.find((n) => n.token === token);
    if (!node) {
      node = { token, children: [] };
      nodes.push(node);
    }
    return node;
  };
  for (const path of paths) {
    let nodes = root;
    for (const step of path.steps) nodes = child(nodes, step.token).children;
    child(nodes, path.field ? fieldToken(path.field) : 'name');
  }
  return root;
}

/** The tenant's settings a value's text follows: its locale, currency symbol and time zone. */
export type MergeSettings = DisplaySettings & { timeZone: string };

/**
 * A path's value on a record read with `mergeQuery`, as the app shows it: related records' values
 * (or names) joined with ', ', empty when there is none.
 */
export function mergePathText(
  record: Readonly<Record<string, unknown>>,
  path: MergePath,
  settings: MergeSettings,
): string {
  const [first, ...rest] = path.steps;
  if (!first) return path.field ? fieldText(path.field, record[fieldToken(path.field)], settings) : '';
  const reached = record[first.token];
  const related = (Array.isArray(reached) ? reached : reached ? [reached] : []) as Record<string, unknown>[];
  const texts = related.map((r) =>
    rest.length > 0 || path.field
      ? mergePathText(r, { steps: rest, field: path.field }, settings)
      : typeof r.name === 'string'
        ? r.name
        : '',
  );
  return texts.filter((t) => t !== '').join(', ');
}

function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
}

/** Decimal places a field shows, as the report's columns give them (decision 0023's defaults). */
function placesOf(field: FieldDef): number {
  const fallback =
    field.storage === 'currency' ? fieldLimits.decimalPlacesCurrency : fieldLimits.decimalPlacesDecimal;
  const places = field.decimalPlaces ?? fallback;
  return Math.min(Math.max(Math.floor(places), 0), fieldLimits.decimalPlacesMax);
}

/** A field's value as the app shows it (spec 02 §9), in the tenant's locale, currency and zone. */
export function fieldText(field: FieldDef, value: unknown, settings: MergeSettings): string {
  if (value === null || value === undefined || value === '') return '';
  const number = asNumber(value);
  const text = typeof value === 'string' ? value : String(value);
  switch (field.storage) {
    case 'string':
      return field.type === 'RichText' ? richTextAsPlainText(text) : text;
    case 'int':
      return number === null ? text : formatNumberText(number, settings.locale, 0);
    case 'autoNumber':
      return number === null ? text : formatAutoNumber(field.autoNumberDisplayPattern, number);
    case 'decimal':
      return number === null ? text : formatNumberText(number, settings.locale, placesOf(field));
    case 'currency':
      return number === null ? text : formatCurrency(number, settings, placesOf(field));
    case 'date':
      return storedDateText(text, settings.locale) ?? text;
    case 'time':
      return storedTimeText(text) ?? text;
    case 'dateTime':
      return (
        storedDateTimeText(text, settings.locale, (instant) => wallClockAt(instant, settings.timeZone)) ??
        text
      );
    case 'bool':
      return booleanText(value);
  }
}

/** Rich text as the words it shows: paragraphs, list items and line breaks on lines of their own. */
export function richTextAsPlainText(html: string): string {
  const marked = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|li|h[1-6]|blockquote|pre|div)>/gi, '$&\n');
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} });
  return decodeXml(text.replace(/&nbsp;/g, '\u00a0'))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
