/** What the document templates say when they refuse (decision 0129). */
export const templateMessages = {
  recordNotFound: 'The record was not found.',
  templateNotFound: 'The document template was not found.',
  notDocx: "The template's file is not a Word document (.docx) that can be read. Upload it again as a .docx.",
  tooLarge: "The template's Word document is too large once unpacked.",
  noType: 'The template names no Object. Choose the Object whose records it is for.',
  noDocument: 'The template has no Word document. Upload a .docx for it.',
  notDocxDocument: (name: string) => `'${name}' is not a Word document (.docx). Choose a .docx file.`,
  fileMissing: "The template's Word document could not be read from the file store.",
  filesUnavailable: 'Files are not available on this server.',
  wrongType: (template: string, typeName: string, recordType: string) =>
    `The template '${template}' is for ${typeName} records; this record is a ${recordType}.`,
} as const;
