import { type DataSourceEntry, type PageComponent, requiredMessage, updateComponent } from '@plinth/schema';
import { Button } from '@plinth/ui';
import { PropertySelect } from '../../admin/public';
import { ExpressionProperty } from './ExpressionProperty';
import { PropertyGroup } from './PropertyControls';
import type { PanelEdit } from './panelEdit';
import { ValidatedText } from './ValidatedText';

/** Spec 03 is silent on a repeated name; decision 0119 gives these words. */
export const duplicateDataSourceMessage = 'Another data source already has this name.';

/**
 * A component's data source configuration (spec 03 §3): named entries, each an expression or a page
 * variable. A name is required and unique among the component's entries.
 */
export function DataSourceFields({ edit, component }: { edit: PanelEdit; component: PageComponent }) {
  const entries = component.dataSourceConfiguration;
  const variables = edit.content.variables.map((v) => v.name);
  const store = (next: DataSourceEntry[], key?: string) =>
    edit.onChange(
      updateComponent(edit.content, component.id, (c) => ({ ...c, dataSourceConfiguration: next })),
      key,
    );
  const replace = (index: number, entry: DataSourceEntry, key?: string) =>
    store(
      entries.map((e, i) => (i === index ? entry : e)),
      key,
    );
  const add = () => {
    const names = new Set(entries.map((e) => e.name.toLowerCase()));
    let n = entries.length + 1;
    while (names.has(`source${n}`)) n += 1;
    store([...entries, { name: `Source${n}`, type: 'expression', expression: '' }]);
  };
  const typeOptions = [
    { id: 'expression', name: 'Expression' },
    ...(variables.length > 0 ? [{ id: 'variable', name: 'Variable' }] : []),
  ];
  return (
    <PropertyGroup title="Data sources">
      {entries.map((entry, index) => (
        <fieldset
          // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; their place is their identity
          key={index}
          className="pl-builder-panel__group"
          aria-label={`Data source ${entry.name}`}
        >
          <ValidatedText
            label="Source name"
            value={entry.name}
            isRequired
            validate={(name) => {
              if (name.trim() === '') return requiredMessage;
              const taken = entries.some(
                (e, i) => i !== index && e.name.toLowerCase() === name.trim().toLowerCase(),
              );
              return taken ? duplicateDataSourceMessage : null;
            }}
            onCommit={(name) =>
              replace(index, { ...entry, name: name.trim() }, `${component.id}:source:${index}:name`)
            }
          />
          <PropertySelect
            label="Source type"
            options={typeOptions}
            value={entry.type}
            onChange={(type) =>
              replace(
                index,
                type === 'variable'
                  ? { name: entry.name, type, variableName: variables[0] ?? '' }
                  : { name: entry.name, type: 'expression', expression: '' },
              )
            }
          />
          {entry.type === 'expression' ? (
            <ExpressionProperty
              // A rename or a removal shows another entry's expression: the editor starts afresh.
              key={`${component.id}:source:${entry.name}`}
              label="Source expression"
              value={entry.expression}
              onChange={(expression) =>
                replace(index, { ...entry, expression }, `${component.id}:source:${index}`)
              }
              content={edit.content}
              services={edit.services}
            />
          ) : (
            <PropertySelect
              label="Variable"
              options={variables.map((id) => ({ id, name: id }))}
              value={entry.variableName}
              onChange={(variableName) => replace(index, { ...entry, variableName })}
            />
          )}
          <Button variant="subtle" size="small" onPress={() => store(entries.filter((_, i) => i !== index))}>
            Remove {entry.name}
          </Button>
        </fieldset>
      ))}
      <Button variant="outline" size="small" onPress={add}>
        Add data source
      </Button>
    </PropertyGroup>
  );
}
