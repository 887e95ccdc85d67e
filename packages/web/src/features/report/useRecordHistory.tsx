import { useState } from 'react';
import type { ApiClient } from '../../api/apiClient';
import { RecordHistoryDialog } from './RecordHistoryDialog';

/** The label of the History item in the row menu and the toolbar's More actions. */
export const historyMenuLabel = 'History';

/**
 * The History of a report row (decision 0048): a menu item, enabled with exactly one row chosen,
 * and the dialog it opens. Off for public reports (anonymous callers have no history to read).
 */
export function useRecordHistory(client: ApiClient, selectedIds: readonly number[], isEnabled: boolean) {
  const [recordId, setRecordId] = useState<number | null>(null);
  const only = selectedIds.length === 1 ? selectedIds[0]! : null;
  const menuItems = isEnabled
    ? [
        {
          id: 'recordHistory',
          label: historyMenuLabel,
          isDisabled: only === null,
          onAction: () => setRecordId(only),
        },
      ]
    : [];
  const dialog =
    recordId === null ? null : (
      <RecordHistoryDialog client={client} recordId={recordId} onClose={() => setRecordId(null)} />
    );
  return { menuItems, dialog };
}
