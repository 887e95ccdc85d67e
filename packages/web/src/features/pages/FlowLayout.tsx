import {
  type Breakpoint,
  breakpoints,
  type LayoutElement,
  type PageComponent,
  type PageConfiguration,
  styleAt,
} from '@plinth/schema';
import type { ReactNode } from 'react';
import { readComponentLayoutStyle } from './componentStyle';
import { flowElementLook, gridColumnsFor, type ParentInfo } from './flowStyle';
import './flowLayout.css';

export interface FlowLayoutProps {
  configuration: PageConfiguration;
  components: ReadonlyMap<string, PageComponent>;
  /** Elements the behaviour expressions hide (absent: shown). */
  visible: Readonly<Record<string, boolean>>;
  renderComponent(element: LayoutElement, component: PageComponent | undefined): ReactNode;
}

/**
 * The flow layout (spec 01 §1, §9): the root grid of 12, 8 and 4 columns, grids and containers
 * inside it, and components in their cells. The breakpoint is the page's own width (container
 * queries in flowLayout.css), so a page in a modal lays out as narrow as the modal is.
 */
export function FlowLayout({ configuration, components, visible, renderComponent }: FlowLayoutProps) {
  const render = (element: LayoutElement, parent: ParentInfo | null): ReactNode => {
    if (visible[element.id] === false) return null;
    if (element.type === 'component') {
      const component = components.get(element.id);
      const layout = readComponentLayoutStyle(
        component?.style,
        (bp) => styleAt(element.styles, bp).componentWidth,
      );
      const look = flowElementLook(element, parent, layout);
      return (
        <div key={element.id} className={look.className} style={look.style} data-element-id={element.id}>
          {renderComponent(element, component)}
        </div>
      );
    }
    const isRoot = parent === null;
    const look = flowElementLook(element, parent, { page: configuration });
    const columns = Object.fromEntries(
      breakpoints.map((bp) => [bp, gridColumnsFor(element, bp, isRoot)]),
    ) as Record<Breakpoint, number>;
    const asParent: ParentInfo = { kind: element.type === 'grid' ? 'grid' : 'container', columns };
    return (
      <div key={element.id} className={look.className} style={look.style} data-element-id={element.id}>
        {element.elements.map((child) => render(child, asParent))}
      </div>
    );
  };
  return <div className="pl-flow-page">{render(configuration.root, null)}</div>;
}
