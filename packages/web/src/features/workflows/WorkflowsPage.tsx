import { type CalcEditorApi, createCalcEditorApi } from '@plinth/expression-editor';
import { ErrorDisplay, LoadingGrid } from '@plinth/ui';
import { useCallback, useMemo, useState } from 'react';
import { z } from 'zod';
import { navigate } from '../../app/router';
import { useAdminRead } from '../admin/public';
import { useSession } from '../auth/public';
import { WorkflowEditor } from './WorkflowEditor';
import { WorkflowList } from './WorkflowList';
import { type WorkflowApi, workflowApi } from './workflowApi';
import { once, type WorkflowServices } from './workflowServices';
import './workflows.css';

export interface WorkflowsPageProps {
  /** The workflow opened (/admin/workflows/{id}), 'new', or null for the list. */
  workflowId: number | 'new' | null;
  api?: WorkflowApi;
  calcApi?: CalcEditorApi;
  confirm?: (question: string) => boolean;
}

/** The workflows in the admin area (issue 21 item 1, decision 0130): the list, and one's editor. */
export function WorkflowsPage({
  workflowId,
  api: givenApi,
  calcApi: givenCalcApi,
  confirm,
}: WorkflowsPageProps) {
  const { client } = useSession();
  const api = useMemo(() => givenApi ?? workflowApi(client), [givenApi, client]);
  const calcApi = useMemo(
    () =>
      givenCalcApi ??
      createCalcEditorApi((method, path, body, signal) =>
        client.call(method, path, z.unknown(), body, signal),
      ),
    [givenCalcApi, client],
  );
  // The editor keeps its form when a new workflow, once saved, moves to its own address.
  const [createdId, setCreatedId] = useState<number | null>(null);
  if (workflowId === null) return <WorkflowList api={api} />;
  return (
    <EditorFrame
      key={workflowId === createdId ? 'new' : String(workflowId)}
      api={api}
      calcApi={calcApi}
      workflowId={workflowId}
      onCreated={(id) => {
        setCreatedId(id);
        navigate(`/admin/workflows/${id}`, { replace: true });
      }}
      {...(confirm ? { confirm } : {})}
    />
  );
}

/** Reads what every editor needs (the Objects and the roles), then shows the editor. */
function EditorFrame({
  api,
  calcApi,
  workflowId,
  onCreated,
  confirm,
}: {
  api: WorkflowApi;
  calcApi: CalcEditorApi;
  workflowId: number | 'new';
  onCreated: (id: number) => void;
  confirm?: (question: string) => boolean;
}) {
  const read = useCallback(
    async (signal?: AbortSignal) => {
      const [objects, roles] = await Promise.all([api.objects(signal), api.roles(signal)]);
      return { objects, roles };
    },
    [api],
  );
  const { value, error } = useAdminRead(read);
  const services = useMemo<WorkflowServices | null>(
    () => (value ? { api, calcApi, objects: value.objects, formPages: once(() => api.formPages()) } : null),
    [api, calcApi, value],
  );
  if (error) return <ErrorDisplay message={error} homeHref="/admin/workflows" />;
  if (!services || !value) return <LoadingGrid columns={2} rows={6} />;
  return (
    <WorkflowEditor
      services={services}
      workflowId={workflowId}
      roles={value.roles}
      onCreated={onCreated}
      {...(confirm ? { confirm } : {})}
    />
  );
}
