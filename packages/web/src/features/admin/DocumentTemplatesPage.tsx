import { type DocumentTemplateInfo, type DocumentTemplatesResponse, filePaths } from '@plinth/schema';
import { Button, ConfirmDialog, LoadingGrid, toast } from '@plinth/ui';
import { useCallback, useMemo, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { uploadDocument } from '../../api/fileApi';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { useSession } from '../auth/public';
import { type DocumentTemplateApi, documentTemplateApi } from '../documentTemplates/public';
import { AdminTabs, Choose } from './adminControls';
import { FormDialog, LabelledText } from './FormDialog';
import { messageOf } from './messageOf';
import { useAdminRead } from './useAdminRead';
import './documentTemplates.css';

/** What uploading a template needs: a Word file (decision 0129). */
const docxTypes = ['.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'];

type Dialog = { kind: 'create' } | { kind: 'delete'; template: DocumentTemplateInfo };

export interface DocumentTemplatesPageProps {
  /** The calls; the server's by default (tests pass their own client through the session). */
  api?: DocumentTemplateApi;
  /** The upload of the Word document; the document upload call by default. */
  upload?: (file: File) => Promise<{ id: number }>;
}

/**
 * /admin/document-templates: the Word templates a record's menus generate documents from
 * (decision 0129) — listed with their Object and Word document, added by uploading a .docx with
 * merge fields, deleted.
 */
export function DocumentTemplatesPage({ api: given, upload = uploadDocument }: DocumentTemplatesPageProps) {
  const { client } = useSession();
  const api = useMemo(() => given ?? documentTemplateApi(client), [given, client]);
  const read = useCallback((signal?: AbortSignal) => api.list(signal), [api]);
  const { value: data, error, reload } = useAdminRead(read);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  useDocumentTitle('Document templates');

  const done = async (message: string) => {
    setDialog(null);
    toast.success(message);
    await reload();
  };
  const remove = async (template: DocumentTemplateInfo) => {
    try {
      await api.remove(template.id);
      await done(`The template ${template.name} was deleted.`);
    } catch (failure) {
      setDialog(null);
      toast.error(messageOf(failure));
    }
  };

  return (
    <section className="pl-page pl-admin" aria-labelledby="templates-title">
      <AdminTabs />
      <div className="pl-admin__toolbar">
        <h1 id="templates-title">Document templates</h1>
        <Button variant="primary" onPress={() => setDialog({ kind: 'create' })} isDisabled={data === null}>
          New template
        </Button>
      </div>
      <p className="pl-admin__muted pl-admin__intro">
        A template is a Word document (.docx) with merge fields. Records of its Object offer “Generate” in
        their menus, which fills the fields from the record and downloads the document.
      </p>
      {error && <p role="alert">{error}</p>}
      {data === null && !error && <LoadingGrid columns={3} rows={3} />}
      {data && data.templates.length === 0 && <p className="pl-admin__muted">No document templates yet.</p>}
      {data && data.templates.length > 0 && (
        <table className="pl-admin__table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Object</th>
              <th scope="col">Word document</th>
              <th scope="col">
                <span className="pl-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.templates.map((template) => (
              <tr key={template.id}>
                <td data-label="Name">
                  <strong>{template.name}</strong>
                </td>
                <td data-label="Object">{template.typeName ?? '—'}</td>
                <td data-label="Word document">
                  {template.documentId !== null ? (
                    <a href={filePaths.file(template.documentId)} download>
                      {template.documentName}
                    </a>
                  ) : (
                    <span className="pl-admin__badge pl-admin__badge--error">No document</span>
                  )}
                </td>
                <td>
                  <div className="pl-admin__actions">
                    {template.canDelete && (
                      <Button
                        size="small"
                        variant="outline"
                        aria-label={`Delete the template ${template.name}`}
                        onPress={() => setDialog({ kind: 'delete', template })}
                      >
                        Delete
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {dialog?.kind === 'create' && data && (
        <TemplateDialog
          api={api}
          upload={upload}
          types={data.types}
          onClose={() => setDialog(null)}
          onCreated={(name) => void done(`The template ${name} was created.`)}
        />
      )}
      <ConfirmDialog
        title={dialog?.kind === 'delete' ? `Delete the template ${dialog.template.name}?` : 'Delete?'}
        message="Its records no longer offer it; documents generated from it stay as they are."
        isOpen={dialog?.kind === 'delete'}
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          if (dialog?.kind === 'delete') void remove(dialog.template);
        }}
      />
    </section>
  );
}

/** New template: its name, its Object and its Word document, uploaded as the template is created. */
function TemplateDialog({
  api,
  upload,
  types,
  onClose,
  onCreated,
}: {
  api: DocumentTemplateApi;
  upload: (file: File) => Promise<{ id: number }>;
  types: DocumentTemplatesResponse['types'];
  onClose: () => void;
  onCreated: (name: string) => void;
}) {
  const [name, setName] = useState('');
  const [typeId, setTypeId] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [touched, setTouched] = useState(false);
  const isDocx = file !== null && /\.docx$/i.test(file.name);
  const problems = {
    name: name.trim() === '' ? 'A value is required.' : null,
    type: typeId === null ? 'Choose the Object whose records it is for.' : null,
    file:
      file === null
        ? 'Choose a Word document (.docx).'
        : isDocx
          ? null
          : `'${file.name}' is not a .docx file.`,
  };
  const create = async () => {
    setTouched(true);
    if (problems.name || problems.type || problems.file) return;
    const document = await upload(file!);
    try {
      await api.create({ name: name.trim(), typeId: typeId!, documentId: document.id });
    } catch (failure) {
      // The template was refused: its upload goes with it.
      await api.remove(document.id).catch(() => undefined);
      throw failure;
    }
    onCreated(name.trim());
  };
  return (
    <FormDialog
      title="New document template"
      submitLabel="Create template"
      onClose={onClose}
      onSubmit={create}
    >
      <LabelledText
        label="Name"
        value={name}
        onChange={setName}
        isRequired
        autoFocus
        hint="What the menus offer: Generate Account summary."
        error={touched ? problems.name : null}
      />
      <Choose label="Object" options={types} selected={typeId} onChange={setTypeId} />
      {touched && problems.type && (
        <span role="alert" className="pl-field__error">
          {problems.type}
        </span>
      )}
      <fieldset className="pl-admin__file">
        <legend className="pl-field__label">Word document</legend>
        <span className="pl-admin__file-row">
          <FileTrigger acceptedFileTypes={docxTypes} onSelect={(files) => setFile(files?.[0] ?? null)}>
            <Button size="small" variant="outline">
              {file ? 'Choose another file' : 'Choose a .docx file'}
            </Button>
          </FileTrigger>
          <span>{file?.name ?? 'No file chosen'}</span>
        </span>
        <span className="pl-field__hint">
          Merge fields name the Object's fields or relationships (Name, Annual_Revenue, Parent_Account) or a
          related record's field (Parent_Account.Industry).
        </span>
        {touched && problems.file && (
          <span role="alert" className="pl-field__error">
            {problems.file}
          </span>
        )}
      </fieldset>
    </FormDialog>
  );
}
