export {
  type DocumentTemplateApi,
  documentTemplateApi,
  fileNameOf,
  type GeneratedFile,
} from './documentTemplateApi';
export {
  downloadFile,
  type GenerateDocumentOptions,
  generateDocument,
  generateMessages,
} from './generateDocument';
