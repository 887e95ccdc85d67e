import { LazyExpressionEditor } from '@plinth/expression-editor';
import { type AdminRole, type AdminRule, sysType } from '@plinth/schema';
import { useMemo, useRef, useState } from 'react';
import { useSession } from '../auth/public';
import type { AdminApi } from './adminApi';
import { Check, Choose } from './adminControls';
import { FormDialog } from './FormDialog';
import { ruleCalcEditorApi } from './ruleCalcEditorApi';

/**
 * What the rule check declares for `currentuser()`. Declared here too so the editor's shared
 * compile cache never mixes a rule's answers with a plain compile of the same text.
 */
const ruleParams = [{ name: 'CurrentUser', type: 'Entity', entityTypeId: sysType.userAccount }] as const;

/** currentuser() is written as a call, never inserted as a variable: no Variables popup. */
const noVariables: never[] = [];

/** The accessible name of the rule's calculation, as its label shows it. */
export const ruleCalculationLabel = 'Only the records where (calculation)';

/**
 * A role's rule on one type: rights, owned-only, and a row calculation written in the expression
 * editor, checked by the rule check as it is typed (decision 0097): the messages are marked where
 * they are, and the save refuses what the check refuses.
 */
export function RuleDialog({
  api,
  role,
  rule,
  types,
  onClose,
  onSaved,
}: {
  api: AdminApi;
  role: AdminRole;
  rule: AdminRule | null;
  types: ReadonlyArray<{ id: number; name: string }>;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [typeId, setTypeId] = useState<number | null>(rule?.typeId ?? null);
  const [rights, setRights] = useState({
    canRead: rule?.canRead ?? true,
    canCreate: rule?.canCreate ?? false,
    canModify: rule?.canModify ?? false,
    canDelete: rule?.canDelete ?? false,
    ownedOnly: rule?.ownedOnly ?? false,
  });
  const [calculation, setCalculation] = useState(rule?.calculation ?? '');
  const [typeMissing, setTypeMissing] = useState(false);
  const { client } = useSession();
  // The editor keeps the API it started with; AI Explain reads the type chosen since.
  const chosenType = useRef(typeId);
  chosenType.current = typeId;
  const calcApi = useMemo(() => ruleCalcEditorApi(client, api, () => chosenType.current), [client, api]);

  const save = async () => {
    setTypeMissing(typeId === null);
    if (typeId === null) return;
    await api.saveRule(role.id, rule?.id, {
      typeId,
      ...rights,
      calculation: calculation.trim() ? calculation : null,
    });
    onSaved(rule ? 'The rule was saved.' : `The rule was added to ${role.name}.`);
  };
  const flag = (key: keyof typeof rights, label: string) => (
    <Check isSelected={rights[key]} onChange={(on) => setRights((r) => ({ ...r, [key]: on }))}>
      {label}
    </Check>
  );
  return (
    <FormDialog
      title={rule ? `Edit the ${rule.typeName} rule of ${role.name}` : `New rule for ${role.name}`}
      submitLabel={rule ? 'Save' : 'Add rule'}
      size="large"
      onClose={onClose}
      onSubmit={save}
    >
      <Choose
        label="Type"
        options={types}
        selected={typeId}
        onChange={(id) => {
          setTypeId(id);
          setTypeMissing(false);
        }}
        placeholder="Choose a type…"
      />
      {typeMissing && (
        <p role="alert" className="pl-field__error">
          Choose a type.
        </p>
      )}
      <fieldset className="pl-text-field" style={{ border: 'none', padding: 0, margin: 0 }}>
        <legend className="pl-field__label">Members may</legend>
        <div className="pl-admin__checks">
          {flag('canRead', 'Read')}
          {flag('canCreate', 'Create')}
          {flag('canModify', 'Modify')}
          {flag('canDelete', 'Delete')}
        </div>
      </fieldset>
      {flag('ownedOnly', 'Only the records they own')}
      <div className="pl-text-field">
        {/* The editor's text box is named by the same words; this is the label a person reads. */}
        <span className="pl-field__label" aria-hidden="true">
          {ruleCalculationLabel}
        </span>
        <LazyExpressionEditor
          api={calcApi}
          label={ruleCalculationLabel}
          contextType={typeId ?? undefined}
          host="Report"
          expectedResultType="Bool"
          params={ruleParams}
          variables={noVariables}
          defaultValue={calculation}
          // A saved rule's calculation is checked as the dialog opens, as the text area's was.
          evaluateOnLoad={calculation.trim() !== ''}
          onInput={setCalculation}
          isDisabled={typeId === null}
          size="small"
          resize="vertical"
          // An access rule's value is a row filter, not something to evaluate for one record.
          showLiveResult={false}
          placeholder="[securityOwner] = currentuser()"
        />
        <p className="pl-field__hint">
          Leave empty for every record of the type. For example: [securityOwner] = currentuser()
        </p>
      </div>
    </FormDialog>
  );
}
