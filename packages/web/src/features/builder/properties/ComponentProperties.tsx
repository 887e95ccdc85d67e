import { boundComponentType, componentType, findComponent, type LayoutElement } from '@plinth/schema';
import { BoundComponentFields } from './BoundComponentFields';
import { BoundDisplayFields } from './BoundDisplayFields';
import { ComponentIdField } from './ComponentIdField';
import { CustomValidationFields } from './CustomValidationFields';
import { DataSourceFields } from './DataSourceFields';
import { NameField } from './NameField';
import type { PanelEdit } from './panelEdit';
import { TypePropertyFields } from './TypePropertyFields';

/**
 * A component's properties: its Id and Name; a bound component's field settings, custom validation
 * and data sources; a list-page component's own properties from its type.
 */
export function ComponentProperties({
  edit,
  element,
  onIdChange,
}: {
  edit: PanelEdit;
  element: LayoutElement;
  onIdChange: (next: string) => void;
}) {
  const component = findComponent(edit.content, element.id);
  if (!component) return <p className="pl-field__error">This component has no settings in the page.</p>;
  const bound = boundComponentType(component.typeAlias);
  const type = componentType(component.typeAlias);
  return (
    <>
      <p className="pl-field__hint">{type?.label ?? component.typeAlias}</p>
      <ComponentIdField edit={edit} id={component.id} onIdChange={onIdChange} />
      <NameField edit={edit} element={element} />
      {bound ? (
        <>
          <BoundComponentFields edit={edit} component={component} type={bound} />
          <BoundDisplayFields edit={edit} component={component} kind={bound.kind} />
          <CustomValidationFields edit={edit} component={component} />
          <DataSourceFields edit={edit} component={component} />
        </>
      ) : (
        type && <TypePropertyFields edit={edit} component={component} type={type} />
      )}
    </>
  );
}
