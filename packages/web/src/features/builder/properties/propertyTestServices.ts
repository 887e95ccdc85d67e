import type { CalcEditorApi, CompileAnswer } from '@plinth/expression-editor';
import type { ColumnChoice, PropertyChoice, PropertyServices } from './propertyServices';

/**
 * The panel's calls answered in memory for its tests: Objects and their reports from the lists
 * given, and compiles that know only the declared variables (a bracketed name that is not one is
 * an error, as the server's compile says of an unknown name).
 */
export function propertyTestServices(
  catalogue: {
    types?: PropertyChoice[];
    reports?: Record<number, PropertyChoice[]>;
    columns?: Record<number, ColumnChoice[]>;
  } = {},
): PropertyServices & { compiled: string[] } {
  const compiled: string[] = [];
  const calcApi: CalcEditorApi = {
    async compile(request) {
      compiled.push(request.expr);
      const declared = new Set((request.params ?? []).map((p) => p.name.toLowerCase()));
      const unknown = [...request.expr.matchAll(/\[([^\]]+)\]/g)].find(
        (m) => !declared.has(m[1]!.toLowerCase()),
      );
      const message = unknown ? `Unknown name '${unknown[1]}'.` : null;
      const answer: CompileAnswer = {
        resultType: 'Bool',
        entityTypeId: null,
        isList: false,
        error: message,
        warning: null,
        messages: message
          ? [
              {
                msgType: 'Error',
                message,
                location: { line: 1, col: (unknown?.index ?? 0) + 1, length: unknown![0].length },
              },
            ]
          : [],
      };
      return answer;
    },
    evaluate: async () => ({
      value: null,
      resultType: 'Bool',
      isList: false,
      entityTypeId: null,
      error: null,
    }),
    functions: async () => ({ functions: [], fields: [], relationships: [] }),
    snippets: async () => ({ group: 'System', snippets: [] }),
    describe: async () => ({ isError: true, description: 'Not available.' }),
    generate: async () => ({ calculation: '', isError: true, errorMessage: 'Not available.' }),
    isAiGenerateEnabled: async () => false,
    records: async () => [],
  };
  return {
    compiled,
    calcApi,
    reports: {
      types: async () => catalogue.types ?? [],
      reportsOf: async (typeId) => catalogue.reports?.[typeId] ?? [],
      columnsOf: async (reportId) => catalogue.columns?.[reportId] ?? [],
    },
  };
}
