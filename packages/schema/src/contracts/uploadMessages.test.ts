import { describe, expect, it } from 'vitest';
import {
  fileContentNotAllowedMessage,
  fileFormatNotAllowedMessage,
  fileTooLargeMessage,
  unspecifiedUploadError,
} from './uploadMessages.js';

describe('the upload refusals of spec 01 §8', () => {
  it('names the largest size in whole megabytes', () => {
    expect(fileTooLargeMessage(25 * 1_048_576)).toBe('File size too large. Max file size: 25MB.');
    expect(fileTooLargeMessage(1_572_864)).toBe('File size too large. Max file size: 1.5MB.');
  });

  it('begins the format and content refusals with the spec’s sentence and says what is allowed', () => {
    expect(fileFormatNotAllowedMessage(['pdf', 'DOCX', 'docx'])).toBe(
      'Upload failed because the file format is not allowed. Allowed formats: pdf, docx.',
    );
    expect(fileFormatNotAllowedMessage([])).toMatch(
      /^Upload failed because the file format is not allowed\. /,
    );
    expect(fileContentNotAllowedMessage).toMatch(/^Upload failed because the file content is not allowed\. /);
    expect(unspecifiedUploadError).toBe('Unspecified error.');
  });
});
