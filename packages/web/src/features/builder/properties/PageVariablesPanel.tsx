import type { PageVariable } from '@plinth/schema';
import { Button } from '@plinth/ui';
import { PageVariableRow } from './PageVariableRow';

export interface PageVariablesPanelProps {
  variables: readonly PageVariable[];
  /**
   * Each edit; `coalesceKey` names a run of typing that undo takes as one step, and `renamed` a
   * variable's new name, for its uses on the page to follow.
   */
  onChange: (next: PageVariable[], coalesceKey?: string, renamed?: { from: string; to: string }) => void;
}

/** The first free name of the form Variable{n}, in any case. */
function freeName(variables: readonly PageVariable[]): string {
  const taken = new Set(variables.map((v) => v.name.toLowerCase()));
  let n = 1;
  while (taken.has(`variable${n}`)) n += 1;
  return `Variable${n}`;
}

/**
 * The page's own variables (spec 01 §3, §5): listed, added and removed, each with a name, a type,
 * a list flag and a value of its type. Variables that components publish are theirs, not listed.
 */
export function PageVariablesPanel({ variables, onChange }: PageVariablesPanelProps) {
  const own = variables.filter((v) => v.componentId === undefined);
  const replace = (old: PageVariable, next: PageVariable | null, key?: string) =>
    onChange(
      variables.flatMap((v) => (v === old ? (next ? [next] : []) : [v])),
      key,
      next && next.name !== old.name ? { from: old.name, to: next.name } : undefined,
    );
  return (
    <section className="pl-builder-panel" aria-labelledby="page-variables-title">
      <h2 id="page-variables-title">Page variables</h2>
      {own.length === 0 && <p className="pl-field__hint">The page has no variables of its own.</p>}
      {own.map((variable, index) => (
        <PageVariableRow
          // A rename keeps the row (and its draft) by its place.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          rowKey={String(index)}
          variable={variable}
          otherNames={variables.filter((v) => v !== variable).map((v) => v.name)}
          onChange={(next, key) => replace(variable, next, key)}
          onRemove={() => replace(variable, null)}
        />
      ))}
      <Button
        variant="outline"
        size="small"
        onPress={() => onChange([...variables, { name: freeName(variables), type: 'String', isList: false }])}
      >
        Add variable
      </Button>
    </section>
  );
}
