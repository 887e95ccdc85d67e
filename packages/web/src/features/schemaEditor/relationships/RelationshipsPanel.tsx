import {
  firstUserId,
  type NamedEntity,
  type TypeSchemaRelationship,
  type TypeSchemaResponse,
} from '@plinth/schema';
import { Button } from '@plinth/ui';
import { useState } from 'react';
import { Link } from '../../../app/router';
import { toastObjectSaved, toastSaved } from '../savedToast';
import type { SchemaApi, SchemaTypeSummary } from '../schemaApi';
import { DeleteRelationshipDialog } from './DeleteRelationshipDialog';
import { RelationshipDialog } from './RelationshipDialog';
import { draftOfRelationship, newRelationshipDraft, type RelationshipDraft } from './relationshipDraft';
import { cardinalityLabels, cardinalitySeenFrom, relTypeLabels } from './relationshipKinds';

export interface RelationshipsPanelProps {
  api: SchemaApi;
  typeId: number;
  schema: TypeSchemaResponse;
  types: readonly SchemaTypeSummary[];
  /** The members of the Object (own, inherited, derived Objects'), for the dialog's clash check. */
  members: readonly NamedEntity[];
  /** Called after a relationship was saved or deleted, to read the Object again. */
  onChanged: () => void;
}

type Dialog = { kind: 'edit'; draft: RelationshipDraft } | { kind: 'delete'; id: number; name: string };

/** The end belongs to the Object itself (not to a base it inherits from). */
const isOwnEnd = (r: TypeSchemaRelationship, typeId: number) =>
  (r.direction === 'fwd' ? r.fromTypeId : r.toTypeId) === typeId;

/**
 * The Object's relationships, both directions, each as the Object sees it: the end's name and
 * script name, the related Object, the kind, the cardinality from this side and whether this end
 * is required. New, edit and delete open their dialogs (decision 0100).
 */
export function RelationshipsPanel({
  api,
  typeId,
  schema,
  types,
  members,
  onChanged,
}: RelationshipsPanelProps) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const userEnds = schema.relationships.filter((r) => r.id >= firstUserId);
  const own = userEnds.filter((r) => isOwnEnd(r, typeId));
  const inherited = userEnds.filter((r) => !isOwnEnd(r, typeId));
  const related = (r: TypeSchemaRelationship) =>
    types.find((t) => t.id === (r.direction === 'fwd' ? r.toTypeId : r.fromTypeId));

  return (
    <section className="pl-admin__panel" aria-labelledby="relationships-title">
      <div className="pl-admin__panel-head">
        <h2 id="relationships-title">Relationships</h2>
        <Button
          variant="primary"
          onPress={() => setDialog({ kind: 'edit', draft: newRelationshipDraft(typeId) })}
        >
          New relationship
        </Button>
      </div>
      {own.length === 0 && <p className="pl-admin__muted">No relationships of its own yet.</p>}
      {own.length > 0 && (
        <table className="pl-admin__table pl-schema__table" aria-labelledby="relationships-title">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Script name</th>
              <th scope="col">Related Object</th>
              <th scope="col">Kind</th>
              <th scope="col">Cardinality</th>
              <th scope="col">Required</th>
              <th scope="col">
                <span className="pl-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {own.map((r) => {
              const other = related(r);
              return (
                <tr key={`${r.id}:${r.direction}`}>
                  <td data-label="Name">{r.endName}</td>
                  <td data-label="Script name">{r.endScriptName}</td>
                  <td data-label="Related Object">
                    {other && !other.isSystem ? (
                      <Link to={`/admin/schema/${other.id}`}>{other.name}</Link>
                    ) : (
                      (other?.name ?? '')
                    )}
                  </td>
                  <td data-label="Kind">
                    {relTypeLabels[r.relType]}
                    {r.direction === 'rev' && <span className="pl-admin__muted"> (other end)</span>}
                  </td>
                  <td data-label="Cardinality">
                    {cardinalityLabels[cardinalitySeenFrom(r.cardinality, r.direction)]}
                  </td>
                  <td data-label="Required">
                    {(r.direction === 'fwd' ? r.isMandatory : r.isReverseMandatory) ? 'Yes' : 'No'}
                  </td>
                  <td>
                    <div className="pl-admin__actions">
                      <Button
                        size="small"
                        variant="outline"
                        aria-label={`Edit the relationship ${r.endName}`}
                        onPress={() => setDialog({ kind: 'edit', draft: draftOfRelationship(r) })}
                      >
                        Edit
                      </Button>
                      <Button
                        size="small"
                        variant="outline"
                        aria-label={`Delete the relationship ${r.endName}`}
                        onPress={() => setDialog({ kind: 'delete', id: r.id, name: r.endName })}
                      >
                        Delete
                      </Button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {inherited.length > 0 && (
        <p className="pl-admin__muted">
          Inherited: {inherited.map((r) => r.endName).join(', ')} (edit them on the Object they come from).
        </p>
      )}
      {dialog?.kind === 'edit' && (
        <RelationshipDialog
          api={api}
          typeId={typeId}
          types={types}
          initial={dialog.draft}
          ownMembers={members}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            toastObjectSaved();
            onChanged();
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteRelationshipDialog
          api={api}
          relationship={{ id: dialog.id, name: dialog.name }}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            setDialog(null);
            toastSaved(`Relationship '${dialog.name}' successfully deleted.`);
            onChanged();
          }}
        />
      )}
    </section>
  );
}
