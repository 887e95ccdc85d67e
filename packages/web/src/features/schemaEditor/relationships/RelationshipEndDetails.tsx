import { optionalFieldHint, requiredFieldHint } from '@plinth/schema';
import { Check, PropertySelect } from '../../admin/public';
import type { RelationshipDraft, RelationshipMember } from './relationshipDraft';

/** What the parts of the relationship dialog's tabs share with it. */
interface PartProps {
  draft: RelationshipDraft;
  set: (patch: Partial<RelationshipDraft>, ...members: RelationshipMember[]) => void;
  errors: Partial<Record<RelationshipMember, string>>;
  /** The names of the from- and to-Objects. */
  fromName: string;
  toName: string;
}

/** A message of the rules at a property that has no field of its own to show it (check boxes). */
export function ErrorText({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className="pl-field__error">
      {message}
    </p>
  ) : null;
}

/**
 * One end's details, under the Object that holds the end: whether it is required there, the
 * reports that display and pick its related records, and "use current" where it reaches users.
 */
export function EndDetails({
  end,
  draft,
  set,
  errors,
  fromName,
  toName,
  reports,
  reachesUsers,
}: PartProps & {
  end: 'to' | 'from';
  reports: ReadonlyArray<{ id: string; name: string }>;
  reachesUsers: boolean;
}) {
  const holder = (end === 'to' ? fromName : toName) || 'the related Object';
  const mandatory = end === 'to' ? 'relationshipIsMandatory' : 'revRelationshipIsMandatory';
  const isOn = end === 'to' ? draft.isMandatory : draft.isReverseMandatory;
  const useCurrent = end === 'to' ? 'defaultToUseCurrent' : 'defaultFromUseCurrent';
  const endName = (end === 'to' ? draft.toName : draft.fromName) || 'related records';
  const reportOf = (value: string) => (value === '' ? null : Number(value));
  return (
    <fieldset className="pl-schema__end">
      <legend>On {holder}</legend>
      <div className="pl-schema__check">
        <Check
          isSelected={isOn}
          onChange={(on) => set(end === 'to' ? { isMandatory: on } : { isReverseMandatory: on }, mandatory)}
        >
          Required on {holder}
        </Check>
        <p className="pl-field__hint">{isOn ? requiredFieldHint : optionalFieldHint}</p>
        <ErrorText message={errors[mandatory]} />
      </div>
      <PropertySelect
        label={`Display report on ${holder}`}
        value={String(draft[`${end}DisplayReportId`] ?? '')}
        options={reports}
        hint={`Lists the ${endName} on a ${holder} record.`}
        error={errors[`${end}DisplayReport`]}
        onChange={(v) => set({ [`${end}DisplayReportId`]: reportOf(v) }, `${end}DisplayReport`)}
      />
      <PropertySelect
        label={`Picker report on ${holder}`}
        value={String(draft[`${end}PickerReportId`] ?? '')}
        options={reports}
        hint={`Lists the records to choose the ${endName} from.`}
        error={errors[`${end}PickerReport`]}
        onChange={(v) => set({ [`${end}PickerReportId`]: reportOf(v) }, `${end}PickerReport`)}
      />
      {reachesUsers && (
        <div className="pl-schema__check">
          <Check isSelected={draft[useCurrent]} onChange={(on) => set({ [useCurrent]: on }, useCurrent)}>
            Use current: a new {holder} starts with the signed-in user
          </Check>
          <ErrorText message={errors[useCurrent]} />
        </div>
      )}
    </fieldset>
  );
}

/** securesTo and securesFrom (spec 03 §3), read by the access rules (decisions 0100, 0115). */
export function SecurityFields({ draft, set, errors, fromName, toName }: PartProps) {
  return (
    <>
      <p className="pl-admin__muted">
        Whether reading a record lets a person read the records it relates to, even where their access rules
        do not. It never lets them change those records.
      </p>
      <div className="pl-schema__check">
        <Check isSelected={draft.securesTo} onChange={(on) => set({ securesTo: on }, 'securesTo')}>
          Secures to: whoever may read a {fromName} may read its {draft.toName || 'related records'}
        </Check>
        <ErrorText message={errors.securesTo} />
      </div>
      <div className="pl-schema__check">
        <Check isSelected={draft.securesFrom} onChange={(on) => set({ securesFrom: on }, 'securesFrom')}>
          Secures from: whoever may read a {toName || 'related record'} may read its{' '}
          {draft.fromName || 'records'}
        </Check>
        <ErrorText message={errors.securesFrom} />
      </div>
    </>
  );
}
