export { SchemaEditorPage, type SchemaEditorPageProps } from './SchemaEditorPage';
