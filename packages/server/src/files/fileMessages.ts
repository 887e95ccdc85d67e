import {
  fileContentNotAllowedMessage,
  fileFormatNotAllowedMessage,
  fileTooLargeMessage,
} from '@plinth/schema';

/**
 * The messages of the file calls: the upload refusals are spec 01 §8's (decision 0036); decision
 * 0012 records the wording of the others, which the spec leaves open.
 */
export const fileMessages = {
  documentNotFound: 'The document was not found.',
  versionNotFound: 'The document has no such version.',
  contentMissing: "The document's file is missing from the file store.",
  notAnImage: 'The document is not an image.',
  missingFile: 'Attach a file to upload.',
  oneFileOnly: 'Upload one file at a time.',
  missingFileName: 'The file needs a name.',
  /** `extensions`: those of the tenant's document types. */
  unknownExtension: fileFormatNotAllowedMessage,
  contentNotAllowed: fileContentNotAllowedMessage,
  notMultipart: 'Send the file as multipart/form-data.',
  unknownRelationship: 'The relationship to link the document with does not exist.',
  relationshipNotToDocuments: 'The relationship does not link records to documents.',
  relationshipNotOfRecord: "The relationship does not link the record's type to documents.",
  linkNeedsRecord: 'Name the record to link the document to.',
  notConfigured: 'File storage is not configured.',
  tooLarge: fileTooLargeMessage,
} as const;
