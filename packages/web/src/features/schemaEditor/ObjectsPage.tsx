import { Button, LoadingGrid } from '@plinth/ui';
import { useCallback, useMemo, useState } from 'react';
import { Input, Label, SearchField } from 'react-aria-components';
import { Link, navigate } from '../../app/router';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { AdminTabs, useAdminRead } from '../admin/public';
import { DeleteObjectDialog } from './DeleteObjectDialog';
import { TypeIcon } from './IconInput';
import { NewObjectFromCsvDialog } from './import/NewObjectFromCsvDialog';
import { ObjectDialog } from './ObjectDialog';
import { toastObjectSaved, toastSaved } from './savedToast';
import type { SchemaApi, SchemaTypeSummary } from './schemaApi';
import { failureMessage } from './serverErrors';
import { typeRows } from './typeTree';
import './schemaEditor.css';

type Dialog =
  | { kind: 'object'; type: SchemaTypeSummary | null }
  | { kind: 'delete'; type: SchemaTypeSummary }
  | { kind: 'csv' };

/** /admin/schema: the tenant's Objects, derived ones under their base, with search, create and delete. */
export function ObjectsPage({ api }: { api: SchemaApi }) {
  const readTypes = useCallback((signal?: AbortSignal) => api.types(signal), [api]);
  const { value: types, error, reload: load } = useAdminRead(readTypes, failureMessage);
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  useDocumentTitle('Objects');

  const rows = useMemo(() => (types ? typeRows(types, search) : []), [types, search]);
  const hasOwn = types?.some((t) => !t.isSystem) ?? false;

  return (
    <section className="pl-page pl-admin pl-schema" aria-labelledby="objects-title">
      <AdminTabs />
      <div className="pl-admin__toolbar">
        <h1 id="objects-title">Objects</h1>
        <div className="pl-schema__toolbar-actions">
          <SearchField className="pl-schema__search" value={search} onChange={setSearch}>
            <Label className="pl-visually-hidden">Search Objects</Label>
            <Input className="pl-input" placeholder="Search Objects" />
          </SearchField>
          <Button variant="primary" onPress={() => setDialog({ kind: 'object', type: null })}>
            New Object
          </Button>
          <Button variant="outline" onPress={() => setDialog({ kind: 'csv' })}>
            New Object from CSV
          </Button>
        </div>
      </div>
      {error && <p role="alert">{error}</p>}
      {types === null && !error && <LoadingGrid columns={4} rows={6} />}
      {types && !hasOwn && <p className="pl-admin__muted">No Objects yet. Create the first one.</p>}
      {types && hasOwn && rows.length === 0 && (
        <p className="pl-admin__muted">No Object matches '{search}'.</p>
      )}
      {rows.length > 0 && (
        <table className="pl-admin__table pl-schema__table">
          <thead>
            <tr>
              <th scope="col">Object name</th>
              <th scope="col">Script name</th>
              <th scope="col">Inherits from</th>
              <th scope="col">
                <span className="pl-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ type, depth, baseName }) => (
              <tr key={type.id}>
                <td data-label="Object name">
                  <span className="pl-schema__indent" style={{ paddingInlineStart: `${depth * 1.25}rem` }}>
                    {depth > 0 && (
                      <span aria-hidden="true" className="pl-schema__branch">
                        └{' '}
                      </span>
                    )}
                    <TypeIcon imageId={type.iconImageId} />
                    <Link to={`/admin/schema/${type.id}`}>{type.name}</Link>
                    {type.isAbstract && <span className="pl-admin__badge">Abstract</span>}
                    {type.isChoiceType && <span className="pl-admin__badge">Choice</span>}
                  </span>
                </td>
                <td data-label="Script name">{type.scriptName}</td>
                <td data-label="Inherits from">{baseName ?? ''}</td>
                <td>
                  <div className="pl-admin__actions">
                    <Button
                      size="small"
                      variant="outline"
                      aria-label={`Edit the details of ${type.name}`}
                      onPress={() => setDialog({ kind: 'object', type })}
                    >
                      Details
                    </Button>
                    <Button
                      size="small"
                      variant="outline"
                      aria-label={`Delete ${type.name}`}
                      onPress={() => setDialog({ kind: 'delete', type })}
                    >
                      Delete
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {dialog?.kind === 'object' && types && (
        <ObjectDialog
          api={api}
          type={dialog.type}
          types={types}
          onClose={() => setDialog(null)}
          onSaved={(id) => {
            const wasNew = dialog.type === null;
            setDialog(null);
            toastObjectSaved();
            if (wasNew) navigate(`/admin/schema/${id}`);
            else void load();
          }}
        />
      )}
      {dialog?.kind === 'csv' && (
        <NewObjectFromCsvDialog
          onClose={(id) => {
            setDialog(null);
            if (id === undefined) return;
            toastObjectSaved();
            navigate(`/admin/schema/${id}`);
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteObjectDialog
          api={api}
          type={dialog.type}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            setDialog(null);
            toastSaved(`Object '${dialog.type.name}' successfully deleted.`);
            void load();
          }}
        />
      )}
    </section>
  );
}
