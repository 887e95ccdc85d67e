/** The record delete flow of spec 01 §4, shared by the report grid and the runner's record pages. */
export { deleteFlowMachine, namedItems } from './deleteFlowMachine.js';
export { deleteFlowTexts, withMessage } from './deleteFlowMessages.js';
export {
  type DeleteFlowSnapshot,
  type DeleteFlowView,
  deleteFlowView,
  isSameDeleteFlowView,
} from './deleteFlowSelectors.js';
export {
  type DeleteFlowActorInputs,
  type DeleteFlowActorOutputs,
  type DeleteFlowError,
  type DeleteFlowInput,
  type DeleteFlowItem,
  type DeleteFlowNotice,
  type DeleteFlowOutcome,
  deleteDetailsPollMs,
} from './deleteFlowTypes.js';
