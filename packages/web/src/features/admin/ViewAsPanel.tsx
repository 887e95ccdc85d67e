import type { AdminUser, ViewAsResponse } from '@plinth/schema';
import { Button } from '@plinth/ui';
import { useState } from 'react';
import type { AdminApi } from './adminApi';
import { Choose } from './adminControls';
import { messageOf } from './messageOf';

/** "View as": the records of a type a chosen user can read, and the rule that let each in. */
export function ViewAsPanel({
  api,
  users,
  types,
}: {
  api: AdminApi;
  users: AdminUser[];
  types: ReadonlyArray<{ id: number; name: string }>;
}) {
  const [userId, setUserId] = useState<number | null>(null);
  const [typeId, setTypeId] = useState<number | null>(null);
  const [answer, setAnswer] = useState<ViewAsResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const check = async () => {
    if (userId === null || typeId === null) {
      setError('Choose a user and a type.');
      return;
    }
    setError(null);
    try {
      setAnswer(await api.viewAs({ userId, typeId, pageSize: 100 }));
    } catch (failure) {
      setAnswer(null);
      setError(messageOf(failure));
    }
  };
  return (
    <section className="pl-admin__panel" aria-labelledby="view-as-title">
      <h2 id="view-as-title">View as</h2>
      <p className="pl-admin__muted">Which records of a type a user can read, and which rule lets them.</p>
      <div className="pl-admin__checks" style={{ alignItems: 'flex-end' }}>
        <Choose
          label="User"
          options={users.map((u) => ({ id: u.id, name: u.username }))}
          selected={userId}
          onChange={setUserId}
        />
        <Choose label="Records of" options={types} selected={typeId} onChange={setTypeId} />
        <Button variant="secondary" onPress={() => void check()}>
          Check
        </Button>
      </div>
      {error && (
        <p role="alert" className="pl-field__error">
          {error}
        </p>
      )}
      {answer && (
        <div aria-live="polite">
          <p>
            <strong>{answer.user.username}</strong> can read {answer.readableCount} of {answer.totalCount}{' '}
            {answer.typeName} records.
            {answer.user.disabled && ' They are disabled: they cannot sign in until enabled.'}
          </p>
          {answer.rules.length > 0 ? (
            <ul>
              {answer.rules.map((r) => (
                <li key={r.ruleId}>{r.description}</li>
              ))}
            </ul>
          ) : (
            <p className="pl-admin__muted">No rule of theirs lets them read this type.</p>
          )}
          {answer.records.length > 0 && (
            <table className="pl-admin__table">
              <caption className="pl-visually-hidden">Records {answer.user.username} can read</caption>
              <thead>
                <tr>
                  <th scope="col">Record</th>
                  <th scope="col">Type</th>
                  <th scope="col">Let in by</th>
                </tr>
              </thead>
              <tbody>
                {answer.records.map((r) => (
                  <tr key={r.id}>
                    <td data-label="Record">{r.name ?? `#${r.id}`}</td>
                    <td data-label="Type">{r.typeName}</td>
                    <td data-label="Let in by">{r.reasons.map((x) => x.description).join('; ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {answer.readableCount > answer.records.length && (
            <p className="pl-admin__muted">The first {answer.records.length} are shown, by name.</p>
          )}
        </div>
      )}
    </section>
  );
}
