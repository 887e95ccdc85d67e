import type { EntityChange } from '@plinth/schema';
import { sysType } from '@plinth/schema';
import type { Client } from './testApp.js';

/** Puts a type with fields and answers the new ids by key. */
export async function defineType(
  client: Client,
  key: string,
  fields: Array<{ name: string; script?: string; type: string } & Record<string, unknown>>,
  inherits: number | string = sysType.resource,
): Promise<{ typeId: number; fieldIds: Record<string, number> }> {
  const changes: EntityChange[] = [
    {
      id: `new:${key}`,
      typeId: 'core:type',
      fields: { name: key, typeScriptName: key, alias: `test:${key}` },
      relationships: {
        inherits: { set: [typeof inherits === 'number' ? inherits : (inherits as unknown as number)] },
      },
    },
    ...fields.map(({ name, script, type, ...rest }, i) => ({
      id: `new:f${i}`,
      typeId: 'core:field',
      fields: { name, fieldScriptName: script ?? name, fieldType: type, ...rest },
      relationships: { fieldIsOnType: { set: [`new:${key}`] } },
    })),
  ];
  const res = await client.put(changes);
  if (res.status !== 200) throw new Error(`defineType ${key} failed: ${JSON.stringify(res.body)}`);
  const fieldIds: Record<string, number> = {};
  fields.forEach((f, i) => {
    fieldIds[f.script ?? f.name] = res.body.ids[`new:f${i}`];
  });
  return { typeId: res.body.ids[`new:${key}`], fieldIds };
}

/** Puts a relationship between two types and answers its id. */
export async function defineRelationship(
  client: Client,
  relType: string,
  fromTypeId: number,
  toTypeId: number,
  toScriptName: string,
  fromScriptName: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const res = await client.put([
    {
      id: 'new:rel',
      typeId: 'core:relationship',
      fields: {
        name: toScriptName,
        relType,
        toName: toScriptName,
        fromName: fromScriptName,
        toScriptName,
        fromScriptName,
        ...extra,
      },
      relationships: { fromType: { set: [fromTypeId] }, toType: { set: [toTypeId] } },
    },
  ]);
  if (res.status !== 200) throw new Error(`defineRelationship failed: ${JSON.stringify(res.body)}`);
  return res.body.ids['new:rel'];
}
