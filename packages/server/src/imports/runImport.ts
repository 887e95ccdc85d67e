import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import {
  type CsvImportEvent,
  type CsvImportRequest,
  type CsvPreviewResponse,
  type CsvRowProblem,
  type EntityChange,
  relationshipEndName,
} from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { putEntities } from '../entities/putEntities.js';
import type { MemberError } from '../entities/relationshipChanges.js';
import { inTransaction } from '../entities/transaction.js';
import { AppError } from '../http/errors.js';
import { type CsvRow, csvRecords } from './csvText.js';
import { readUpload, removeUpload } from './csvUploads.js';
import { csvLimits, importMessages } from './importMessages.js';
import {
  type CellMessage,
  convertRow,
  type ImportPlan,
  importableType,
  planImport,
  resolveNames,
} from './importPlan.js';

/** Records written by one put of the import: its checks run on the batch as on any put. */
const rowsPerPut = 2000;

/** The first rows as they would be imported, and every bad row not excluded (first 1,000 listed). */
export async function previewImport(ctx: RequestContext, req: CsvImportRequest): Promise<CsvPreviewResponse> {
  importableType(ctx, req.typeId);
  const upload = await readUpload(ctx, req.uploadId);
  const plan = await planImport(ctx, upload.content, req.typeId, req.mapping);
  const excluded = new Set(req.excludedLines);
  const preview: CsvPreviewResponse = {
    rows: [],
    rowCount: 0,
    importableCount: 0,
    excludedCount: 0,
    badRows: [],
    badRowCount: 0,
    mappingProblems: plan.mappingProblems,
  };
  for await (const batch of rowBatches(ctx, plan, upload.content)) {
    for (const row of batch) {
      preview.rowCount++;
      const isExcluded = excluded.has(row.line);
      const { messages } = convertRow(plan, row);
      if (preview.rows.length < csvLimits.previewRows)
        preview.rows.push({
          line: row.line,
          cells: row.cells.slice(0, plan.columns.length),
          isExcluded,
          messages,
        });
      if (isExcluded) preview.excludedCount++;
      else if (messages.length > 0) {
        preview.badRowCount++;
        if (preview.badRows.length < csvLimits.listedBadRows)
          preview.badRows.push({ line: row.line, messages });
      } else preview.importableCount++;
    }
  }
  return preview;
}

/** The rows under the header, a put's worth at a time, with the records their lookups name found. */
async function* rowBatches(ctx: RequestContext, plan: ImportPlan, text: string): AsyncGenerator<CsvRow[]> {
  let isHeader = true;
  let batch: CsvRow[] = [];
  for await (const row of csvRecords(text)) {
    if (isHeader) {
      isHeader = false;
      continue;
    }
    batch.push(row);
    if (batch.length < rowsPerPut) continue;
    await resolveNames(ctx, plan, batch);
    yield batch;
    batch = [];
  }
  if (batch.length === 0) return;
  await resolveNames(ctx, plan, batch);
  yield batch;
}

/** How a running import reports and is stopped. */
export interface ImportRun {
  onProgress?: (done: number, total: number) => void;
  /** Aborting it rolls the import back: nothing of it is kept (the caller went away). */
  signal?: AbortSignal;
}

/** A bad row found while importing: the transaction rolls back and the rows are reported. */
class RowsRefused extends Error {
  constructor(
    readonly badRows: CsvRowProblem[],
    readonly badRowCount: number,
  ) {
    super('rows refused');
  }
}

/** An import whose file and mapping were read and checked: what it writes once run. */
export interface PreparedImport {
  uploadId: string;
  text: string;
  plan: ImportPlan;
  excluded: ReadonlySet<number>;
  started: number;
}

/**
 * Reads the upload and plans its import: an upload that is not the caller's, a type they may not
 * create records of, a mapping naming no importable member are refused here, as HTTP errors,
 * before anything is written or streamed.
 */
export async function prepareImport(ctx: RequestContext, req: CsvImportRequest): Promise<PreparedImport> {
  const started = performance.now();
  importableType(ctx, req.typeId);
  const upload = await readUpload(ctx, req.uploadId);
  const plan = await planImport(ctx, upload.content, req.typeId, req.mapping);
  return { uploadId: upload.id, text: upload.content, plan, excluded: new Set(req.excludedLines), started };
}

/**
 * Imports every row not excluded as a new record of the type, all or nothing (decision 0103): in
 * one transaction, through the entity service's put in batches, so each record is validated,
 * checked against the caller's rights and written as any put writes it. One bad row — in its
 * cells, or refused by the put — rolls everything back, and every bad row is reported by line.
 * An abort (the caller went away, the process stopped) leaves nothing either.
 */
export async function runImport(
  ctx: RequestContext,
  req: CsvImportRequest | PreparedImport,
  run: ImportRun = {},
): Promise<Extract<CsvImportEvent, { kind: 'imported' | 'refused' }>> {
  const { uploadId, text, plan, excluded, started } = 'plan' in req ? req : await prepareImport(ctx, req);
  if (plan.mappingProblems.length > 0)
    return { kind: 'refused', message: plan.mappingProblems.join(' '), badRows: [], badRowCount: 0 };
  let count: number;
  try {
    count = await inTransaction(ctx, (tx) => importRows(tx, plan, text, excluded, run));
  } catch (error) {
    if (!(error instanceof RowsRefused)) throw error;
    return {
      kind: 'refused',
      message: importMessages.badRowsLeft(error.badRowCount),
      badRows: error.badRows,
      badRowCount: error.badRowCount,
    };
  }
  if (count === 0)
    return { kind: 'refused', message: importMessages.nothingToImport, badRows: [], badRowCount: 0 };
  await removeUpload(ctx, uploadId);
  return {
    kind: 'imported',
    count,
    typeId: plan.type.id,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

async function importRows(
  tx: RequestContext,
  plan: ImportPlan,
  text: string,
  excluded: ReadonlySet<number>,
  run: ImportRun,
): Promise<number> {
  const bad: CsvRowProblem[] = [];
  let badCount = 0;
  const addBad = (line: number, messages: CellMessage[]) => {
    badCount++;
    if (bad.length < csvLimits.listedBadRows) bad.push({ line, messages });
  };
  let done = 0;
  for await (const rows of rowBatches(tx, plan, text)) {
    const changes: EntityChange[] = [];
    for (const row of rows) {
      if (excluded.has(row.line)) continue;
      const { change, messages } = convertRow(plan, row);
      if (messages.length > 0) addBad(row.line, messages);
      else changes.push(change);
    }
    // Once a row is bad nothing more is written: the rest is only read for its problems.
    if (badCount === 0 && changes.length > 0) {
      try {
        await putEntities(tx, { entities: changes, deleted: [] });
      } catch (error) {
        if (!isValidationFailure(error)) throw error;
        for (const [line, messages] of putProblems(plan, error)) addBad(line, messages);
      }
    }
    done += changes.length;
    run.onProgress?.(done, Math.max(done, plan.expectedRows - excluded.size));
    // SQLite answers synchronously: without a turn of the event loop the progress would not be sent.
    await yieldToEventLoop();
    if (run.signal?.aborted) throw run.signal.reason ?? new Error('The import was stopped.');
  }
  if (badCount > 0) throw new RowsRefused(bad, badCount);
  return done;
}

function isValidationFailure(error: unknown): error is AppError {
  return error instanceof AppError && error.code === 'validation_failed';
}

/** The put's member errors by the line of their row (`new:{line}`), each under its column's header. */
function putProblems(plan: ImportPlan, error: AppError): Map<number, CellMessage[]> {
  const errors = ((error.details as { errors?: MemberError[] } | undefined)?.errors ?? []) as MemberError[];
  const byLine = new Map<number, CellMessage[]>();
  for (const e of errors) {
    const line = Number(String(e.id).replace(/^new:/, ''));
    if (!Number.isInteger(line)) continue;
    const column = plan.columns.find((_, i) => {
      const t = plan.targets[i];
      if (!t) return false;
      const script =
        t.member === 'field' ? t.field.scriptName : relationshipEndName(t.rel, t.direction).scriptName;
      return script.toLowerCase() === e.member.toLowerCase() || t.key === e.member;
    });
    byLine.set(line, [...(byLine.get(line) ?? []), { column: column ?? null, message: e.message }]);
  }
  // A put refused without naming a row (it should not happen) still refuses the import.
  if (byLine.size === 0) byLine.set(0, [{ column: null, message: error.message }]);
  return byLine;
}
