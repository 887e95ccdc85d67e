import './tasks.css';
import { type RunnerAppResponse, type TaskItem, type TaskState, taskStates } from '@plinth/schema';
import { Button, ErrorDisplay, LoadingGrid } from '@plinth/ui';
import { useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { navigate, useLocation } from '../../../app/router';
import { useDocumentTitle } from '../../../app/useDocumentTitle';
import { BreadcrumbBar, withTrail } from '../breadcrumbs/public';
import { NavigationModal } from '../navigation/NavigationModal';
import { type RunnerHost, targetUrl } from '../navigation/runnerTarget';
import { TaskWhen } from './TaskBanner';
import { useTaskList } from './useTaskList';

export const myTasksTitle = 'My tasks';

const tabLabels: Record<TaskState, string> = { open: 'Open', due: 'Due', done: 'Done' };
const emptyLists: Record<TaskState, string> = {
  open: 'You have no open tasks.',
  due: 'Nothing is due today, and nothing is overdue.',
  done: 'You have not completed any tasks yet.',
};

/** The list a `state` query parameter names; open when it names none. */
export function taskStateOf(value: string | null): TaskState {
  return taskStates.find((s) => s === value) ?? 'open';
}

export interface MyTasksPageProps {
  app: RunnerAppResponse;
  host: RunnerHost;
  state: TaskState;
}

/**
 * "My tasks" in every app (issue 21 item 5, decision 0131): the signed-in user's open, due and done
 * tasks. A task opens its record's form as it says — in a modal when it is a popup task — with the
 * task above it and Complete task; the list is read again once one is completed.
 */
export function MyTasksPage({ app, host, state }: MyTasksPageProps) {
  const list = useTaskList(state);
  const { pathname, search, hash } = useLocation();
  const [modal, setModal] = useState<{ task: TaskItem; url: string } | null>(null);
  useDocumentTitle(myTasksTitle);
  const listUrl = (next: TaskState) => targetUrl(app.slug, { kind: 'tasks', state: next }, host);
  const taskUrl = (task: TaskItem) =>
    targetUrl(app.slug, { kind: 'task', taskId: task.id, mode: 'task' }, host);
  const open = (task: TaskItem) => {
    if (task.promptForTaskIsPopup) setModal({ task, url: taskUrl(task) });
    else navigate(withTrail(taskUrl(task), { url: `${pathname}${search}${hash}`, name: myTasksTitle }));
  };
  const shown = list.of === state ? list.tasks : [];
  return (
    <section className="pl-my-tasks" aria-labelledby="pl-my-tasks-title">
      <BreadcrumbBar currentName={myTasksTitle} />
      <h1 id="pl-my-tasks-title">{myTasksTitle}</h1>
      <Tabs
        selectedKey={state}
        onSelectionChange={(key) => navigate(listUrl(taskStateOf(String(key))), { replace: true })}
      >
        <TabList aria-label="Task lists" className="pl-my-tasks__tabs">
          {taskStates.map((s) => (
            <Tab key={s} id={s} className="pl-my-tasks__tab">
              {tabLabels[s]}
              {list.counts && ' '}
              {list.counts && (
                <span className={`pl-my-tasks__count${s === 'due' && list.counts.due > 0 ? ' is-due' : ''}`}>
                  {list.counts[s]}
                </span>
              )}
            </Tab>
          ))}
        </TabList>
        <TabPanel id={state} className="pl-my-tasks__panel">
          {list.status === 'failed' && shown.length === 0 ? (
            <ErrorDisplay message={`The tasks could not be read. ${list.message ?? ''}`.trim()} />
          ) : list.status === 'loading' && shown.length === 0 ? (
            <LoadingGrid columns={2} rows={4} />
          ) : shown.length === 0 ? (
            <p className="pl-my-tasks__empty">{emptyLists[state]}</p>
          ) : (
            <ul
              className="pl-my-tasks__list"
              aria-label={`${tabLabels[state]} tasks`}
              aria-busy={list.status === 'loading'}
            >
              {shown.map((task) => (
                <li key={task.id} className={`pl-task-item${task.isOverdue ? ' is-overdue' : ''}`}>
                  <div className="pl-task-item__main">
                    <a
                      href={taskUrl(task)}
                      className="pl-task-item__name"
                      onClick={(event) => {
                        if (
                          event.button !== 0 ||
                          event.metaKey ||
                          event.ctrlKey ||
                          event.shiftKey ||
                          event.altKey
                        )
                          return;
                        event.preventDefault();
                        open(task);
                      }}
                    >
                      {task.name?.trim() || 'Task'}
                    </a>
                    <span className="pl-task-item__about">
                      {task.record ? `About ${task.record.name?.trim() || 'a record'}` : 'No record to open'}
                    </span>
                  </div>
                  <TaskWhen task={task} />
                </li>
              ))}
            </ul>
          )}
          {list.hasMore && (
            <div className="pl-my-tasks__more">
              <Button variant="outline" isDisabled={list.isLoadingMore} onPress={list.loadMore}>
                {list.isLoadingMore ? 'Loading…' : 'Show more'}
              </Button>
            </div>
          )}
        </TabPanel>
      </Tabs>
      {modal && (
        <NavigationModal
          app={app}
          modal={{ target: { kind: 'task', taskId: modal.task.id, mode: 'task' }, url: modal.url }}
          host={host}
          onClose={() => setModal(null)}
          onOpenAsPage={() => {
            setModal(null);
            navigate(withTrail(modal.url, { url: `${pathname}${search}${hash}`, name: myTasksTitle }));
          }}
          onTaskCompleted={() => {
            setModal(null);
            list.refresh();
          }}
        />
      )}
    </section>
  );
}
