import { useEffect, useId, useState } from 'react';
import type { CalcEditorApi, EditorParameter } from '../api/calcEditorApi';
import type { EvalAnswer } from '../api/calcEditorContracts';
import { unexpectedError } from '../api/editorMessages';

export interface LiveResultProps {
  api: CalcEditorApi;
  /** The expression as last compiled without error; null while it has an error. */
  expression: string | null;
  contextType?: number | string | undefined;
  host?: string | undefined;
  params: readonly EditorParameter[];
}

/** A value as a builder reads it: lists joined, records by name, null as "(null)". */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '(null)';
  if (Array.isArray(value)) return value.length === 0 ? '(empty list)' : value.map(formatValue).join(', ');
  if (typeof value === 'object') {
    const record = value as { name?: unknown; id?: unknown };
    if (typeof record.name === 'string') return record.name;
    if (record.id !== undefined) return `#${String(record.id)}`;
    return JSON.stringify(value);
  }
  if (typeof value === 'string') return value === '' ? "''" : value;
  return String(value);
}

type Shown =
  | { kind: 'idle' }
  | { kind: 'evaluating' }
  | { kind: 'done'; answer: EvalAnswer }
  | { kind: 'failed' };

/**
 * The live result beside the diagnostics: the expression's value for a record the builder picks
 * (the eval call), so a calculation can be tried before it is saved (decision 0078).
 */
export function LiveResult({ api, expression, contextType, host, params }: LiveResultProps) {
  const [records, setRecords] = useState<{ id: number; name: string }[]>([]);
  const [recordId, setRecordId] = useState<number | null>(null);
  const [shown, setShown] = useState<Shown>({ kind: 'idle' });
  const selectId = useId();

  useEffect(() => {
    setRecords([]);
    setRecordId(null);
    if (contextType === undefined) return;
    const abort = new AbortController();
    api.records(contextType, abort.signal).then(
      (list) => {
        setRecords(list);
        setRecordId(list[0]?.id ?? null);
      },
      () => {},
    );
    return () => abort.abort();
  }, [api, contextType]);

  const paramsKey = JSON.stringify(params);
  // biome-ignore lint/correctness/useExhaustiveDependencies: params are compared by value (paramsKey).
  useEffect(() => {
    if (expression === null || (contextType !== undefined && recordId === null)) {
      setShown({ kind: 'idle' });
      return;
    }
    const abort = new AbortController();
    setShown({ kind: 'evaluating' });
    api
      .evaluate({ expr: expression, context: recordId ?? undefined, host, params }, abort.signal)
      .then((answer) => setShown({ kind: 'done', answer }))
      .catch(() => {
        if (!abort.signal.aborted) setShown({ kind: 'failed' });
      });
    return () => abort.abort();
  }, [api, expression, recordId, host, paramsKey, contextType]);

  return (
    <section className="pl-expr-result" aria-label="Result">
      {contextType !== undefined && (
        <label className="pl-expr-result__record" htmlFor={selectId}>
          <span>Record</span>
          <select
            id={selectId}
            value={recordId ?? ''}
            onChange={(e) => setRecordId(e.target.value === '' ? null : Number(e.target.value))}
          >
            {records.length === 0 && <option value="">No records</option>}
            {records.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <output className="pl-expr-result__value" aria-live="polite" data-state={shown.kind}>
        <span className="pl-expr-result__label">Result: </span>
        {shown.kind === 'idle' && <span className="pl-expr-result__muted">—</span>}
        {shown.kind === 'evaluating' && <span className="pl-expr-result__muted">Evaluating…</span>}
        {shown.kind === 'failed' && <span className="pl-expr-result__error">{unexpectedError}</span>}
        {shown.kind === 'done' &&
          (shown.answer.error ? (
            <span className="pl-expr-result__error">{shown.answer.error}</span>
          ) : (
            <>
              <span className="pl-expr-result__text">{formatValue(shown.answer.value)}</span>
              <span className="pl-expr-result__type">
                {shown.answer.isList ? 'List of ' : ''}
                {shown.answer.resultType}
              </span>
            </>
          ))}
      </output>
    </section>
  );
}
