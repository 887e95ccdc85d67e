import { LoadingGrid } from '@plinth/ui';
import { useEffect, useState } from 'react';
import type { AiVariable, CalcEditorApi, DescribeResult } from '../api/calcEditorApi';
import { aiExplainUnavailable, aiFooter } from '../api/editorMessages';

export interface AiExplainPanelProps {
  api: CalcEditorApi;
  expression: string;
  variables: readonly AiVariable[];
  /** The record type the expression is written for: AI reads its fields. */
  contextType?: number | string | undefined;
  appName?: string | undefined;
  pageName?: string | undefined;
}

type Explained = { kind: 'loading' } | { kind: 'done'; result: DescribeResult } | { kind: 'failed' };

/**
 * The AI Explain popup's body: a description and numbered steps with the AI footer; an error
 * result's description as a warning; a failed call as the catalogue's danger message (spec 03 §8).
 */
export function AiExplainPanel({
  api,
  expression,
  variables,
  contextType,
  appName,
  pageName,
}: AiExplainPanelProps) {
  const [state, setState] = useState<Explained>({ kind: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: explained once per opening of the popup.
  useEffect(() => {
    const abort = new AbortController();
    api
      .describe({ calculation: expression, variables, contextType, appName, pageName }, abort.signal)
      .then((result) => setState({ kind: 'done', result }))
      .catch(() => {
        if (!abort.signal.aborted) setState({ kind: 'failed' });
      });
    return () => abort.abort();
  }, []);

  if (state.kind === 'loading')
    return (
      <div className="pl-expr-ai" aria-busy="true">
        <LoadingGrid columns={1} rows={3} />
      </div>
    );
  if (state.kind === 'failed')
    return (
      <div className="pl-expr-ai">
        <p className="pl-expr-message pl-expr-message--danger" role="alert">
          {aiExplainUnavailable}
        </p>
      </div>
    );
  const { result } = state;
  return (
    <div className="pl-expr-ai">
      {result.isError ? (
        <p className="pl-expr-message pl-expr-message--warning" role="status">
          {result.description}
        </p>
      ) : (
        <>
          <p className="pl-expr-ai__description">{result.description}</p>
          {result.steps.length > 0 && (
            <ol className="pl-expr-ai__steps">
              {result.steps.map((step, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: steps are a fixed list; two may read alike.
                <li key={i}>{step}</li>
              ))}
            </ol>
          )}
          <p className="pl-expr-ai__footer">{aiFooter}</p>
        </>
      )}
    </div>
  );
}
