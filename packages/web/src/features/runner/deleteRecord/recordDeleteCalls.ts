import {
  deleteFlowMachine,
  type DeleteFlowActorInputs as In,
  type DeleteFlowActorOutputs as Out,
} from '@plinth/grid';
import { fromPromise } from 'xstate';
import type { ReportApi } from '../../../api/reportApi';

type Calls = Pick<ReportApi, 'fetchEntity' | 'fetchDeleteDetails' | 'deleteEntities'>;

/** The name and type name of a record, from its `name` and `isOfType.name`. */
async function readName(api: Calls, id: number, signal: AbortSignal): Promise<Out['resolveName']> {
  const entity = await api.fetchEntity(id, 'name, isOfType.name', signal);
  const type = entity.isOfType as { name?: unknown } | null | undefined;
  return { name: entity.name, typeName: typeof type?.name === 'string' ? type.name : undefined };
}

/**
 * The delete flow with the server's calls (spec 01 §7): the record's name, the delete details
 * (our server answers them at once, so the first answer ends the polling) and the delete of
 * exactly what the confirmation showed.
 */
export function recordDeleteMachine(api: Calls): typeof deleteFlowMachine {
  return deleteFlowMachine.provide({
    actors: {
      resolveName: fromPromise<Out['resolveName'], In['resolveName']>(({ input, signal }) =>
        readName(api, input.id, signal),
      ),
      fetchDeleteDetails: fromPromise<Out['fetchDeleteDetails'], In['fetchDeleteDetails']>(
        ({ input, signal }) => api.fetchDeleteDetails(input.ids, signal),
      ),
      deleteEntities: fromPromise<Out['deleteEntities'], In['deleteEntities']>(async ({ input, signal }) => ({
        deleted: await api.deleteEntities(input.ids, signal, input.shown),
      })),
    },
  });
}
