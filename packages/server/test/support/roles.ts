import { expect } from 'vitest';
import type { Client } from './testApp.js';

/** One access rule of a role: the type it covers and what it grants. */
export interface Grant {
  typeId: number;
  canRead?: boolean;
  canCreate?: boolean;
  canModify?: boolean;
  canDelete?: boolean;
  ownedOnly?: boolean;
  accessRuleCalculation?: string;
}

/** Creates a role with one access rule per grant, as `client`; answers the role's and the rules' ids. */
export async function createRoleWithRules(
  client: Client,
  name: string,
  grants: readonly Grant[],
): Promise<{ id: number; rules: number[] }> {
  const res = await client.put([
    { id: 'new:role', typeId: 'core:role', fields: { name } },
    ...grants.map(({ typeId, ...flags }, i) => ({
      id: `new:rule${i}`,
      typeId: 'core:accessRule',
      fields: { name: `${name} ${i}`, ...flags },
      relationships: { accessRuleRole: { set: ['new:role'] }, accessRuleType: { set: [typeId] } },
    })),
  ]);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return {
    id: res.body.ids['new:role'] as number,
    rules: grants.map((_, i) => res.body.ids[`new:rule${i}`] as number),
  };
}

/** Creates a role with one access rule per grant, as `client`; answers the role's id. */
export async function createRole(client: Client, name: string, grants: readonly Grant[]): Promise<number> {
  return (await createRoleWithRules(client, name, grants)).id;
}
