import {
  type ButtonInputArgument,
  type ComponentType,
  type PageComponent,
  updateComponent,
} from '@plinth/schema';
import { Check, ImageDocumentInput, PropertySelect } from '../../admin/public';
import { PropertyGroup } from './PropertyControls';
import type { PanelEdit } from './panelEdit';
import { propertyProblem } from './propertyIssueMessage';
import { ReportColumnPicker } from './ReportColumnPicker';
import { ReportPicker } from './ReportPicker';
import { fieldTextOf, fieldValueOf, type TypeField, typePropertyFields } from './typePropertyFields';
import { ValidatedText } from './ValidatedText';
import { InputArgumentsField, WorkflowPicker } from './WorkflowButtonFields';

const reportAlias = 'core:reportComponent';

/**
 * A list-page component's own properties (componentTypes.ts): each change is checked with the
 * type's schema, and one it refuses is shown under its field and not stored.
 */
export function TypePropertyFields({
  edit,
  component,
  type,
}: {
  edit: PanelEdit;
  component: PageComponent;
  type: ComponentType;
}) {
  const fields = typePropertyFields[type.alias] ?? [];
  if (fields.length === 0) return null;
  const properties = component.properties;
  const withValue = (key: string, value: unknown) => {
    const { [key]: _, ...rest } = properties;
    return value === undefined ? rest : { ...rest, [key]: value };
  };
  const store = (key: string, value: unknown, coalesce?: boolean) =>
    edit.onChange(
      updateComponent(edit.content, component.id, (c) => ({ ...c, properties: withValue(key, value) })),
      coalesce ? `${component.id}:property:${key}` : undefined,
    );
  const parsed = type.properties.safeParse(properties);
  const shown: Record<string, unknown> = parsed.success
    ? (parsed.data as Record<string, unknown>)
    : properties;
  const render = (field: TypeField) => {
    switch (field.kind) {
      case 'report':
        return (
          <ReportPicker
            key={field.key}
            value={typeof properties[field.key] === 'number' ? (properties[field.key] as number) : undefined}
            onChange={(id) => store(field.key, id)}
            reports={edit.services.reports}
          />
        );
      case 'workflow':
        return (
          <WorkflowPicker
            key={field.key}
            value={typeof properties[field.key] === 'number' ? (properties[field.key] as number) : undefined}
            onChange={(id) => store(field.key, id)}
            services={edit.services}
          />
        );
      case 'inputArguments':
        return (
          <InputArgumentsField
            key={field.key}
            label={field.label}
            value={(shown[field.key] as ButtonInputArgument[] | undefined) ?? []}
            onChange={(next) => store(field.key, next, true)}
            content={edit.content}
            services={edit.services}
          />
        );
      case 'check':
        return (
          <Check
            key={field.key}
            isSelected={shown[field.key] === true}
            onChange={(on) => store(field.key, on)}
          >
            {field.label}
          </Check>
        );
      case 'image':
        return (
          <ImageDocumentInput
            key={field.key}
            label={field.label}
            noun="image"
            value={typeof properties[field.key] === 'number' ? (properties[field.key] as number) : null}
            onValueChange={(id) => store(field.key, id ?? undefined)}
            hint="A PNG, JPEG, GIF or WebP image; shown instead of the image URL when there is one."
            previewSize={64}
          />
        );
      case 'reportColumn':
        return (
          <ReportColumnPicker
            key={field.key}
            label={field.label}
            reportId={typeof properties.reportId === 'number' ? properties.reportId : undefined}
            value={typeof properties[field.key] === 'string' ? (properties[field.key] as string) : undefined}
            onChange={(id) => store(field.key, id)}
            reports={edit.services.reports}
          />
        );
      case 'choice':
        return (
          <PropertySelect
            key={field.key}
            label={field.label}
            options={field.options}
            value={fieldTextOf(shown[field.key])}
            onChange={(id) => store(field.key, field.isNumber ? Number(id) : id)}
          />
        );
      case 'reportComponents': {
        const targets = (shown[field.key] as string[] | undefined) ?? [];
        const reports = edit.content.components.filter((c) => c.typeAlias === reportAlias);
        return (
          <PropertyGroup key={field.key} title={field.label}>
            {reports.length === 0 && <p className="pl-field__hint">There are no reports on the page.</p>}
            {reports.map((r) => (
              <Check
                key={r.id}
                isSelected={targets.includes(r.id)}
                onChange={(on) =>
                  store(field.key, on ? [...targets, r.id] : targets.filter((t) => t !== r.id))
                }
              >
                {r.name || r.id}
              </Check>
            ))}
          </PropertyGroup>
        );
      }
      default:
        return (
          <ValidatedText
            key={field.key}
            label={field.label}
            value={fieldTextOf(properties[field.key])}
            multiline={field.kind === 'multiline'}
            validate={(text) =>
              propertyProblem(type.properties, withValue(field.key, fieldValueOf(field, text)), field.key)
            }
            onCommit={(text) => store(field.key, fieldValueOf(field, text), true)}
          />
        );
    }
  };
  return <PropertyGroup title={type.label}>{fields.map(render)}</PropertyGroup>;
}
