import { expect } from 'vitest';
import { defineRelationship, defineType } from '../support/crmSchema.js';
import { createRole, type Grant } from '../support/roles.js';

export type { Grant };

import type { Client, TestApp } from '../support/testApp.js';

/** Creates a role with access rules, as the administrator, and answers its id. */
export function role(t: TestApp, name: string, grants: Grant[]): Promise<number> {
  return createRole(t.admin, name, grants);
}

export interface SalesSchema {
  customer: number;
  order: number;
  customerRel: number;
  fields: Record<string, number>;
  /** Records by name. */
  ids: Record<string, number>;
  /** Reads orders only (not customers). */
  orderReader: Client;
  orderReaderId: number;
}

/** Customers and orders: Order has Qty, Unit Price and a calculated Total; Customer counts its orders. */
export async function salesSchema(t: TestApp): Promise<SalesSchema> {
  const customer = await defineType(t.admin, 'Customer', [
    { name: 'Region', script: 'region', type: 'Text' },
  ]);
  const order = await defineType(t.admin, 'Order', [
    { name: 'Qty', script: 'qty', type: 'Number' },
    { name: 'Unit Price', script: 'unitPrice', type: 'Decimal' },
    { name: 'Placed', script: 'placed', type: 'Date' },
  ]);
  const customerRel = await defineRelationship(
    t.admin,
    'lookup',
    order.typeId,
    customer.typeId,
    'customer',
    'orders',
  );
  const put = await t.admin.put([
    { id: 'new:c1', typeId: customer.typeId, fields: { name: 'Acme', region: 'North' } },
    { id: 'new:c2', typeId: customer.typeId, fields: { name: 'Globex', region: 'South' } },
    {
      id: 'new:o1',
      typeId: order.typeId,
      fields: { name: 'O-1', qty: 3, unitPrice: '2.5', placed: '2026-03-01' },
      relationships: { customer: { set: ['new:c1'] } },
    },
    {
      id: 'new:o2',
      typeId: order.typeId,
      fields: { name: 'O-2', qty: 10, unitPrice: '0.1' },
      relationships: { customer: { set: ['new:c1'] } },
    },
    { id: 'new:o3', typeId: order.typeId, fields: { name: 'O-3', qty: 1, unitPrice: '7' } },
  ]);
  expect(put.status).toBe(200);
  const ids: Record<string, number> = {};
  for (const [k, v] of Object.entries(put.body.ids as Record<string, number>)) ids[k.slice(4)] = v;
  const readers = await role(t, 'Order readers', [{ typeId: order.typeId, canRead: true }]);
  const orderReaderId = await t.addUser('orders', [readers]);
  const orderReader = await t.login('orders');
  return {
    customer: customer.typeId,
    order: order.typeId,
    customerRel,
    fields: { ...customer.fieldIds, ...order.fieldIds },
    ids,
    orderReader,
    orderReaderId,
  };
}

/** Adds a Calculation field to a type; answers the put's answer. */
export function addCalcField(t: TestApp, typeId: number, name: string, calculation: string, extra = {}) {
  return t.admin.put([
    {
      id: 'new:f',
      typeId: 'core:field',
      fields: {
        name,
        fieldScriptName: name.replace(/\W/g, ''),
        fieldType: 'Calculation',
        fieldCalculation: calculation,
        ...extra,
      },
      relationships: { fieldIsOnType: { set: [typeId] } },
    },
  ]);
}
