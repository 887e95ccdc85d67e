import {
  type Cardinality,
  cardinalities,
  correctErrorsBeforeSavingMessage,
  type NamedEntity,
  pluralName,
  type RelType,
  relTypes,
  sysType,
  toScriptName,
} from '@plinth/schema';
import { Modal } from '@plinth/ui';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Form, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { ApiError } from '../../../api/apiClient';
import { PropertySelect, PropertyText } from '../../admin/public';
import { useSavedToastClosed } from '../savedToast';
import type { ReportChoice, SchemaApi, SchemaTypeSummary } from '../schemaApi';
import { failureMessage, memberErrorsOf } from '../serverErrors';
import { EndDetails, ErrorText, SecurityFields } from './RelationshipEndDetails';
import {
  checkRelationshipDraft,
  goneMembers,
  membersByTab,
  putOfRelationship,
  type RelationshipDraft,
  type RelationshipMember,
  type RelationshipTab,
  relationshipTabLabels,
} from './relationshipDraft';
import {
  cardinalityLabels,
  cardinalityOf,
  isChoiceKind,
  relTypeHints,
  relTypeLabels,
} from './relationshipKinds';
import { useEndMembers } from './useEndMembers';
import './relationships.css';

export interface RelationshipDialogProps {
  api: SchemaApi;
  /** The Object whose page opened the dialog: a new relationship starts from it. */
  typeId: number;
  types: readonly SchemaTypeSummary[];
  initial: RelationshipDraft;
  /** The members of the page's Object (own, inherited, derived Objects'), for the clash check. */
  ownMembers: readonly NamedEntity[];
  onClose: () => void;
  onSaved: () => void;
}

/** System Objects a relationship may reach besides the tenant's own. */
const relatableSystemTypes: readonly number[] = [sysType.person, sysType.userAccount, sysType.document];

/** An end that reaches users may start as the signed-in user (spec 03 §3 defaultToUseCurrent). */
function reachesUsers(types: readonly SchemaTypeSummary[], typeId: number | null): boolean {
  for (let id = typeId; id !== null; id = types.find((t) => t.id === id)?.inheritsId ?? null)
    if (id === sysType.userAccount || id === sysType.person) return true;
  return false;
}

/**
 * A relationship's properties in the tabs of spec 01 §9 that apply to it: kind, related Object,
 * cardinality and both ends' names (General); mandatory ends, reports and "use current"
 * (Relationship details); securesTo and securesFrom (Security). The editor's checks run first,
 * then the server's, whose messages show at the property they are about.
 */
export function RelationshipDialog({
  api,
  typeId,
  types,
  initial,
  ownMembers,
  onClose,
  onSaved,
}: RelationshipDialogProps) {
  useSavedToastClosed();
  const [draft, setDraft] = useState(initial);
  const isNew = initial.id === null;
  const [errors, setErrors] = useState<Partial<Record<RelationshipMember, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [tab, setTab] = useState<RelationshipTab>('general');
  // A new relationship's names follow the Objects, and script names the names, until written.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set(isNew ? [] : ['all']));
  const typeName = (id: number | null) => types.find((t) => t.id === id)?.name ?? '';
  const fromName = typeName(draft.fromTypeId);
  const toName = typeName(draft.toTypeId);
  const membersOf = useEndMembers(api, typeId, ownMembers, draft.toTypeId, draft.fromTypeId);
  const [reports, setReports] = useState<Record<number, ReportChoice[]>>({});
  useEffect(() => {
    const controller = new AbortController();
    for (const id of [draft.fromTypeId, draft.toTypeId])
      if (id !== null && reports[id] === undefined)
        api.reportsOf(id, controller.signal).then(
          (list) => setReports((r) => ({ ...r, [id]: list })),
          () => undefined,
        );
    return () => controller.abort();
  }, [api, draft.fromTypeId, draft.toTypeId, reports]);

  const edited = (...members: RelationshipMember[]) => {
    setErrors((e) => {
      const next = { ...e };
      for (const m of members) delete next[m];
      return next;
    });
    setFormError(null);
  };
  const set = (patch: Partial<RelationshipDraft>, ...members: RelationshipMember[]) => {
    setDraft((d) => ({ ...d, ...patch }));
    edited(...members);
  };
  const isTouched = (key: string) => touched.has('all') || touched.has(key);
  const touch = (key: string) => setTouched((t) => new Set([...t, key]));
  const setName = (end: 'to' | 'from', value: string) => {
    const scriptKey = `${end}ScriptName` as const;
    set(
      {
        [`${end}Name`]: value,
        ...(isTouched(scriptKey) ? {} : { [scriptKey]: toScriptName(value) }),
      },
      `${end}Name`,
      scriptKey,
    );
    touch(`${end}Name`);
  };
  const chooseRelated = (id: number | null) => {
    const name = typeName(id);
    const patch: Partial<RelationshipDraft> = {
      toTypeId: id,
      toDisplayReportId: null,
      toPickerReportId: null,
      fromDisplayReportId: null,
      fromPickerReportId: null,
      defaultToUseCurrent: false,
    };
    if (!isTouched('toName')) Object.assign(patch, { toName: name, toScriptName: toScriptName(name) });
    if (!isTouched('fromName'))
      Object.assign(patch, {
        fromName: pluralName(fromName),
        fromScriptName: toScriptName(pluralName(fromName)),
      });
    set(patch, 'toType', 'toName', 'toScriptName', 'fromName', 'fromScriptName');
  };

  const tabIds = Object.keys(membersByTab) as RelationshipTab[];
  const showErrors = (found: Partial<Record<RelationshipMember, string>>) => {
    setErrors(found);
    setFormError(correctErrorsBeforeSavingMessage);
    const first = tabIds.find((t) => membersByTab[t].some((m) => found[m] !== undefined));
    if (first) setTab(first);
  };

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (isBusy) return;
    const found = checkRelationshipDraft(draft, {
      membersOf,
      isChoiceType: (id) => types.find((t) => t.id === id)?.isChoiceType === true,
      typeName,
    });
    if (Object.keys(found).length > 0) return showErrors(found);
    setBusy(true);
    const key = 'new:relationship';
    try {
      await api.put([putOfRelationship(draft, key)]);
      onSaved();
    } catch (failure) {
      const byMember = memberErrorsOf(failure, draft.id ?? key);
      if (byMember && Object.keys(byMember).length > 0) {
        const known = tabIds.flatMap((t) => membersByTab[t]);
        const mine = Object.fromEntries(
          Object.entries(byMember).filter(([m]) => known.includes(m as RelationshipMember)),
        );
        const other = Object.entries(byMember).filter(([m]) => !known.includes(m as RelationshipMember));
        showErrors(mine);
        if (other.length > 0) setFormError(other.map(([, message]) => message).join(' '));
      } else if (failure instanceof ApiError && failure.status === 404) {
        // A record the put names is gone: say which, read afresh (another admin deleted it meanwhile).
        const gone = await goneMembers(api, draft);
        if (Object.keys(gone).length > 0) showErrors(gone);
        else setFormError(failureMessage(failure));
      } else setFormError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const relatedChoices = types
    .filter((t) =>
      isChoiceKind(draft.relType) ? t.isChoiceType : !t.isSystem || relatableSystemTypes.includes(t.id),
    )
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((t) => ({ id: String(t.id), name: t.name }));
  const reportChoices = (id: number | null) => [
    { id: '', name: 'The generated default' },
    ...(id === null ? [] : (reports[id] ?? [])).map((r) => ({ id: String(r.id), name: r.name })),
  ];
  const errorText = (member: RelationshipMember) => <ErrorText message={errors[member]} />;
  const cardinality = cardinalityOf(draft.relType, draft.cardinality);

  const general = (
    <>
      <PropertySelect
        label="Kind"
        value={draft.relType}
        options={relTypes.map((k) => ({ id: k, name: relTypeLabels[k] }))}
        hint={relTypeHints[draft.relType]}
        error={errors.relType}
        onChange={(v) => set({ relType: v as RelType }, 'relType', 'toType', 'cardinality')}
      />
      {isNew ? (
        <PropertySelect
          label={isChoiceKind(draft.relType) ? 'Related choice Object' : 'Related Object'}
          value={draft.toTypeId === null ? '' : String(draft.toTypeId)}
          options={[{ id: '', name: 'Choose an Object' }, ...relatedChoices]}
          error={errors.toType}
          onChange={(v) => chooseRelated(v === '' ? null : Number(v))}
        />
      ) : (
        <p className="pl-schema__fact">
          <span className="pl-field__label">Relates</span> {fromName} → {toName}
          {errorText('toType')}
        </p>
      )}
      {draft.relType === 'custom' ? (
        <PropertySelect
          label="Cardinality"
          value={draft.cardinality}
          options={cardinalities.map((c) => ({ id: c, name: cardinalityLabels[c] }))}
          error={errors.cardinality}
          onChange={(v) => set({ cardinality: v as Cardinality }, 'cardinality')}
        />
      ) : (
        <p className="pl-schema__fact">
          <span className="pl-field__label">Cardinality</span> {cardinalityLabels[cardinality]}
          {errorText('cardinality')}
        </p>
      )}
      <fieldset className="pl-schema__end">
        <legend>On {fromName || 'this Object'}</legend>
        <PropertyText
          label={`Name on ${fromName}`}
          value={draft.toName}
          isRequired
          error={errors.toName}
          onChange={(v) => setName('to', v)}
        />
        <PropertyText
          label={`Script name on ${fromName}`}
          value={draft.toScriptName}
          isRequired
          error={errors.toScriptName}
          onChange={(v) => {
            touch('toScriptName');
            set({ toScriptName: v }, 'toScriptName');
          }}
        />
      </fieldset>
      <fieldset className="pl-schema__end">
        <legend>On {toName || 'the related Object'}</legend>
        <PropertyText
          label={`Name on ${toName || 'the related Object'}`}
          value={draft.fromName}
          isRequired
          error={errors.fromName}
          onChange={(v) => setName('from', v)}
        />
        <PropertyText
          label={`Script name on ${toName || 'the related Object'}`}
          value={draft.fromScriptName}
          isRequired
          error={errors.fromScriptName}
          onChange={(v) => {
            touch('fromScriptName');
            set({ fromScriptName: v }, 'fromScriptName');
          }}
        />
      </fieldset>
      <PropertyText
        label="Description"
        value={draft.description}
        multiline
        error={errors.description}
        onChange={(v) => set({ description: v }, 'description')}
      />
    </>
  );

  const parts = { draft, set, errors, fromName, toName };
  const panels: Record<RelationshipTab, ReactNode> = {
    general,
    details: (['to', 'from'] as const).map((end) => (
      <EndDetails
        key={end}
        end={end}
        {...parts}
        reports={reportChoices(end === 'to' ? draft.toTypeId : draft.fromTypeId)}
        reachesUsers={reachesUsers(types, end === 'to' ? draft.toTypeId : draft.fromTypeId)}
      />
    )),
    security: <SecurityFields {...parts} />,
  };
  const title = isNew
    ? `New relationship on ${typeName(typeId)}`
    : `${initial.toName} (${relTypeLabels[initial.relType]})`;
  return (
    <Modal
      title={title}
      isOpen
      size="large"
      onOpenChange={(open) => !open && onClose()}
      buttons={[
        { kind: 'cancel', onPress: onClose },
        { kind: 'custom', label: 'Save', variant: 'primary', onPress: () => void save(), isDisabled: isBusy },
      ]}
    >
      <Form
        className="pl-admin__form pl-schema__field-form pl-schema__rel-form"
        onSubmit={save}
        validationBehavior="aria"
      >
        {!isNew && (
          <p className="pl-schema__warning" role="note">
            Field schema changes can affect Forms, Pages and Reports.
          </p>
        )}
        <Tabs selectedKey={tab} onSelectionChange={(k) => setTab(k as RelationshipTab)}>
          <TabList aria-label="Relationship properties" className="pl-schema__tabs">
            {tabIds.map((t) => (
              <Tab key={t} id={t} className="pl-schema__tab">
                {relationshipTabLabels[t]}
                {membersByTab[t].some((m) => errors[m] !== undefined) && (
                  <span className="pl-schema__tab-error">
                    {' '}
                    <span aria-hidden="true">!</span>
                    <span className="pl-visually-hidden">(has errors)</span>
                  </span>
                )}
              </Tab>
            ))}
          </TabList>
          {tabIds.map((t) => (
            <TabPanel key={t} id={t} className="pl-schema__tab-panel">
              {panels[t]}
            </TabPanel>
          ))}
        </Tabs>
        {formError && (
          <p role="alert" className="pl-field__error">
            {formError}
          </p>
        )}
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
