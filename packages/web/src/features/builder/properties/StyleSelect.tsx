import { type ElementStyle, type LayoutElement, styleAt } from '@plinth/schema';
import { PropertySelect } from '../../admin/public';
import { changeStyle, type PanelEdit } from './panelEdit';

type StringKey = {
  [K in keyof ElementStyle]-?: NonNullable<ElementStyle[K]> extends string ? K : never;
}[keyof ElementStyle];

export interface StyleSelectProps {
  edit: PanelEdit;
  element: LayoutElement;
  label: string;
  /** The style fields it sets together (a margin sets both its sides). */
  fields: readonly StringKey[];
  options: ReadonlyArray<{ id: string; name: string }>;
}

/**
 * A choice of one of an element's style fields at the builder's breakpoint: it shows the value the
 * breakpoint has (its own, else the wider breakpoint's); "Default" clears the breakpoint's own.
 */
export function StyleSelect({ edit, element, label, fields, options }: StyleSelectProps) {
  const style = styleAt(element.styles, edit.breakpoint);
  const value = fields.map((f) => style[f]).find((v) => v !== undefined) ?? '';
  return (
    <PropertySelect
      label={label}
      options={options}
      value={String(value)}
      onChange={(id) =>
        changeStyle(edit, element, Object.fromEntries(fields.map((f) => [f, id === '' ? undefined : id])))
      }
    />
  );
}
