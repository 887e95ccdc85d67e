import type { CalcEditorApi } from '@plinth/expression-editor';
import type { TypeSchemaResponse } from '@plinth/schema';
import { useEffect, useState } from 'react';
import type { FormPageChoice, ObjectChoice, WorkflowApi } from './workflowApi';

/** What every part of the workflow editor reads: its calls and the Objects, read once. */
export interface WorkflowServices {
  api: WorkflowApi;
  calcApi: CalcEditorApi;
  objects: readonly ObjectChoice[];
  /** The apps' form pages, read the first time a task step asks. */
  formPages: () => Promise<FormPageChoice[]>;
}

/** Reads once and keeps the answer; a failed read is asked again the next time. */
export function once<T>(read: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | undefined;
  return () => {
    if (!kept) {
      const p = read();
      kept = p;
      p.catch(() => {
        if (kept === p) kept = undefined;
      });
    }
    return kept;
  };
}

/** An Object's fields and relationships, or null while they are read (or when no Object is given). */
export function useTypeSchema(
  api: WorkflowApi,
  typeId: number | null | undefined,
): TypeSchemaResponse | null {
  const [schema, setSchema] = useState<TypeSchemaResponse | null>(null);
  useEffect(() => {
    setSchema(null);
    if (!typeId) return;
    let live = true;
    api.typeSchema(typeId).then(
      (answer) => live && setSchema(answer),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [api, typeId]);
  return schema?.type.id === typeId ? schema : null;
}

/** The apps' form pages, or null while they are read. */
export function useFormPages(services: WorkflowServices): FormPageChoice[] | null {
  const [pages, setPages] = useState<FormPageChoice[] | null>(null);
  useEffect(() => {
    let live = true;
    services.formPages().then(
      (answer) => live && setPages(answer),
      () => live && setPages([]),
    );
    return () => {
      live = false;
    };
  }, [services]);
  return pages;
}
