import {
  type Breakpoint,
  type ElementStylePatch,
  type LayoutElement,
  type PageVersionContent,
  setElementStyle,
} from '@plinth/schema';
import type { PropertyServices } from './propertyServices';

/**
 * What every part of the element panel is given: the page's content, the breakpoint the builder
 * shows, and where a change goes. `coalesceKey` names a run of typing that undo takes as one step.
 */
export interface PanelEdit {
  content: PageVersionContent;
  breakpoint: Breakpoint;
  onChange: (next: PageVersionContent, coalesceKey?: string) => void;
  services: PropertyServices;
  /** Spec 01 §2: the advanced grid fields show only when asked for. */
  showsAdvanced: boolean;
}

/** Sets fields of an element's style at the builder's breakpoint. */
export function changeStyle(edit: PanelEdit, element: LayoutElement, patch: ElementStylePatch, key?: string) {
  edit.onChange(setElementStyle(edit.content, element.id, edit.breakpoint, patch), key);
}

/** The breakpoints as the builder names them. */
export const breakpointNames: Record<Breakpoint, string> = { lg: 'Desktop', md: 'Tablet', sm: 'Mobile' };
