export {
  type ComponentRenderer,
  componentRenderer,
  type PageComponentProps,
  registerComponentRenderers,
  renderableComponentTypes,
} from './componentRegistry';
export { readComponentLayoutStyle } from './componentStyle';
export { type FlowElementProps, FlowLayout } from './FlowLayout';
export { flowElementLook, gridColumnsFor, type ParentInfo } from './flowStyle';
export { listPageRenderers, registerListPageRenderers } from './listPageRenderers';
export { PageRenderer } from './PageRenderer';
export { prefetchPageAggregates } from './pageAggregates';
export {
  createPageBus,
  type PageBus,
  type PageFormMode,
  type PageMessage,
  type PageMessageHandler,
  type PageMessageType,
  type SavedEntity,
} from './pageBus';
export type { PageContext, PageRendererProps } from './pageRendererTypes';
export type { PageRuntime } from './pageRuntime';
export { pageParams } from './pageVariables';
export { intentAction } from './reportIntents';
