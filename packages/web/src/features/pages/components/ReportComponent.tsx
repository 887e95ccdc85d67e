import type { QueryCondition } from '@plinth/grid';
import type { ReportComponentProperties } from '@plinth/schema';
import { useEffect, useState } from 'react';
import { ReportView } from '../../report/public';
import type { PageComponentProps } from '../componentRegistry';
import { intentAction, selectionVariableName } from '../reportIntents';
import '../pageComponents.css';

const headerHeight = 40;
const rowHeight = 32;

/**
 * The report (data-table) component on a page: the report grid bound to a report. Its selection is
 * published as a page variable; opening a row asks the runner for the record's form page in a
 * modal; a master filter on the page drives it; the page's REFRESH reads it again. Read-only
 * (its behaviour, or its container's), it offers no New, inline edit or Delete (decision 0109).
 */
export function ReportComponent({
  component,
  properties,
  isReadOnly,
  runtime,
}: PageComponentProps<ReportComponentProperties>) {
  const { bus } = runtime;
  const [master, setMaster] = useState<readonly QueryCondition[] | undefined>(undefined);
  const [refreshToken, setRefreshToken] = useState(0);
  useEffect(
    () =>
      bus.subscribe((m) => {
        if (m.type === 'MASTER_FILTER_APPLIED' && m.conditions[component.id])
          setMaster(m.conditions[component.id]);
        if (m.type === 'REFRESH' || (m.type === 'SAVE_SUCCEEDED' && !m.componentId))
          setRefreshToken((n) => n + 1);
      }),
    [bus, component.id],
  );
  const variable = selectionVariableName(component.id, properties.selectionVariable);
  const rows = Math.min(20, properties.rowsPerPage ?? 10);
  return (
    <div className="pl-page-report">
      {properties.title?.trim() && <h2 className="pl-page-report__title">{properties.title}</h2>}
      <ReportView
        reportId={properties.reportId!}
        showHeader={false}
        height={headerHeight + rows * rowHeight + 2}
        onNavigate={(intent) => {
          const action = intentAction(intent);
          if (action) runtime.onNavigate(action);
        }}
        onUnsavedChangesChange={(isDirty) =>
          bus.send({ type: 'DIRTY_CHANGED', componentId: component.id, isDirty })
        }
        onSelectionChange={(ids) =>
          bus.send({ type: 'VARIABLE_CHANGED', name: variable, value: [...ids], componentId: component.id })
        }
        {...(master ? { masterConditions: master } : {})}
        refreshToken={refreshToken}
        isReadOnly={isReadOnly}
        onDocumentGenerated={() => bus.send({ type: 'EXPORT_DOCUMENT_COMPLETED', componentId: component.id })}
      />
    </div>
  );
}
