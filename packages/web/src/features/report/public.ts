export { ReportPage, type ReportPageProps } from './ReportPage';
export { ReportView, type ReportViewProps } from './ReportView';
