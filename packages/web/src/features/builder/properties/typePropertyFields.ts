import { aggregateKinds } from '@plinth/schema';

/**
 * The own properties each list-page component type shows in the panel (componentTypes.ts holds
 * their schemas): a text, a number, an uploaded image, a choice, a report, a column of the
 * component's report, the
 * page's report components, or a list.
 */
export type TypeField =
  | {
      key: string;
      label: string;
      kind:
        | 'text'
        | 'multiline'
        | 'number'
        | 'image'
        | 'report'
        | 'reportColumn'
        | 'reportComponents'
        | 'list'
        | 'workflow'
        | 'inputArguments'
        | 'check';
    }
  | {
      key: string;
      label: string;
      kind: 'choice';
      options: ReadonlyArray<{ id: string; name: string }>;
      isNumber?: boolean;
    };

const aggregateOptions = aggregateKinds.map((id) => ({ id, name: id }));
const title = { key: 'title', label: 'Title', kind: 'text' } as const;
const report = { key: 'reportId', label: 'Report', kind: 'report' } as const;
const valueColumn = { key: 'valueColumnId', label: 'Value column', kind: 'reportColumn' } as const;
const aggregate = {
  key: 'aggregate',
  label: 'Aggregate',
  kind: 'choice',
  options: aggregateOptions,
} as const;

export const typePropertyFields: Record<string, readonly TypeField[]> = {
  'core:reportComponent': [
    report,
    title,
    { key: 'selectionVariable', label: 'Selection variable', kind: 'text' },
    { key: 'rowsPerPage', label: 'Rows per page', kind: 'number' },
  ],
  'core:chartComponent': [
    report,
    title,
    {
      key: 'chartType',
      label: 'Chart type',
      kind: 'choice',
      options: [
        { id: 'bar', name: 'Bar' },
        { id: 'line', name: 'Line' },
        { id: 'pie', name: 'Pie' },
      ],
    },
    { key: 'categoryColumnId', label: 'Category column', kind: 'reportColumn' },
    aggregate,
    valueColumn,
  ],
  'core:heroCounterComponent': [
    report,
    { key: 'label', label: 'Label', kind: 'text' },
    aggregate,
    valueColumn,
  ],
  'core:filterComponent': [
    { key: 'targetComponentIds', label: 'Reports it filters', kind: 'reportComponents' },
    { key: 'columnIds', label: 'Condition columns (comma separated)', kind: 'list' },
  ],
  'core:headingComponent': [
    { key: 'text', label: 'Heading text', kind: 'text' },
    {
      key: 'level',
      label: 'Heading level',
      kind: 'choice',
      isNumber: true,
      options: ['1', '2', '3', '4'].map((id) => ({ id, name: `Level ${id}` })),
    },
  ],
  'core:textComponent': [{ key: 'html', label: 'Text', kind: 'multiline' }],
  'core:runWorkflowPageButton': [
    { key: 'text', label: 'Button text', kind: 'text' },
    { key: 'workflowId', label: 'Workflow', kind: 'workflow' },
    { key: 'inputArguments', label: 'Input arguments', kind: 'inputArguments' },
  ],
  'core:launchProcessPageButton': [
    { key: 'text', label: 'Button text', kind: 'text' },
    { key: 'workflowId', label: 'Workflow', kind: 'workflow' },
    { key: 'primaryResourceAsInput', label: "The page's record is an input", kind: 'check' },
    { key: 'primaryResourceArgument', label: "Argument for the page's record", kind: 'text' },
    { key: 'inputArguments', label: 'Other input arguments', kind: 'inputArguments' },
  ],
  'core:imageComponent': [
    { key: 'url', label: 'Image URL', kind: 'text' },
    { key: 'documentId', label: 'Image file', kind: 'image' },
    { key: 'altText', label: 'Alternative text', kind: 'text' },
  ],
};

/** A field's stored value read from its text: '' is not set. */
export function fieldValueOf(field: TypeField, text: string): unknown {
  const trimmed = text.trim();
  if (field.kind === 'list')
    return trimmed === ''
      ? undefined
      : trimmed
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== '');
  if (field.kind === 'number')
    return trimmed === '' ? undefined : /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
  return text === '' ? undefined : text;
}

/** A stored value as its field's text. */
export function fieldTextOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  return Array.isArray(value) ? value.join(', ') : String(value);
}
