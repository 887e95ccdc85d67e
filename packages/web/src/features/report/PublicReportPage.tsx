import './report.css';
import { toast } from '@plinth/ui';
import { ReportView } from './ReportView';

export interface PublicReportPageProps {
  tenant: string;
  reportId: number;
}

/**
 * A public report (spec 02 §1): `/public/{tenant}/report/{id}` answers anyone through the public
 * report call, which exposes only what that report shows. Rows do not open records.
 */
export function PublicReportPage({ tenant, reportId }: PublicReportPageProps) {
  return (
    <div className="pl-report-page">
      <ReportView
        reportId={reportId}
        usage="public"
        tenant={tenant}
        onNavigate={() => toast.info('Sign in to open records.')}
      />
    </div>
  );
}
