import { type CalcEditorApi, createCalcEditorApi } from '@plinth/expression-editor';
import { useMemo } from 'react';
import { z } from 'zod';
import { useSession } from '../auth/public';
import { ObjectPage } from './ObjectPage';
import { ObjectsPage } from './ObjectsPage';
import { type SchemaApi, schemaApi } from './schemaApi';

export interface SchemaEditorPageProps {
  /** The Object opened (/admin/schema/{typeId}), or null for the list (/admin/schema). */
  typeId: number | null;
  api?: SchemaApi;
  calcApi?: CalcEditorApi;
}

/** The schema editor in the admin area: the Objects, and one Object's fields. */
export function SchemaEditorPage({ typeId, api: givenApi, calcApi: givenCalcApi }: SchemaEditorPageProps) {
  const { client } = useSession();
  const api = useMemo(() => givenApi ?? schemaApi(client), [givenApi, client]);
  const calcApi = useMemo(
    () =>
      givenCalcApi ??
      createCalcEditorApi((method, path, body, signal) =>
        client.call(method, path, z.unknown(), body, signal),
      ),
    [givenCalcApi, client],
  );
  return typeId === null ? (
    <ObjectsPage api={api} />
  ) : (
    <ObjectPage key={typeId} api={api} calcApi={calcApi} typeId={typeId} />
  );
}
