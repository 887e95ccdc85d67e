import { fromPromise } from 'xstate';
import type { CalcEditorApi, CompileRequest, EditorParameter } from '../api/calcEditorApi';
import type { CompileAnswer } from '../api/calcEditorContracts';
import { CompileCache } from './compileCache';
import type { CompileExpressionInput, CompileParametersInput } from './expressionEditorTypes';

/** One cache for every editor on the page: the same expression in the same setting compiles once. */
export const sharedCompileCache = new CompileCache<CompileAnswer>();

const keyOf = (request: CompileRequest) => JSON.stringify(request);

/** The machine's compile actors over the editor's API and the compile cache. */
export function editorActors(api: CalcEditorApi, cache: CompileCache<CompileAnswer> = sharedCompileCache) {
  const compile = (request: CompileRequest, signal: AbortSignal) =>
    cache.through(keyOf(request), () => api.compile(request, signal));
  return {
    compileExpression: fromPromise<CompileAnswer, CompileExpressionInput>(({ input }) =>
      compile(input.request, input.signal),
    ),
    /** Each parameter with an expression is compiled (with the typed parameters) for its type. */
    compileParameters: fromPromise<EditorParameter[], CompileParametersInput>(async ({ input }) => {
      const all = input.request.params ?? [];
      const typed = all.filter((p) => !p.expr?.trim());
      return Promise.all(
        all.map(async (p): Promise<EditorParameter> => {
          if (!p.expr?.trim()) return p;
          const answer = await compile(
            { ...input.request, expr: p.expr, params: typed, expectedResultType: undefined },
            input.signal,
          );
          return {
            name: p.name,
            type: answer.resultType,
            isList: answer.isList,
            entityTypeId: answer.entityTypeId ?? undefined,
          };
        }),
      );
    }),
  };
}
