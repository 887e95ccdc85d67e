import type { EntityChange, ReportDefinitionInput } from '@plinth/schema';
import { contextFor } from '../src/auth/contextFor.js';
import { putEntities } from '../src/entities/putEntities.js';
import type { Services } from '../src/services.js';
import type { BenchData } from './seedBench.js';

/**
 * The list over the seeded opportunities: name, amount, close date, probability, stage, account;
 * filterable by stage, amount and name; sorted by name.
 */
export function benchListDefinition(data: BenchData): ReportDefinitionInput {
  const f = data.fields;
  const columns = [
    { id: 'name', kind: 'field' as const, fieldId: 100 },
    { id: 'amount', kind: 'field' as const, fieldId: f.amount! },
    { id: 'closeDate', kind: 'field' as const, fieldId: f.closeDate! },
    { id: 'probability', kind: 'field' as const, fieldId: f.probability! },
    { id: 'stage', kind: 'relationship' as const, relId: data.rels.stage, direction: 'fwd' as const },
    { id: 'account', kind: 'relationship' as const, relId: data.rels.account, direction: 'fwd' as const },
  ];
  return {
    version: 1,
    rootTypeId: data.opportunityTypeId,
    columns,
    conditions: [
      { id: 'stage', columnId: 'stage' },
      { id: 'amount', columnId: 'amount' },
      { id: 'name', columnId: 'name' },
    ],
    sorts: [{ columnId: 'name', order: 'Ascending' }],
  };
}

/** The bench's two reports as a put writes them: the list and the same grouped by stage with the sum of amounts. */
export function benchReportEntities(data: BenchData): EntityChange[] {
  const list = benchListDefinition(data);
  const grouped: ReportDefinitionInput = {
    ...list,
    groups: [{ columnId: 'stage', order: 'Ascending' }],
    aggregates: [{ columnId: 'amount', kinds: ['Sum'] }],
  };
  return [
    {
      id: 'new:list',
      typeId: 'core:report',
      fields: { name: 'Opportunities', reportDefinition: JSON.stringify(list) },
    },
    {
      id: 'new:grouped',
      typeId: 'core:report',
      fields: { name: 'By stage', reportDefinition: JSON.stringify(grouped) },
    },
  ];
}

/** Writes the bench's two reports (benchReportEntities); answers their ids. */
export async function createBenchReports(services: Services, data: BenchData) {
  const ctx = await contextFor(services, data.tenantId, data.adminId);
  const result = await putEntities(ctx, { entities: benchReportEntities(data), deleted: [] });
  return { list: result.ids['new:list']!, grouped: result.ids['new:grouped']! };
}
