/** The messages of the file calls (decision 0012 records the wording the spec leaves open). */
export const fileMessages = {
  documentNotFound: 'The document was not found.',
  versionNotFound: 'The document has no such version.',
  contentMissing: "The document's file is missing from the file store.",
  notAnImage: 'The document is not an image.',
  missingFile: 'Attach a file to upload.',
  oneFileOnly: 'Upload one file at a time.',
  missingFileName: 'The file needs a name.',
  unknownExtension: 'The file extension must match a known document type.',
  notMultipart: 'Send the file as multipart/form-data.',
  unknownRelationship: 'The relationship to link the document with does not exist.',
  relationshipNotToDocuments: 'The relationship does not link records to documents.',
  linkNeedsRecord: 'Name the record to link the document to.',
  notConfigured: 'File storage is not configured.',
  tooLarge: (maxBytes: number) =>
    `The file is too large. Files can be up to ${(maxBytes / 1_048_576).toFixed(2)} MB.`,
} as const;
