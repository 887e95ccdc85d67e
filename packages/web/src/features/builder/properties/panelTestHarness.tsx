import {
  type Breakpoint,
  type LayoutElement,
  type PageComponentInput,
  type PageVersionContent,
  pageComponent,
  pageVersionContent,
} from '@plinth/schema';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ElementPropertiesPanel } from './ElementPropertiesPanel';
import type { PropertyServices } from './propertyServices';
import { propertyTestServices } from './propertyTestServices';

const element = (
  id: string,
  type: LayoutElement['type'],
  elements: LayoutElement[] = [],
  name?: string,
): LayoutElement => ({
  id,
  ...(name ? { name } : {}),
  type,
  isContainer: type !== 'component',
  elements,
  styles: {},
});

const components: PageComponentInput[] = [
  { id: 'heading', name: 'Heading', typeAlias: 'core:headingComponent', properties: { text: 'Deals' } },
  {
    id: 'amount',
    name: 'Amount',
    typeAlias: 'core:numberFieldComponent',
    extendedProperties: { fieldId: 11 },
  },
  { id: 'sales', name: 'Sales', typeAlias: 'core:reportComponent' },
  { id: 'chart', name: 'Chart', typeAlias: 'core:chartComponent' },
  { id: 'contacts', name: 'Contacts', typeAlias: 'core:relationshipFieldComponent' },
];

/**
 * A page for the panel's tests: in the root grid a horizontal container 'box' (holding a grid
 * 'inner' and the heading), a bound number field 'amount', a report 'sales', a chart and a relationship 'contacts'; one
 * page variable Region.
 */
export function testPage(): PageVersionContent {
  return pageVersionContent.parse({
    components: components.map((c) => pageComponent.parse(c)),
    configuration: {
      layout: 'flow',
      version: 'v1',
      styles: {
        lg: { gap: 'md', margin: 'lg' },
        md: { gap: 'md', margin: 'lg' },
        sm: { gap: 'sm', margin: 'sm' },
      },
      root: {
        ...element('root', 'grid', [
          {
            ...element(
              'box',
              'container',
              [element('inner', 'grid'), element('heading', 'component')],
              'Box',
            ),
            styles: { lg: { flexDirection: 'row' } },
          },
          element('amount', 'component'),
          element('sales', 'component'),
          element('chart', 'component'),
          element('contacts', 'component'),
        ]),
        name: 'Page',
        styles: { lg: { columns: 12 }, md: { columns: 8 }, sm: { columns: 4 } },
      },
    },
    contextEntityTypeId: 1,
    variables: [{ name: 'Region', type: 'String' }],
  });
}

interface HostProps {
  initial: PageVersionContent;
  selectedId: string;
  breakpoint: Breakpoint;
  services: PropertyServices;
  changes: Array<{ content: PageVersionContent; key: string | undefined }>;
  deleted: string[];
}

/** Keeps the page and the selection as the builder does. */
function Host({ initial, selectedId, breakpoint, services, changes, deleted }: HostProps) {
  const [content, setContent] = useState(initial);
  const [selected, setSelected] = useState(selectedId);
  return (
    <ElementPropertiesPanel
      content={content}
      selectedId={selected}
      breakpoint={breakpoint}
      onChange={(next, key) => {
        changes.push({ content: next, key });
        setContent(next);
      }}
      onDelete={(id) => deleted.push(id)}
      onClose={() => {}}
      onSelectedIdChange={setSelected}
      services={services}
    />
  );
}

/** Renders the panel over a page it keeps as the builder would; each change is recorded. */
export function renderPanel(
  selectedId: string,
  options: { breakpoint?: Breakpoint; content?: PageVersionContent } = {},
) {
  const services = propertyTestServices({
    types: [{ id: 1, name: 'Opportunity' }],
    reports: { 1: [{ id: 70, name: 'Open deals' }] },
    columns: {
      70: [
        { id: 'c1', name: 'Name' },
        { id: 'c2', name: 'Stage' },
        { id: 'c3', name: 'Amount' },
      ],
    },
  });
  const changes: HostProps['changes'] = [];
  const deleted: string[] = [];
  const initial = options.content ?? testPage();
  render(
    <Host
      initial={initial}
      selectedId={selectedId}
      breakpoint={options.breakpoint ?? 'lg'}
      services={services}
      changes={changes}
      deleted={deleted}
    />,
  );
  const user = userEvent.setup();
  return {
    user,
    services,
    changes,
    deleted,
    latest: () => changes.at(-1)?.content ?? initial,
    /** Picks an option of the choice labelled `label`. */
    choose: async (label: string, option: string) => {
      await user.click(screen.getByRole('button', { name: new RegExp(`${label}$`) }));
      await user.click(await screen.findByRole('option', { name: option }));
    },
  };
}
