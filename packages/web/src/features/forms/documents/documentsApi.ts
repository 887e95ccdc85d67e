import {
  filePaths,
  putEntitiesResponse,
  type RelatedDocumentsResponse,
  relatedDocumentsResponse,
} from '@plinth/schema';
import type { ApiClient } from '../../../api/apiClient';

/** A record's end towards its documents: the relationship and the side the record is on. */
export interface DocumentsLink {
  /** The record; a new unsaved record has none. */
  recordId: number;
  relationshipId: number;
  /** 'fwd': the record is on the relationship's from side, the documents on its to side. */
  direction: 'fwd' | 'rev';
}

/** The documents a record relates to (those the caller may read) and whether they may upload. */
export function listRelatedDocuments(
  client: ApiClient,
  link: DocumentsLink,
  signal?: AbortSignal,
): Promise<RelatedDocumentsResponse> {
  return client.call(
    'GET',
    filePaths.related(link.recordId, link.relationshipId, link.direction),
    relatedDocumentsResponse,
    undefined,
    signal,
  );
}

/**
 * Removes a document from the record: the link goes, the document stays (it may be linked
 * elsewhere, and its versions are kept). Written as a change of the document's own end, so the
 * record's version — which the open form saves against — does not move.
 */
export async function unlinkDocument(client: ApiClient, documentId: number, link: DocumentsLink) {
  const documentEnd = `#${link.relationshipId}:${link.direction === 'fwd' ? 'rev' : 'fwd'}`;
  await client.call('POST', '/spapi/data/v1/entity/put', putEntitiesResponse, {
    entities: [{ id: documentId, relationships: { [documentEnd]: { remove: [link.recordId] } } }],
    deleted: [],
  });
}
