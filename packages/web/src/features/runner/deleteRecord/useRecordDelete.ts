import {
  type DeleteFlowItem,
  type DeleteFlowNotice,
  type DeleteFlowOutcome,
  type DeleteFlowView,
  deleteFlowView,
  isSameDeleteFlowView,
} from '@plinth/grid';
import { toast } from '@plinth/ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type Actor, createActor } from 'xstate';
import { reportApi } from '../../../api/reportApi';
import { useSession } from '../../auth/public';
import { recordDeleteMachine } from './recordDeleteCalls';

export interface UseRecordDeleteOptions {
  /** Called once the flow ends: deleted, cancelled or failed (its toasts are already shown). */
  onFinished?: (outcome: DeleteFlowOutcome) => void;
  /** Where the flow's toasts go; default the app's toasts. */
  notify?: (notice: DeleteFlowNotice) => void;
}

/** A running delete as the dialog shows it, and what the dialog's buttons do. */
export interface RecordDelete {
  /** The open confirmation; undefined when no delete is running. */
  view: DeleteFlowView | undefined;
  /**
   * Starts deleting a record (or several: the bulk variant). A record given without `name`
   * (undefined) is named from the server first; `null` means it has no name.
   */
  start: (items: DeleteFlowItem | readonly DeleteFlowItem[]) => void;
  confirm: () => void;
  cancel: () => void;
}

const defaultNotify = (notice: DeleteFlowNotice) =>
  void toast[notice.kind](notice.title, notice.text ? { description: notice.text } : {});

type FlowActor = Actor<ReturnType<typeof recordDeleteMachine>>;

/**
 * The record delete flow of spec 01 §4 for a page of the runner: `start` opens 'Confirm delete'
 * (render `<RecordDeleteDialog recordDelete={…} />`), Yes deletes what it showed, and the flow's
 * toasts say how it went. One delete runs at a time; a new `start` replaces a running one.
 */
export function useRecordDelete(options: UseRecordDeleteOptions = {}): RecordDelete {
  const { client } = useSession();
  const machine = useMemo(() => recordDeleteMachine(reportApi(client)), [client]);
  // What to delete; each new one is a new run (a fresh actor), even for the same records.
  const [run, setRun] = useState<{ items: DeleteFlowItem[] } | undefined>();
  const [view, setView] = useState<DeleteFlowView | undefined>();
  const actorRef = useRef<FlowActor | undefined>(undefined);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  // The actor lives in the effect, so a remount (React's StrictMode runs effects twice) starts a
  // fresh one rather than a stopped one.
  useEffect(() => {
    if (!run) return;
    const notify = (notice: DeleteFlowNotice) => (optionsRef.current.notify ?? defaultNotify)(notice);
    const actor: FlowActor = createActor(
      machine.provide({ actions: { notify: (_, notice) => notify(notice) } }),
      { input: { items: run.items } },
    );
    actorRef.current = actor;
    const sub = actor.subscribe((snapshot) => {
      const next = deleteFlowView(snapshot);
      setView((current) => (isSameDeleteFlowView(current, next) ? current : next));
      if (snapshot.status === 'done' && snapshot.output) {
        optionsRef.current.onFinished?.(snapshot.output);
        setRun((current) => (current === run ? undefined : current));
      }
    });
    actor.start();
    return () => {
      sub.unsubscribe();
      actor.stop();
      if (actorRef.current === actor) actorRef.current = undefined;
    };
  }, [run, machine]);

  const start = useCallback((items: DeleteFlowItem | readonly DeleteFlowItem[]) => {
    setView(undefined);
    setRun({ items: Array.isArray(items) ? [...items] : [items as DeleteFlowItem] });
  }, []);
  const confirm = useCallback(() => actorRef.current?.send({ type: 'CONFIRM' }), []);
  const cancel = useCallback(() => actorRef.current?.send({ type: 'CANCEL' }), []);
  return { view, start, confirm, cancel };
}
