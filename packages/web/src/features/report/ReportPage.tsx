import './report.css';
import type { NavigationIntent } from '@plinth/grid';
import { toast } from '@plinth/ui';
import { useState } from 'react';
import { reportIdOfRoute } from '../../api/reportPrefetch';
import { navigate } from '../../app/router';
import { ReportFullView } from './ReportFullView';
import { ReportView } from './ReportView';
import { intentUrl } from './reportNavigation';

export interface ReportPageProps {
  appSlug: string;
  /** A report id, or a saved report's alias. */
  reportId: string;
}

/** The runner's report route `/apps/{app}/_report/{reportId}` (spec 01 §2): one report, full width. */
export function ReportPage({ appSlug, reportId }: ReportPageProps) {
  const [fullView, setFullView] = useState<{ title: string; hasUnsavedChanges: boolean } | null>(null);
  const onNavigate = (intent: NavigationIntent) => {
    const url = intentUrl(appSlug, intent);
    if (url) navigate(url);
    else toast.info('This action has no page in the runner yet.');
  };
  const id = reportIdOfRoute(reportId);
  return (
    <div className="pl-report-page">
      <ReportView
        key={reportId}
        reportId={id}
        onNavigate={onNavigate}
        onFullView={(title) => setFullView({ title, hasUnsavedChanges: false })}
      />
      {fullView && (
        <ReportFullView
          title={fullView.title}
          hasUnsavedChanges={fullView.hasUnsavedChanges}
          onClose={() => setFullView(null)}
        >
          <ReportView
            reportId={id}
            onNavigate={(intent) => {
              setFullView(null);
              onNavigate(intent);
            }}
            onUnsavedChangesChange={(has) =>
              setFullView((view) =>
                view && view.hasUnsavedChanges !== has ? { ...view, hasUnsavedChanges: has } : view,
              )
            }
            height="65vh"
            showHeader={false}
          />
        </ReportFullView>
      )}
    </div>
  );
}
