import type { PatchEntityRequest } from '@plinth/schema';
import { type ComponentType, createContext, useContext } from 'react';
import type { RelatedRecord } from './relationshipChanges';

/** Opens a related record's form in a modal: view or edit. */
export interface OpenRecordModalProps {
  id: number;
  mode: 'view' | 'edit';
  onClose: () => void;
  onSaved: () => void;
}

/** A new related record's form in a modal: its values handed back, saved later with the record. */
export interface NewRecordModalProps {
  typeId: number;
  parent: { key: string; record: RelatedRecord };
  onClose: () => void;
  onCreated: (body: PatchEntityRequest, name: string | null) => void;
}

/**
 * The record forms a relationship table opens (a related record's, a new one's). A form shows its
 * tables and a table opens forms, so the forms are handed down by the form around the table
 * (RecordForm, RecordFormModal) instead of imported: no import circle. Without them the table
 * offers no Open and no New.
 */
export interface RelatedRecordForms {
  OpenRecordModal: ComponentType<OpenRecordModalProps>;
  NewRecordModal: ComponentType<NewRecordModalProps>;
}

export const RelatedRecordFormsContext = createContext<RelatedRecordForms | null>(null);

export const useRelatedRecordForms = () => useContext(RelatedRecordFormsContext);
