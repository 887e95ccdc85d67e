import {
  type Breakpoint,
  breakpoints,
  type LayoutElement,
  type PageComponent,
  type PageConfiguration,
  styleAt,
} from '@plinth/schema';
import { Fragment, type ReactNode } from 'react';
import { readComponentLayoutStyle } from './componentStyle';
import { type FlowElementLook, flowElementLook, gridColumnsFor, type ParentInfo } from './flowStyle';
import './flowLayout.css';

export interface FlowLayoutProps {
  configuration: PageConfiguration;
  components: ReadonlyMap<string, PageComponent>;
  /** Elements the behaviour expressions hide (absent: shown). */
  visible: Readonly<Record<string, boolean>>;
  renderComponent(element: LayoutElement, component: PageComponent | undefined): ReactNode;
  /** Draws one element around its content (the builder's selectable, droppable frames); a div by default. */
  renderElement?: (props: FlowElementProps) => ReactNode;
}

/** One element of the layout as drawn: its look (classes and variables) and what it holds. */
export interface FlowElementProps {
  element: LayoutElement;
  look: FlowElementLook;
  isRoot: boolean;
  children: ReactNode;
}

function FlowElement({ element, look, children }: FlowElementProps) {
  return (
    <div className={look.className} style={look.style} data-element-id={element.id}>
      {children}
    </div>
  );
}

/**
 * The flow layout (spec 01 §1, §9): the root grid of 12, 8 and 4 columns, grids and containers
 * inside it, and components in their cells. The breakpoint is the page's own width (container
 * queries in flowLayout.css), so a page in a modal lays out as narrow as the modal is.
 */
export function FlowLayout({
  configuration,
  components,
  visible,
  renderComponent,
  renderElement = FlowElement,
}: FlowLayoutProps) {
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
        <Fragment key={element.id}>
          {renderElement({ element, look, isRoot: false, children: renderComponent(element, component) })}
        </Fragment>
      );
    }
    const isRoot = parent === null;
    const look = flowElementLook(element, parent, { page: configuration });
    const columns = Object.fromEntries(
      breakpoints.map((bp) => [bp, gridColumnsFor(element, bp, isRoot)]),
    ) as Record<Breakpoint, number>;
    const asParent: ParentInfo = { kind: element.type === 'grid' ? 'grid' : 'container', columns };
    const children = element.elements.map((child) => render(child, asParent));
    return <Fragment key={element.id}>{renderElement({ element, look, isRoot, children })}</Fragment>;
  };
  return <div className="pl-flow-page">{render(configuration.root, null)}</div>;
}
