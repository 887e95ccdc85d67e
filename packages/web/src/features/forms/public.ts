/**
 * The forms feature: record forms (spec 03 §1–§5) and the browser's form cache (spec 03 §4, §9).
 * What other features use, and only that: the rest stays inside the feature.
 */

export { registerBoundComponentRenderers } from './bound/boundComponentRenderers';
export { formCacheSignedIn } from './formCache/browserFormCache';
export { FormCache } from './formCache/formCache';
export * from './formCache/formCacheConstants';
export { type ConditionalAnswer, loadThroughCache } from './formCache/loadThroughCache';
export { saveFormPage } from './multistep/formPageRound';
export { MultistepFormPage } from './multistep/MultistepFormPage';
export { useFormPageReady } from './multistep/useFormPageReady';
export type { NewRecordLink } from './record/newRecordLink';
export { RecordForm } from './record/RecordForm';
export { relatedRecordForms } from './record/RecordFormModal';
export type { RecordFormMode } from './record/recordFormApi';
export { RelatedRecordFormsContext } from './relationship/relatedRecordForms';
