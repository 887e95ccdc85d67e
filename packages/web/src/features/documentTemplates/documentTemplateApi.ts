import {
  type DocumentTemplatesResponse,
  documentTemplatesResponse,
  type GenerateDocumentRequest,
  putEntitiesResponse,
  unknownMergeFieldsHeader,
} from '@plinth/schema';
import type { ApiClient } from '../../api/apiClient';

/** A generated Word document as the server answered it (decision 0129). */
export interface GeneratedFile {
  blob: Blob;
  fileName: string;
  /** Merge fields of the template the record's type does not have (they keep a «Name» marker). */
  unknownFields: string[];
}

/**
 * The file name of a Content-Disposition header: the exact UTF-8 name (`filename*`) where given,
 * else the plain one; `fallback` when it names none.
 */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const exact = disposition && /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (exact) {
    try {
      return decodeURIComponent(exact[1]!.trim());
    } catch {
      // a malformed encoding: the plain name below
    }
  }
  const plain = disposition && /filename="([^"]*)"/i.exec(disposition);
  return plain?.[1] || fallback;
}

/** The unknown merge field names of the answer's header (each percent-encoded, joined by ', '). */
export function unknownFieldsOf(header: string | null): string[] {
  if (!header) return [];
  return header.split(', ').flatMap((name) => {
    try {
      return [decodeURIComponent(name)];
    } catch {
      return [name];
    }
  });
}

/** The document template calls: generate a document, list, create and delete templates. */
export function documentTemplateApi(client: ApiClient) {
  const base = '/spapi/data/v1';
  return {
    /** "Export document from template" (spec 02 §7): the filled .docx of a record. */
    generate: async (request: GenerateDocumentRequest, signal?: AbortSignal): Promise<GeneratedFile> => {
      const { blob, headers } = await client.callForFile(`${base}/document/generate`, request, signal);
      return {
        blob,
        fileName: fileNameOf(headers.get('content-disposition'), 'Document.docx'),
        unknownFields: unknownFieldsOf(headers.get(unknownMergeFieldsHeader)),
      };
    },
    list: (signal?: AbortSignal): Promise<DocumentTemplatesResponse> =>
      client.call('GET', `${base}/document/templates`, documentTemplatesResponse, undefined, signal),
    /** A template of an Object filling an uploaded Word document; answers its id. */
    create: async (template: { name: string; typeId: number; documentId: number }): Promise<number> => {
      const answer = await client.call('POST', `${base}/entity/put`, putEntitiesResponse, {
        entities: [
          {
            id: 'new:template',
            typeId: 'core:documentTemplate',
            fields: { name: template.name },
            relationships: {
              templateForType: { set: [template.typeId] },
              templateDocument: { set: [template.documentId] },
            },
          },
        ],
        deleted: [],
      });
      return answer.ids['new:template']!;
    },
    remove: (id: number) =>
      client.call('POST', `${base}/entity/put`, putEntitiesResponse, { entities: [], deleted: [id] }),
  };
}
export type DocumentTemplateApi = ReturnType<typeof documentTemplateApi>;
