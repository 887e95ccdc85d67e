import {
  type Breakpoint,
  findElement,
  findParent,
  type LayoutElement,
  type PageVersionContent,
} from '@plinth/schema';
import { Button } from '@plinth/ui';
import { useMemo, useState } from 'react';
import { Check } from '../../admin/public';
import { useSession } from '../../auth/public';
import { BehaviourFields } from './BehaviourFields';
import { ComponentProperties } from './ComponentProperties';
import { ContainerProperties } from './ContainerProperties';
import { GridProperties } from './GridProperties';
import { PlacementFields } from './PlacementFields';
import { PropertyGroup } from './PropertyControls';
import { breakpointNames, type PanelEdit } from './panelEdit';
import { type PropertyServices, propertyServices } from './propertyServices';

export interface ElementPropertiesPanelProps {
  content: PageVersionContent;
  /** The selected layout element: a grid, a container or a component. */
  selectedId: string;
  /** The breakpoint the builder shows: styles are edited there. */
  breakpoint: Breakpoint;
  /** Each edit; `coalesceKey` names a run of typing that undo takes as one step. */
  onChange: (next: PageVersionContent, coalesceKey?: string) => void;
  /** 'Delete container' / 'Delete component' (spec 01 §4): the builder removes it and clears the selection. */
  onDelete: (id: string) => void;
  onClose: () => void;
  /** A component's id was changed: the selection follows it. */
  onSelectedIdChange?: (id: string) => void;
  /** The expression editor's and the report choices' calls; the session's client by default. */
  services?: PropertyServices;
}

const kindTitle = (element: LayoutElement) =>
  element.type === 'component'
    ? 'Component properties'
    : element.type === 'grid'
      ? 'Grid properties'
      : 'Container properties';

/**
 * The builder's right panel for a selected element (spec 01 §2 Container and Grid properties, §4
 * visibility, §5 rules; spec 03 §2–§3 for components), editing the breakpoint the builder shows.
 */
export function ElementPropertiesPanel(props: ElementPropertiesPanelProps) {
  return props.services ? (
    <ElementPanel {...props} services={props.services} />
  ) : (
    <SessionElementPanel {...props} />
  );
}

function SessionElementPanel(props: ElementPropertiesPanelProps) {
  const { client } = useSession();
  const services = useMemo(() => propertyServices(client), [client]);
  return <ElementPanel {...props} services={services} />;
}

function ElementPanel({
  content,
  selectedId,
  breakpoint,
  onChange,
  onDelete,
  onClose,
  onSelectedIdChange,
  services,
}: ElementPropertiesPanelProps & { services: PropertyServices }) {
  const [showsAdvanced, setShowsAdvanced] = useState(false);
  // The fields are keyed by the element they edit, so another element's start afresh. A new id
  // given in the Id field is the same element: its fields, and the focus in them, stay.
  const [fields, setFields] = useState({ elementId: selectedId, key: 0 });
  const [renamedTo, setRenamedTo] = useState<string | null>(null);
  if (fields.elementId !== selectedId) {
    setFields({ elementId: selectedId, key: renamedTo === selectedId ? fields.key : fields.key + 1 });
    setRenamedTo(null);
  }
  const element = findElement(content, selectedId);
  const parent = findParent(content, selectedId);
  const close = (
    <Button variant="subtle" size="small" onPress={onClose}>
      Close
    </Button>
  );
  if (!element)
    return (
      <section className="pl-builder-panel" aria-label="Element properties">
        <p>The selected element is no longer on the page.</p>
        {close}
      </section>
    );
  const edit: PanelEdit = { content, breakpoint, onChange, services, showsAdvanced };
  const isRoot = element.id === content.configuration.root.id;
  const isComponent = element.type === 'component';
  const title = kindTitle(element);
  return (
    <section className="pl-builder-panel" aria-label={title}>
      <h2>{title}</h2>
      <p className="pl-field__hint">
        Editing the {breakpointNames[breakpoint].toLowerCase()} layout ({breakpoint})
      </p>
      {close}
      <Check isSelected={showsAdvanced} onChange={setShowsAdvanced}>
        Show advanced properties
      </Check>
      {/* Another element's fields start afresh: drafts and expression editors are its own. */}
      <div key={fields.key} className="pl-builder-panel">
        {element.type === 'grid' && <GridProperties edit={edit} element={element} />}
        {element.type === 'container' && (
          <ContainerProperties edit={edit} element={element} parent={parent} />
        )}
        {isComponent && (
          <ComponentProperties
            edit={edit}
            element={element}
            onIdChange={(id) => {
              setRenamedTo(id);
              onSelectedIdChange?.(id);
            }}
          />
        )}
        {parent && (
          <PropertyGroup title={`Place in ${parent.type === 'grid' ? 'grid' : 'container'}`}>
            <PlacementFields edit={edit} element={element} parent={parent} />
          </PropertyGroup>
        )}
        {!isRoot && (
          <PropertyGroup title="Behaviour">
            <BehaviourFields edit={edit} element={element} hasReadOnly={isComponent} />
            <Button variant="outline" size="small" onPress={() => onDelete(element.id)}>
              {isComponent ? 'Delete component' : 'Delete container'}
            </Button>
          </PropertyGroup>
        )}
      </div>
    </section>
  );
}
