import {
  type ActionItem,
  type EntityId,
  sysField as F,
  sysRel as R,
  systemAction,
  sysType as T,
} from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { selectLinksOfRels, toEntityRow } from '../data/entityRepository.js';
import { tenantScope } from '../data/tenantScope.js';
import { engineContext } from './engineContext.js';
import { mayRun } from './startRun.js';
import { storedDefinition } from './workflowCache.js';

/** Where the run items sit among a menu's actions: after the generate items, before exports. */
const runOrder = 90;

/** The most workflows a menu looks at. */
const workflowsLooked = 200;

/**
 * The run-workflow items of a type's menus (spec 03 §3 actionMenuItemToWorkflow, decision 0126):
 * one for each workflow the caller may run whose first record argument takes the type's records,
 * about exactly one readable record, which goes in that argument (`data.WorkflowArgument`).
 */
export async function runWorkflowActions(
  ctx: RequestContext,
  typeId: EntityId,
  isOneReadable: boolean,
): Promise<ActionItem[]> {
  const engine = await engineContext(ctx);
  const rows = (
    await tenantScope(engine)
      .records()
      .selectAll()
      .where('type_id', '=', T.workflow)
      .orderBy('name')
      .limit(workflowsLooked)
      .execute()
  ).map(toEntityRow);
  if (rows.length === 0) return [];
  const links = await selectLinksOfRels(
    engine.db,
    engine.tenantId,
    [R.workflowRunnableBy],
    'from_id',
    rows.map((r) => r.id),
  );
  const items: ActionItem[] = [];
  for (const row of rows) {
    const runnableBy = links.filter((l) => l.fromId === row.id).map((l) => l.toId);
    if (!mayRun(ctx.actor, { runnableBy })) continue;
    let argument: string | undefined;
    try {
      argument = storedDefinition(row.data[F.workflowDefinition]).arguments.find(
        (a) =>
          a.type === 'core:resourceArgument' &&
          a.entityTypeId !== undefined &&
          ctx.schema.isA(typeId, a.entityTypeId),
      )?.name;
    } catch {
      continue;
    }
    if (!argument) continue;
    items.push(
      systemAction({
        id: row.id,
        alias: 'core:runWorkflowAction',
        name: row.name ?? 'Workflow',
        method: 'run',
        state: 'run',
        icon: 'run',
        eid: row.id,
        order: runOrder + items.length / 100,
        iscontext: true,
        isselect: true,
        isenabled: isOneReadable,
        data: { WorkflowArgument: argument },
      }),
    );
  }
  return items;
}
