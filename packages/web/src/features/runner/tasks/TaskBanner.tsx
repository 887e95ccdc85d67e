import './tasks.css';
import type { TaskItem } from '@plinth/schema';
import { Button } from '@plinth/ui';
import { useTenantSettings } from '../tenantSettings/TenantSettingsProvider';
import { completedText, dueText } from './taskDates';
import { type TaskHandle, taskMessages } from './useTask';

export interface TaskBannerProps {
  handle: TaskHandle;
  /** The form beside it has unsaved changes: they are saved before the task is completed. */
  isFormDirty?: boolean;
}

/** When a task is due, or was done, as its banner and list show it. */
export function TaskWhen({ task }: { task: TaskItem }) {
  const { settings } = useTenantSettings();
  if (task.isComplete)
    return task.completedAt ? (
      <span className="pl-task-when">Completed {completedText(task.completedAt, settings)}</span>
    ) : (
      <span className="pl-task-when">Completed</span>
    );
  if (!task.dueDate) return <span className="pl-task-when pl-muted">No due date</span>;
  return (
    <span className={`pl-task-when${task.isOverdue ? ' is-overdue' : ''}`}>
      {task.isOverdue ? (
        <>
          <strong className="pl-task-badge">Overdue</strong> Due {dueText(task.dueDate, settings)}
        </>
      ) : (
        `Due ${dueText(task.dueDate, settings)}`
      )}
    </span>
  );
}

/**
 * The task above its record's form (issue 21 item 5): "Task: …", when it is due, and Complete task
 * — which completes it with the version read; a task changed meanwhile is refused and said.
 */
export function TaskBanner({ handle, isFormDirty = false }: TaskBannerProps) {
  const { load, complete, isCompleting, problem } = handle;
  if (load.status === 'loading')
    return (
      <section className="pl-task-banner" aria-label="Task" aria-busy="true">
        <p className="pl-task-banner__title pl-muted">Reading the task…</p>
      </section>
    );
  if (load.status === 'failed')
    return (
      <section className="pl-task-banner is-failed" aria-label="Task">
        <p role="alert">{load.message}</p>
      </section>
    );
  const { task } = load;
  const name = task.name?.trim() || 'Task';
  return (
    <section className={`pl-task-banner${task.isComplete ? ' is-complete' : ''}`} aria-label="Task">
      <div className="pl-task-banner__text">
        <p className="pl-task-banner__title">
          <span className="pl-task-banner__label">Task:</span> {name}
        </p>
        <p className="pl-task-banner__meta">
          <TaskWhen task={task} />
        </p>
      </div>
      {!task.isComplete && task.canComplete && (
        <div className="pl-task-banner__actions">
          <Button
            variant="primary"
            isDisabled={isCompleting || isFormDirty}
            aria-busy={isCompleting}
            onPress={() => void complete()}
          >
            {isCompleting ? 'Completing…' : 'Complete task'}
          </Button>
        </div>
      )}
      {!task.isComplete && isFormDirty && <p className="pl-task-banner__note">{taskMessages.saveFirst}</p>}
      {problem && (
        <p className="pl-task-banner__problem" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
