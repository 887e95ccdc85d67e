import {
  findComponent,
  type LayoutElement,
  renameElement,
  updateComponent,
  updateElement,
} from '@plinth/schema';
import { PropertyText } from '../../admin/public';
import type { PanelEdit } from './panelEdit';

/**
 * An element's name: kept as typed while the box has focus, trimmed when it loses it (spec 01 §5).
 * A component's page component takes the same name.
 */
export function NameField({ edit, element }: { edit: PanelEdit; element: LayoutElement }) {
  const { content, onChange } = edit;
  const isComponent = element.type === 'component';
  const value = isComponent
    ? (findComponent(content, element.id)?.name ?? element.name ?? '')
    : (element.name ?? '');
  const setTyped = (name: string) => {
    const named = updateElement(content, element.id, (e) => ({ ...e, name }));
    onChange(
      isComponent ? updateComponent(named, element.id, (c) => ({ ...c, name })) : named,
      `${element.id}:name`,
    );
  };
  return (
    <PropertyText
      label="Name"
      value={value}
      onChange={setTyped}
      onBlur={() => {
        // Only a name typed with spaces around it changes: a box merely passed through does not.
        if (value === value.trim()) return;
        const trimmed = renameElement(content, element.id, value);
        if (trimmed !== content) onChange(trimmed, `${element.id}:name`);
      }}
    />
  );
}
