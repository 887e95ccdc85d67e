import type { ModalSize } from '@plinth/ui';
import type { RecordFormMode } from './recordFormApi';

/** A record without a name is shown by the spec's name for it (spec 03 §8). */
export const unnamedRecord = 'Unnamed resource';

/** A record form's title (spec 01 §2 form modals): 'Edit {name}', 'View {name}', 'New {type name}'. */
export function recordFormTitle(mode: RecordFormMode, recordName: string | null, typeName: string): string {
  if (mode === 'new') return `New ${typeName}`;
  const name = recordName?.trim() || unnamedRecord;
  return mode === 'edit' ? `Edit ${name}` : `View ${name}`;
}

/**
 * The form's main button (spec 01 §4 "Form modal"): Save for a new record, Update for an existing
 * one, Close in view mode (decision 0076).
 */
export function recordFormButtonLabel(mode: RecordFormMode): 'Save' | 'Update' | 'Close' {
  return mode === 'new' ? 'Save' : mode === 'edit' ? 'Update' : 'Close';
}

/** The form modal's size (spec 01 §4): small with 4 or fewer containers, medium otherwise. */
export function recordFormModalSize(containerCount: number): ModalSize {
  return containerCount <= 4 ? 'small' : 'medium';
}
