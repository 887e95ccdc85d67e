import { type EditorParameter, LazyExpressionEditor } from '@plinth/expression-editor';
import type { PageVersionContent } from '@plinth/schema';
import { useMemo } from 'react';
import type { PropertyServices } from './propertyServices';

export interface ExpressionPropertyProps {
  /** The editor's accessible name, shown above it. */
  label: string;
  value: string;
  onChange: (expression: string) => void;
  content: PageVersionContent;
  services: PropertyServices;
  /** Visibility, read-only and validation expressions are conditions. */
  expectedResultType?: string;
}

/** The page's variables as the expression editor declares them (spec 03 §3): their types compile. */
export function pageParameters(variables: PageVersionContent['variables']): EditorParameter[] {
  return variables.map((v) => ({
    name: v.name,
    type: v.type,
    isList: v.isList,
    ...(v.entityTypeId === undefined ? {} : { entityTypeId: v.entityTypeId }),
  }));
}

/**
 * An expression of the panel in the expression editor (spec 03 §2), written for the page's record
 * type with the page's variables. The editor keeps its own text; each edit is reported at once.
 */
export function ExpressionProperty({
  label,
  value,
  onChange,
  content,
  services,
  expectedResultType,
}: ExpressionPropertyProps) {
  const variables = content.variables;
  const params = useMemo(() => pageParameters(variables), [variables]);
  return (
    <div className="pl-text-field">
      <span className="pl-field__label" aria-hidden="true">
        {label}
      </span>
      <LazyExpressionEditor
        api={services.calcApi}
        label={label}
        contextType={content.contextEntityTypeId ?? undefined}
        host="Evaluate"
        params={params}
        variables={params}
        {...(expectedResultType ? { expectedResultType } : {})}
        defaultValue={value}
        evaluateOnLoad={value.trim() !== ''}
        onInput={onChange}
        size="small"
        resize="vertical"
        showLiveResult={false}
      />
    </div>
  );
}
