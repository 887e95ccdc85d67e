import type { CalcEditorApi } from '@plinth/expression-editor';
import {
  type FieldType,
  fieldTypes,
  firstUserId,
  type NamedEntity,
  type TypeSchemaField,
  type TypeSchemaResponse,
} from '@plinth/schema';
import { Button, ErrorDisplay, LoadingGrid, MenuButton, toast } from '@plinth/ui';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, navigate } from '../../app/router';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { AdminTabs } from '../admin/public';
import { useSession } from '../auth/public';
import { ChoiceValuesPanel } from './ChoiceValuesPanel';
import { DeleteFieldDialog } from './DeleteFieldDialog';
import { DeleteObjectDialog } from './DeleteObjectDialog';
import { FieldDialog } from './FieldDialog';
import { FieldGroupForm } from './FieldGroupForm';
import { draftOf, type FieldDraft, fieldTypeLabels, newFieldDraft } from './fieldDraft';
import { CsvImportDialog } from './import/CsvImportDialog';
import { ObjectDialog } from './ObjectDialog';
import { ObjectRecordsPanel } from './ObjectRecordsPanel';
import { RelationshipsPanel } from './relationships/RelationshipsPanel';
import { toastObjectSaved, toastSaved } from './savedToast';
import type { FieldGroup, SchemaApi, SchemaTypeSummary } from './schemaApi';
import { failureMessage } from './serverErrors';
import './schemaEditor.css';

interface Loaded {
  schema: TypeSchemaResponse;
  types: SchemaTypeSummary[];
  groups: FieldGroup[];
}

type Dialog =
  | { kind: 'field'; draft: FieldDraft }
  | { kind: 'object' }
  | { kind: 'delete' }
  | { kind: 'deleteField'; field: { id: number; name: string } }
  | { kind: 'import' };

/** Every member name of the Object (own, inherited, relationship ends) but the one edited. */
function siblingsOf(
  schema: TypeSchemaResponse,
  derivedMembers: NamedEntity[],
  except: number | null,
): NamedEntity[] {
  return [
    ...schema.fields.map((f) => ({ id: f.id, name: f.name, scriptName: f.scriptName })),
    ...schema.relationships.map((r) => ({ id: r.id, name: r.endName, scriptName: r.endScriptName })),
    ...derivedMembers,
  ].filter((m) => m.id !== except);
}

/** /admin/schema/{typeId}: an Object's details and its fields, each edited in its property tabs. */
export function ObjectPage({
  api,
  calcApi,
  typeId,
}: {
  api: SchemaApi;
  calcApi: CalcEditorApi;
  typeId: number;
}) {
  const { client } = useSession();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [derivedMembers, setDerivedMembers] = useState<NamedEntity[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [recordsToken, setRecordsToken] = useState(0);
  useDocumentTitle(loaded ? `${loaded.schema.type.name} · Objects` : 'Objects');

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const [schema, types, groups] = await Promise.all([
          api.type(typeId, signal),
          api.types(signal),
          api.fieldGroups(typeId, signal),
        ]);
        setLoaded({ schema, types, groups });
        // A new member must not clash with those of derived Objects either (they would inherit it).
        const derived = await Promise.all(
          schema.derivedTypes.map((d) => api.type(d.id, signal).catch(() => null)),
        );
        setDerivedMembers(
          derived.flatMap((d) =>
            d
              ? d.fields
                  .filter((f) => f.typeId !== typeId)
                  .map((f) => ({ id: f.id, name: f.name, scriptName: f.scriptName }))
              : [],
          ),
        );
        setError(null);
      } catch (failure) {
        if (!signal?.aborted) setError(failureMessage(failure));
      }
    },
    [api, typeId],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const summary = useMemo(() => loaded?.types.find((t) => t.id === typeId) ?? null, [loaded, typeId]);
  const startField = async (fieldType: FieldType) => {
    try {
      const name = await api.newFieldName(typeId, fieldType);
      setDialog({ kind: 'field', draft: newFieldDraft(fieldType, name) });
    } catch (failure) {
      toast.error(failureMessage(failure));
    }
  };

  if (error) return <ErrorDisplay message={error} homeHref="/admin/schema" />;
  if (!loaded || !summary) return <LoadingGrid columns={4} rows={6} />;
  const { schema, types, groups } = loaded;
  const own = schema.fields.filter((f) => f.typeId === typeId);
  const inherited = schema.fields.filter((f) => f.typeId !== typeId && f.id >= firstUserId);
  const groupName = (f: TypeSchemaField) => {
    const id = (f as Record<string, unknown>).groupId;
    return groups.find((g) => g.id === id)?.name ?? '';
  };
  const base = types.find((t) => t.id === summary.inheritsId);

  return (
    <section className="pl-page pl-admin pl-schema" aria-labelledby="object-title">
      <AdminTabs />
      <nav aria-label="Breadcrumb" className="pl-schema__crumbs">
        <Link to="/admin/schema">Objects</Link> <span aria-hidden="true">›</span> {schema.type.name}
      </nav>
      <div className="pl-admin__toolbar">
        <h1 id="object-title">
          {schema.type.name}
          {schema.type.isAbstract && <span className="pl-admin__badge">Abstract</span>}
        </h1>
        <div className="pl-admin__actions">
          <Button variant="outline" onPress={() => setDialog({ kind: 'object' })}>
            Details
          </Button>
          <Button variant="outline" onPress={() => setDialog({ kind: 'delete' })}>
            Delete
          </Button>
          {!schema.type.isAbstract && (
            <Button variant="outline" onPress={() => setDialog({ kind: 'import' })}>
              Import from CSV
            </Button>
          )}
        </div>
      </div>
      <dl className="pl-schema__facts">
        <div>
          <dt>Script name</dt>
          <dd>{schema.type.scriptName}</dd>
        </div>
        <div>
          <dt>Inherits from</dt>
          <dd>
            {base && !base.isSystem ? (
              <Link to={`/admin/schema/${base.id}`}>{base.name}</Link>
            ) : (
              (base?.name ?? 'Resource')
            )}
          </dd>
        </div>
        {summary.description && (
          <div>
            <dt>Description</dt>
            <dd>{summary.description}</dd>
          </div>
        )}
      </dl>

      {/* A choice Object's records are its choice values, kept in their own panel below. */}
      {!schema.type.isChoiceType && (
        <ObjectRecordsPanel
          api={api}
          typeId={typeId}
          isAbstract={schema.type.isAbstract === true}
          refreshToken={recordsToken}
        />
      )}

      <section className="pl-admin__panel" aria-labelledby="fields-title">
        <div className="pl-admin__panel-head">
          <h2 id="fields-title">Fields</h2>
          <MenuButton
            label="New field"
            variant="primary"
            items={fieldTypes.map((t) => ({
              id: t,
              label: fieldTypeLabels[t],
              onAction: () => void startField(t),
            }))}
          />
        </div>
        {own.length === 0 && <p className="pl-admin__muted">No fields of its own yet.</p>}
        {own.length > 0 && (
          <table className="pl-admin__table pl-schema__table">
            <thead>
              <tr>
                <th scope="col">Field name</th>
                <th scope="col">Script name</th>
                <th scope="col">Type</th>
                <th scope="col">Required</th>
                <th scope="col">Field group</th>
                <th scope="col">
                  <span className="pl-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {own.map((f) => (
                <tr key={f.id}>
                  <td data-label="Field name">{f.name}</td>
                  <td data-label="Script name">{f.scriptName}</td>
                  <td data-label="Type">{fieldTypeLabels[f.type]}</td>
                  <td data-label="Required">{f.isRequired ? 'Yes' : 'No'}</td>
                  <td data-label="Field group">{groupName(f)}</td>
                  <td>
                    <div className="pl-admin__actions">
                      <Button
                        size="small"
                        variant="outline"
                        aria-label={`Edit the field ${f.name}`}
                        onPress={() => setDialog({ kind: 'field', draft: draftOf(f) })}
                      >
                        Edit
                      </Button>
                      <Button
                        size="small"
                        variant="outline"
                        aria-label={`Delete the field ${f.name}`}
                        onPress={() => setDialog({ kind: 'deleteField', field: { id: f.id, name: f.name } })}
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
        {inherited.length > 0 && (
          <p className="pl-admin__muted">
            Inherited: {inherited.map((f) => f.name).join(', ')} (edit them on the Object they come from).
          </p>
        )}
      </section>

      <RelationshipsPanel
        api={api}
        typeId={typeId}
        schema={schema}
        types={types}
        members={siblingsOf(schema, derivedMembers, null)}
        onChanged={() => void load()}
      />

      {schema.type.isChoiceType && <ChoiceValuesPanel api={api} client={client} typeId={typeId} />}

      <section className="pl-admin__panel" aria-labelledby="groups-title">
        <h2 id="groups-title">Field groups</h2>
        {groups.length === 0 ? (
          <p className="pl-admin__muted">No field groups. Forms show the fields in one group.</p>
        ) : (
          <p>{groups.map((g) => g.name).join(', ')}</p>
        )}
        <FieldGroupForm api={api} typeId={typeId} onAdded={() => void load()} />
      </section>

      {dialog?.kind === 'field' && (
        <FieldDialog
          api={api}
          calcApi={calcApi}
          typeId={typeId}
          typeName={schema.type.name}
          initial={dialog.draft}
          siblings={siblingsOf(schema, derivedMembers, dialog.draft.id)}
          groups={groups}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            toastObjectSaved();
            void load();
          }}
        />
      )}
      {dialog?.kind === 'deleteField' && (
        <DeleteFieldDialog
          api={api}
          field={dialog.field}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            setDialog(null);
            toastSaved(`Field '${dialog.field.name}' deleted.`);
            void load();
          }}
        />
      )}
      {dialog?.kind === 'object' && (
        <ObjectDialog
          api={api}
          type={summary}
          types={types}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            toastObjectSaved();
            void load();
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteObjectDialog
          api={api}
          type={summary}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            setDialog(null);
            toastSaved(`Object '${summary.name}' successfully deleted.`);
            navigate('/admin/schema');
          }}
        />
      )}
      {dialog?.kind === 'import' && (
        <CsvImportDialog
          typeId={typeId}
          typeName={schema.type.name}
          onClose={() => setDialog(null)}
          onImported={() => setRecordsToken((n) => n + 1)}
        />
      )}
    </section>
  );
}
