/** The forms feature: record forms (spec 03 §1–§5) and the browser's form cache (spec 03 §4, §9). */

export {
  DocumentsControl,
  type DocumentsControlProps,
  type DocumentsControlStyle,
} from './documents/DocumentsControl';
export { browserFormCache, formCacheSignedIn } from './formCache/browserFormCache';
export {
  FormCache,
  type FormCacheLog,
  type FormCacheLookup,
  type FormCacheStorage,
} from './formCache/formCache';
export * from './formCache/formCacheConstants';
export { type ConditionalAnswer, loadThroughCache } from './formCache/loadThroughCache';
export {
  type FormPageOutcome,
  saveFormPage,
  validateFormPage,
} from './multistep/formPageRound';
export { MultistepFormPage, type MultistepFormPageProps } from './multistep/MultistepFormPage';
export { useFormPageReady } from './multistep/useFormPageReady';
export { RecordForm, type RecordFormProps } from './record/RecordForm';
export { RecordFormModal, type RecordFormModalProps, relatedRecordForms } from './record/RecordFormModal';
export type { RecordFormMode } from './record/recordFormApi';
export { recordFormTitle } from './record/recordFormTitle';
export {
  defaultRowsPerPage,
  RelationshipTable,
  type RelationshipTableProps,
  saveParentFirstMessage,
} from './relationship/RelationshipTable';
export {
  type RelatedRecordForms,
  RelatedRecordFormsContext,
} from './relationship/relatedRecordForms';
export {
  type NewRelatedRecord,
  noRelationshipChanges,
  type RelationshipChanges,
} from './relationship/relationshipChanges';
