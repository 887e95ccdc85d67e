export { PublicReportPage, type PublicReportPageProps } from './PublicReportPage';
export { ReportPage, type ReportPageProps } from './ReportPage';
export { ReportView, type ReportViewProps } from './ReportView';
