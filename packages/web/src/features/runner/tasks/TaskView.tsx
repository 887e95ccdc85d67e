import type { TaskItem } from '@plinth/schema';
import { ErrorDisplay, LoadingGrid } from '@plinth/ui';
import { useCallback, useEffect, useState } from 'react';
import { useDocumentTitle } from '../../../app/useDocumentTitle';
import { LazyRecordView } from '../record/LazyRecordView';
import type { RecordViewProps } from '../record/RecordView';
import type { RunnerQuery } from '../runnerQuery';
import { TaskBanner } from './TaskBanner';
import { useTask } from './useTask';

/** Spec: a task with no record the user can open still shows, to be completed. */
export const noTaskRecord = 'This task is about no record you can open.';

export interface TaskViewProps {
  taskId: number;
  /** `view`: always view mode (NAVIGATE_TO_TASK); `task`: edit or view as the task says. */
  mode: 'view' | 'task';
  /** The route's query (breadcrumbs, runtime options); the record and page come from the task. */
  query: RunnerQuery;
  /** In a modal: no breadcrumbs or document title; the title goes to the modal. */
  isEmbedded?: boolean;
  onTitle?: (title: string) => void;
  onDirtyChange?: (isDirty: boolean) => void;
  /** The task was completed (its run moves on). */
  onCompleted?: (task: TaskItem) => void;
}

/**
 * A task opened (decision 0131): its record's form — the form page the task names, else the
 * record's own edit page — in the mode asked for, with the task above it and Complete task.
 */
export function TaskView({
  taskId,
  mode,
  query,
  isEmbedded = false,
  onTitle,
  onDirtyChange,
  onCompleted,
}: TaskViewProps) {
  const handle = useTask(taskId, onCompleted);
  const [isDirty, setDirty] = useState(false);
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);
  const { load } = handle;
  const task = load.status === 'ready' ? load.task : null;
  const title = task ? `Task: ${task.name?.trim() || 'Task'}` : undefined;
  const hasRecord = task?.record != null;
  useDocumentTitle(isEmbedded || hasRecord ? undefined : title);
  useEffect(() => {
    if (title && !hasRecord) onTitle?.(title);
  }, [title, hasRecord, onTitle]);
  const banner = <TaskBanner handle={handle} isFormDirty={isDirty} />;
  if (load.status === 'failed') return <ErrorDisplay message={load.message} homeHref="/apps" />;
  if (!task) return <LoadingGrid columns={2} rows={6} />;
  if (!task.record)
    return (
      <section className="pl-record-view pl-task-view" aria-label={title}>
        {!isEmbedded && <h1>{title}</h1>}
        {banner}
        <p className="pl-muted">{noTaskRecord}</p>
      </section>
    );
  const recordMode = mode === 'view' || !task.openInEditMode ? 'view' : 'edit';
  return (
    <LazyRecordView
      key={`${task.id}:${recordMode}`}
      mode={recordMode}
      query={{ ...query, cid: task.record.id, pageId: task.formToUse?.id ?? 0, formMode: recordMode }}
      isEmbedded={isEmbedded}
      {...(onTitle ? { onTitle } : {})}
      onDirtyChange={setDirty}
      banner={banner}
    />
  );
}

export type TaskRecordRouteProps = RecordViewProps & { taskId: number };

/**
 * A record route opened for a task (`_editRecord?cid=…&taskId=…`, the runner address a task
 * answers): the record as the route names it, with the task above its form.
 */
export function TaskRecordRoute({ taskId, onDirtyChange, ...props }: TaskRecordRouteProps) {
  const handle = useTask(taskId);
  const [isDirty, setDirty] = useState(false);
  const dirtyChanged = useCallback(
    (dirty: boolean) => {
      setDirty(dirty);
      onDirtyChange?.(dirty);
    },
    [onDirtyChange],
  );
  return (
    <LazyRecordView
      {...props}
      onDirtyChange={dirtyChanged}
      banner={<TaskBanner handle={handle} isFormDirty={isDirty} />}
    />
  );
}
