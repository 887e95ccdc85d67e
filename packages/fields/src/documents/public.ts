// The document parts of the report (spec 02 §2, §4, §7): what the report view and the web app use.
export { DocumentDropArea, type DocumentDropAreaProps } from './DocumentDropArea';
export {
  type BrowserWindow,
  downloadDocument,
  fileUrl,
  inlineFileUrl,
  type PreviewOptions,
  previewDocument,
} from './documentLinks';
export type { DocumentServices } from './documentServices';
export { documentUploadMachine } from './documentUploadMachine';
export { formatFileSize } from './formatFileSize';
export { matchFileType, unknownExtensionMessage } from './matchFileType';
export { ReplaceDocumentDialog, type ReplaceDocumentDialogProps } from './ReplaceDocumentDialog';
export { replaceDocumentMachine } from './replaceDocumentMachine';
