import {
  type BoundComponentType,
  breakpoints,
  componentWidths,
  type PageComponent,
  readBoundComponentStyle,
  updateComponent,
} from '@plinth/schema';
import { Check, PropertySelect } from '../../admin/public';
import { PropertyGroup } from './PropertyControls';
import { breakpointNames, type PanelEdit } from './panelEdit';
import { propertyProblem } from './propertyIssueMessage';
import { ValidatedText } from './ValidatedText';

const widthOptions = componentWidths.map((id) => ({ id, name: id === 'fill' ? 'Fill' : 'Compact' }));
const device = (bp: (typeof breakpoints)[number]) => breakpointNames[bp].toLowerCase();

/**
 * A bound component's label, help text and mandatory flag, and its width and visibility on each
 * device size (spec 03 §2 component layout rules, §3 component style): width fill by default,
 * visible on every device by default.
 */
export function BoundComponentFields({
  edit,
  component,
  type,
}: {
  edit: PanelEdit;
  component: PageComponent;
  type: BoundComponentType;
}) {
  const style = readBoundComponentStyle(component.style);
  const change = (next: Partial<PageComponent>, key?: string) =>
    edit.onChange(
      updateComponent(edit.content, component.id, (c) => ({ ...c, ...next })),
      key,
    );
  const setStyle = (patch: Record<string, unknown>) => change({ style: { ...component.style, ...patch } });
  const text = (
    key: 'fieldPageComponentLabel' | 'fieldPageComponentHelpText',
    label: string,
    multiline = false,
  ) => {
    const withText = (value: string) => {
      const { [key]: _, ...rest } = component.properties;
      return value === '' ? rest : { ...rest, [key]: value };
    };
    return (
      <ValidatedText
        label={label}
        value={typeof component.properties[key] === 'string' ? (component.properties[key] as string) : ''}
        multiline={multiline}
        validate={(value) => propertyProblem(type.properties, withText(value), key)}
        onCommit={(value) => change({ properties: withText(value) }, `${component.id}:${key}`)}
      />
    );
  };
  return (
    <>
      <PropertyGroup title="Field">
        {text('fieldPageComponentLabel', 'Label')}
        {text('fieldPageComponentHelpText', 'Help text', true)}
        <Check isSelected={style.mandatory} onChange={(mandatory) => setStyle({ mandatory })}>
          Mandatory
        </Check>
      </PropertyGroup>
      <PropertyGroup title="Device sizes">
        {breakpoints.map((bp) => (
          <PropertySelect
            key={bp}
            label={`Width on ${device(bp)}`}
            options={widthOptions}
            value={style.width?.[bp] ?? 'fill'}
            onChange={(width) => setStyle({ width: { ...style.width, [bp]: width } })}
          />
        ))}
        {breakpoints.map((bp) => (
          <Check
            key={bp}
            isSelected={style.visibleOnDevice?.[bp] ?? true}
            onChange={(on) => setStyle({ visibleOnDevice: { ...style.visibleOnDevice, [bp]: on } })}
          >
            {`Visible on ${device(bp)}`}
          </Check>
        ))}
      </PropertyGroup>
    </>
  );
}
