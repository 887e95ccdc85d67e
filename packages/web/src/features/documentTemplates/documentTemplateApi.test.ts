import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fakeApi';
import { documentTemplateApi, fileNameOf, unknownFieldsOf } from './documentTemplateApi';

describe('the generate-document answer', () => {
  it('names the file by its exact UTF-8 name, else its plain one', () => {
    expect(fileNameOf(`attachment; filename="Caf_.docx"; filename*=UTF-8''Caf%C3%A9.docx`, 'x')).toBe(
      'Café.docx',
    );
    expect(fileNameOf('attachment; filename="Plain.docx"', 'x')).toBe('Plain.docx');
    expect(fileNameOf(`attachment; filename*=UTF-8''%E0%A4%A.docx; filename="Bad.docx"`, 'x')).toBe(
      'Bad.docx',
    );
    expect(fileNameOf(null, 'Document.docx')).toBe('Document.docx');
  });

  it('reads the unknown merge fields, each percent-encoded', () => {
    expect(unknownFieldsOf('Nope, Region.Nope, A%2C%20B')).toEqual(['Nope', 'Region.Nope', 'A, B']);
    expect(unknownFieldsOf(null)).toEqual([]);
  });

  it('posts the record and template and reads the file with its name and unknown fields', async () => {
    const { api, requests } = fakeApi(() => ({
      status: 200,
      body: new Uint8Array([1, 2, 3]),
      headers: {
        'content-disposition': 'attachment; filename="Letter.docx"',
        'x-unknown-merge-fields': 'Nope',
      },
    }));
    const file = await documentTemplateApi(api).generate({ recordId: 5, templateId: 71 });
    expect(file.fileName).toBe('Letter.docx');
    expect(file.unknownFields).toEqual(['Nope']);
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect(requests).toEqual([
      { method: 'POST', path: '/spapi/data/v1/document/generate', body: { recordId: 5, templateId: 71 } },
    ]);
  });
});
