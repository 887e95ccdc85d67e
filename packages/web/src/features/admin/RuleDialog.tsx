import type { AdminRole, AdminRule, RuleDiagnostic } from '@plinth/schema';
import { useEffect, useState } from 'react';
import type { AdminApi } from './adminApi';
import { Check, Choose } from './adminControls';
import { FormDialog, LabelledText } from './FormDialog';

/** How long the calculation rests before it is compiled on the server. */
export const checkDelayMs = 300;

/**
 * A role's rule on one type: rights, owned-only, and a row calculation in a plain text area with
 * the compile messages under it (until the expression editor lands, decision 0046).
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
  const [diagnostics, setDiagnostics] = useState<RuleDiagnostic[]>([]);
  const [typeMissing, setTypeMissing] = useState(false);

  useEffect(() => {
    if (typeId === null || calculation.trim() === '') {
      setDiagnostics([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .checkRule(typeId, calculation, controller.signal)
        .then((answer) => setDiagnostics(answer.diagnostics))
        .catch(() => {
          // A check that fails says nothing: the save still checks.
        });
    }, checkDelayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, typeId, calculation]);

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
      <LabelledText
        label="Only the records where (calculation)"
        value={calculation}
        onChange={setCalculation}
        multiline
        spellCheck={false}
        className="pl-admin__calc"
        hint="Leave empty for every record of the type. For example: [securityOwner] = currentuser()"
      />
      {diagnostics.length > 0 && (
        <ul className="pl-admin__diagnostics" aria-live="polite" aria-label="Calculation messages">
          {diagnostics.map((d) => (
            <li
              key={`${d.line}:${d.column}:${d.message}`}
              className={d.severity === 'error' ? 'is-error' : undefined}
            >
              {d.severity === 'error' ? 'Error' : 'Warning'} (line {d.line}, column {d.column}): {d.message}
            </li>
          ))}
        </ul>
      )}
    </FormDialog>
  );
}
