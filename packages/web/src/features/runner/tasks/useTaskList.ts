import type { ListTasksResponse, TaskItem, TaskState } from '@plinth/schema';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSession } from '../../auth/public';
import { taskApi } from './taskApi';

export interface TaskListState {
  /** The list the tasks are of. */
  of: TaskState;
  status: 'loading' | 'ready' | 'failed';
  tasks: readonly TaskItem[];
  /** How many each list holds; null until the first answer. */
  counts: ListTasksResponse['counts'] | null;
  message: string | null;
  hasMore: boolean;
  isLoadingMore: boolean;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** One of the signed-in user's task lists, a page at a time, read again on `refresh`. */
export function useTaskList(state: TaskState) {
  const { client } = useSession();
  const [list, setList] = useState<TaskListState>({
    of: state,
    status: 'loading',
    tasks: [],
    counts: null,
    message: null,
    hasMore: false,
    isLoadingMore: false,
  });
  const [reads, setReads] = useState(0);
  // Only the newest ask's answer counts: a list switched meanwhile is not shown.
  const asked = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reads` is how refresh asks again
  useEffect(() => {
    const ask = ++asked.current;
    const controller = new AbortController();
    // A list read again keeps its tasks while the answer comes; another list starts empty.
    setList((l) => ({
      ...l,
      of: state,
      status: 'loading',
      tasks: l.of === state ? l.tasks : [],
      message: null,
    }));
    taskApi(client)
      .list(state, 0, controller.signal)
      .then((answer) => {
        if (ask !== asked.current) return;
        setList({
          of: state,
          status: 'ready',
          tasks: answer.tasks,
          counts: answer.counts,
          message: null,
          hasMore: answer.tasks.length < answer.counts[state],
          isLoadingMore: false,
        });
      })
      .catch((error: unknown) => {
        if (ask === asked.current && !controller.signal.aborted)
          setList((l) => ({ ...l, status: 'failed', message: messageOf(error) }));
      });
    return () => controller.abort();
  }, [client, state, reads]);

  const loadMore = useCallback(() => {
    const ask = asked.current;
    setList((l) => ({ ...l, isLoadingMore: true }));
    taskApi(client)
      .list(state, list.tasks.length)
      .then((answer) => {
        if (ask !== asked.current) return;
        setList((l) => {
          const known = new Set(l.tasks.map((t) => t.id));
          const tasks = [...l.tasks, ...answer.tasks.filter((t) => !known.has(t.id))];
          return {
            ...l,
            tasks,
            counts: answer.counts,
            hasMore: answer.tasks.length > 0 && tasks.length < answer.counts[state],
            isLoadingMore: false,
          };
        });
      })
      .catch((error: unknown) => {
        if (ask === asked.current)
          setList((l) => ({ ...l, isLoadingMore: false, message: messageOf(error) }));
      });
  }, [client, state, list.tasks.length]);

  const refresh = useCallback(() => setReads((n) => n + 1), []);
  return { ...list, loadMore, refresh };
}
