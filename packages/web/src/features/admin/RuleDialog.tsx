import type { AdminRole, AdminRule, RuleDiagnostic } from '@plinth/schema';
import { Modal } from '@plinth/ui';
import { useEffect, useState } from 'react';
import { Label, Text, TextArea, TextField } from 'react-aria-components';
import type { AdminApi } from './adminApi';
import { Check, Choose } from './adminControls';
import { messageOf } from './messageOf';

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
  const [error, setError] = useState<string | null>(null);

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
    if (typeId === null) {
      setError('Choose a type.');
      return;
    }
    try {
      await api.saveRule(role.id, rule?.id, {
        typeId,
        ...rights,
        calculation: calculation.trim() ? calculation : null,
      });
      onSaved(rule ? 'The rule was saved.' : `The rule was added to ${role.name}.`);
    } catch (failure) {
      setError(messageOf(failure));
    }
  };
  const flag = (key: keyof typeof rights, label: string) => (
    <Check isSelected={rights[key]} onChange={(on) => setRights((r) => ({ ...r, [key]: on }))}>
      {label}
    </Check>
  );
  return (
    <Modal
      title={rule ? `Edit the ${rule.typeName} rule of ${role.name}` : `New rule for ${role.name}`}
      isOpen
      size="large"
      onOpenChange={(open) => !open && onClose()}
      buttons={[
        { kind: 'cancel', onPress: onClose },
        { kind: 'custom', label: rule ? 'Save' : 'Add rule', variant: 'primary', onPress: () => void save() },
      ]}
    >
      <div className="pl-admin__form">
        <Choose
          label="Type"
          options={types}
          selected={typeId}
          onChange={setTypeId}
          placeholder="Choose a type…"
        />
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
        <TextField
          className="pl-text-field"
          value={calculation}
          onChange={(value) => {
            setCalculation(value);
            setError(null);
          }}
        >
          <Label className="pl-field__label">Only the records where (calculation)</Label>
          <TextArea className="pl-input pl-textarea pl-admin__calc" spellCheck={false} />
          <Text slot="description" className="pl-field__hint">
            Leave empty for every record of the type. For example: [securityOwner] = currentuser()
          </Text>
        </TextField>
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
        {error && (
          <p role="alert" className="pl-field__error">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
