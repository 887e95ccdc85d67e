import {
  listTasksResponse,
  patchEntityResponse,
  type TaskItem,
  type TaskState,
  taskResponse,
} from '@plinth/schema';
import type { ApiClient } from '../../../api/apiClient';

/** How many tasks a list asks for at a time. */
export const taskPageSize = 50;

/**
 * The calls of "My tasks" (decision 0131): the signed-in user's lists, one task, and completing a
 * task through the entity service with the version it was read at (If-Match), which moves its run on.
 */
export function taskApi(client: Pick<ApiClient, 'call'>) {
  return {
    list: (state: TaskState, offset = 0, signal?: AbortSignal) =>
      client.call(
        'GET',
        `/spapi/data/v1/tasks?state=${state}&limit=${taskPageSize}&offset=${offset}`,
        listTasksResponse,
        undefined,
        signal,
      ),
    read: (id: number, signal?: AbortSignal) =>
      client.call('GET', `/spapi/data/v1/tasks/${id}`, taskResponse, undefined, signal),
    /** A task changed since it was read is refused (412): nothing is written. */
    complete: (task: Pick<TaskItem, 'id' | 'version'>) =>
      client.call(
        'PATCH',
        `/spapi/data/v1/entity/${task.id}`,
        patchEntityResponse,
        { fields: { userTaskIsComplete: true } },
        undefined,
        undefined,
        { ifMatch: `"${task.version}"` },
      ),
  };
}
export type TaskApi = ReturnType<typeof taskApi>;
