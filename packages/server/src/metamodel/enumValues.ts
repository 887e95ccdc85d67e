import { type EnumValue, fieldLimits, type IdOrAlias, sysField } from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { type EntityRow, toEntityRow } from '../data/entityRepository.js';
import { tenantScope } from '../data/tenantScope.js';
import { badRequest, notFound } from '../http/errors.js';

/**
 * Every value of a choice type the caller may read, by order (999 when missing), then name
 * ignoring case, then id: what pickers show before anything is searched or filtered.
 */
export async function readEnumValues(ctx: RequestContext, typeId: IdOrAlias): Promise<EnumValue[]> {
  const type = ctx.schema.type(typeId);
  if (!type) throw notFound('The type was not found.');
  if (!type.isChoiceType) throw badRequest(`'${type.name}' is not a choice type.`);
  const query = tenantScope(ctx)
    .records()
    .selectAll()
    .where('type_id', 'in', ctx.schema.descendants(type.id));
  return sortEnumValues((await query.execute()).map(toEntityRow).map(enumValueOf));
}

/** A choice value as pickers and formats show it, from its record. */
export function enumValueOf(row: EntityRow): EnumValue {
  const data = (id: number) => row.data[String(id)];
  const order = data(sysField.enumOrder);
  const colour = data(sysField.enumColour);
  const icon = data(sysField.enumIcon);
  return {
    id: row.id,
    name: row.name,
    order: typeof order === 'number' ? order : fieldLimits.choiceOrderDefault,
    colour: typeof colour === 'string' && colour.trim() !== '' ? colour : null,
    iconImageId: typeof icon === 'string' && /^[1-9]\d{0,14}$/.test(icon.trim()) ? Number(icon) : null,
    isRetired: data(sysField.enumRetired) === true,
  };
}

/** Choice values by order (999 when missing), then name ignoring case, then id. */
export function sortEnumValues(values: EnumValue[]): EnumValue[] {
  const nameKey = (v: EnumValue) => (v.name ?? '').toLowerCase();
  return values.sort(
    (a, b) =>
      a.order - b.order || (nameKey(a) < nameKey(b) ? -1 : nameKey(a) > nameKey(b) ? 1 : 0) || a.id - b.id,
  );
}
