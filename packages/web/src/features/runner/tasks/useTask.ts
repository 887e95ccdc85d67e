import type { TaskItem } from '@plinth/schema';
import { toast } from '@plinth/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/apiClient';
import { useSession } from '../../auth/public';
import { taskApi } from './taskApi';

/** The messages of a task's view (decision 0131). */
export const taskMessages = {
  failedToRead: 'The task could not be read.',
  completed: (name: string) => `Task completed: ${name}`,
  stale:
    'The task was changed by someone else after you opened it. It has been read again: check it and complete it again.',
  failedToComplete: 'The task could not be completed.',
  saveFirst: 'Save your changes before completing the task.',
} as const;

export type TaskLoad =
  | { status: 'loading' }
  | { status: 'ready'; task: TaskItem }
  | { status: 'failed'; message: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One task, read when the view opens and again on `reload`, and its completion: with the version
 * read (If-Match), so a task changed meanwhile is refused, said, and read again — the form beside it
 * keeps whatever was typed.
 */
export function useTask(taskId: number, onCompleted?: (task: TaskItem) => void) {
  const { client } = useSession();
  const [load, setLoad] = useState<TaskLoad>({ status: 'loading' });
  const [isCompleting, setCompleting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [reads, setReads] = useState(0);
  const completed = useRef(onCompleted);
  completed.current = onCompleted;

  useEffect(() => {
    const controller = new AbortController();
    // A task read again keeps showing while the new answer comes.
    if (reads === 0) setLoad({ status: 'loading' });
    taskApi(client)
      .read(taskId, controller.signal)
      .then((answer) => setLoad({ status: 'ready', task: answer.task }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          setLoad({ status: 'failed', message: `${taskMessages.failedToRead} ${messageOf(error)}` });
      });
    return () => controller.abort();
  }, [client, taskId, reads]);

  const complete = useCallback(async () => {
    if (load.status !== 'ready' || isCompleting) return;
    const { task } = load;
    setCompleting(true);
    setProblem(null);
    try {
      const answer = await taskApi(client).complete(task);
      const done: TaskItem = { ...task, version: answer.version, isComplete: true, isOverdue: false };
      setLoad({ status: 'ready', task: done });
      toast.success(taskMessages.completed(task.name ?? 'Task'));
      completed.current?.(done);
      // The server stamps its completion time: read it again.
      setReads((n) => n + 1);
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) {
        setProblem(taskMessages.stale);
        setReads((n) => n + 1);
      } else setProblem(`${taskMessages.failedToComplete} ${messageOf(error)}`);
    } finally {
      setCompleting(false);
    }
  }, [client, load, isCompleting]);

  return { load, complete, isCompleting, problem };
}
export type TaskHandle = ReturnType<typeof useTask>;
