import { type RunnerPageResponse, type TypeSchemaResponse, typeSchemaResponse } from '@plinth/schema';
import { useEffect, useState } from 'react';
import { runnerApi } from '../../../api/runnerApi';
import { useSession } from '../../auth/public';
import type { NewRecordLink } from '../../forms/public';
import { failedToGetRecord } from '../page/useRecordSummary';
import type { RunnerQuery } from '../runnerQuery';
import { resolveNewRecordLink } from './newRecordLink';
import { toOneEnds } from './recordFields';

export interface RecordDetails {
  type: TypeSchemaResponse;
  /** The record's name and values by field script name; null when creating. */
  record: { id: number; name: string | null; canDelete: boolean; values: Record<string, unknown> } | null;
  /** The type's default edit-record page, or the page the URL names; null when the type has none. */
  page: RunnerPageResponse | null;
  /** Where a new record starts related (relEid, relTypeId, relDir); null when nowhere. */
  link: NewRecordLink | null;
}

export type RecordDetailsState =
  | { status: 'loading' }
  | { status: 'ready'; details: RecordDetails }
  | { status: 'failed'; message: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * What a record route shows (spec 01 §2 `_createRecord`, `_editRecord`, `_viewRecord`): the record
 * (`cid`) and its type, or the type (`cid`) when creating, the page that edits it — the `pageId`
 * asked for, else the type's default edit-record page — and, when creating, the record the new one
 * starts related to (`relEid`, `relTypeId`, `relDir`).
 */
export function useRecordDetails(
  mode: 'create' | 'edit' | 'view',
  query: Pick<RunnerQuery, 'cid' | 'pageId' | 'relEid' | 'relTypeId' | 'relDir'>,
) {
  const { client } = useSession();
  const { cid, pageId, relEid, relTypeId, relDir } = query;
  const key = `${mode}|${cid}|${pageId}|${relEid}|${relTypeId}|${relDir}`;
  const [state, setState] = useState<{ key: string; state: RecordDetailsState }>({
    key,
    state: { status: 'loading' },
  });
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const done = (next: RecordDetailsState) => {
      if (!signal.aborted) setState({ key, state: next });
    };
    if (cid === null) {
      done({
        status: 'failed',
        message: mode === 'create' ? 'The object type is missing.' : failedToGetRecord,
      });
      return;
    }
    const api = runnerApi(client);
    void (async () => {
      let typeId = cid;
      if (mode !== 'create') {
        try {
          const [found] = (await client.getEntities({ ids: [cid], query: 'name' }, signal)).entities;
          if (!found) return done({ status: 'failed', message: failedToGetRecord });
          typeId = found.typeId;
        } catch (error) {
          return done({ status: 'failed', message: `${failedToGetRecord} ${messageOf(error)}` });
        }
      }
      try {
        const path = `/spapi/data/v1/schema/type/${typeId}`;
        const [type, page] = await Promise.all([
          client.call('GET', path, typeSchemaResponse, undefined, signal),
          (pageId > 0 ? api.pageById(pageId, false, signal) : api.recordPage(typeId, signal)).catch(
            () => null,
          ),
        ]);
        // The record page's alternates (decisions 0093, 0124): new records are created on its
        // multistep page, and records are edited on its edit page; a page asked for by id wins.
        const alternateId =
          pageId > 0
            ? undefined
            : mode === 'create'
              ? page?.alternateMultistepPageId
              : mode === 'edit'
                ? page?.alternateEditRecordPageId
                : undefined;
        const shown =
          alternateId !== undefined ? await api.pageById(alternateId, false, signal).catch(() => page) : page;
        let record: RecordDetails['record'] = null;
        const link =
          mode === 'create'
            ? await resolveNewRecordLink(client, type, { relEid, relTypeId, relDir }, signal)
            : null;
        if (mode !== 'create') {
          const members = [
            ...type.fields.map((f) => f.scriptName),
            ...toOneEnds(type.relationships).map((r) => r.endScriptName),
          ];
          const query = ['name', ...members.filter((s) => s !== 'name')].join(', ');
          const [found] = (await client.getEntities({ ids: [cid], query }, signal)).entities;
          if (!found) return done({ status: 'failed', message: failedToGetRecord });
          record = { id: found.id, name: found.name, canDelete: found.canDelete, values: found };
        }
        done({ status: 'ready', details: { type, record, page: shown, link } });
      } catch (error) {
        done({ status: 'failed', message: `${failedToGetRecord} ${messageOf(error)}` });
      }
    })();
    return () => controller.abort();
  }, [client, key, mode, cid, pageId, relEid, relTypeId, relDir]);
  return state.key === key ? state.state : ({ status: 'loading' } as const);
}
