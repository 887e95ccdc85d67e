import { sysType } from '@plinth/schema';
import type { SystemTypeBehaviour } from '../entities/systemTypeBehaviour.js';
import { releaseDocumentFiles } from './unreferencedBlobs.js';

/**
 * Documents, of every type derived from Document too: a deleted document's earlier versions go
 * with it, and its files leave the store after the commit once nothing names them (decision 0012).
 */
export const documentTypeBehaviour: SystemTypeBehaviour = {
  name: 'documents',
  typeIds: [sysType.document],
  derivedTypes: true,
  onDelete: releaseDocumentFiles,
};
