import {
  type AdminRole,
  type AdminRolesResponse,
  type AdminRule,
  type AdminUser,
  sysRecord,
} from '@plinth/schema';
import { Button, ConfirmDialog, LoadingGrid, toast } from '@plinth/ui';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { useSession } from '../auth/public';
import { type AdminApi, adminApi } from './adminApi';
import { AdminTabs, CheckList } from './adminControls';
import { FormDialog, LabelledText } from './FormDialog';
import { messageOf } from './messageOf';
import { RuleDialog } from './RuleDialog';
import { ViewAsPanel } from './ViewAsPanel';

type Dialog =
  | { kind: 'role'; role: AdminRole | null }
  | { kind: 'deleteRole'; role: AdminRole }
  | { kind: 'rule'; role: AdminRole; rule: AdminRule | null }
  | { kind: 'deleteRule'; role: AdminRole; rule: AdminRule };

/** What a rule grants, in words: 'read, modify · own records only'. */
export function grantsOf(rule: AdminRule): string {
  const rights = [
    rule.canRead && 'read',
    rule.canCreate && 'create',
    rule.canModify && 'modify',
    rule.canDelete && 'delete',
  ].filter(Boolean);
  return `${rights.length > 0 ? rights.join(', ') : 'nothing'}${rule.ownedOnly ? ' · own records only' : ''}`;
}

/** /admin/roles: roles with their members and access rules, and the "view as" check (decision 0046). */
export function RolesPage({ api: given }: { api?: AdminApi }) {
  const { client } = useSession();
  const api = useMemo(() => given ?? adminApi(client), [given, client]);
  const [data, setData] = useState<AdminRolesResponse | null>(null);
  const [users, setUsers] = useState<AdminUser[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  useDocumentTitle('Roles and access');

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const [roles, u] = await Promise.all([api.roles(signal), api.users(signal)]);
        setData(roles);
        setUsers(u);
        setError(null);
      } catch (failure) {
        if (!signal?.aborted) setError(messageOf(failure));
      }
    },
    [api],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);
  const done = async (message: string) => {
    setDialog(null);
    toast.success(message);
    await load();
  };
  const run = async (work: () => Promise<unknown>, message: string) => {
    try {
      await work();
      await done(message);
    } catch (failure) {
      setDialog(null);
      toast.error(messageOf(failure));
    }
  };

  return (
    <section className="pl-page pl-admin" aria-labelledby="roles-title">
      <AdminTabs />
      <div className="pl-admin__toolbar">
        <h1 id="roles-title">Roles and access</h1>
        <Button variant="primary" onPress={() => setDialog({ kind: 'role', role: null })}>
          New role
        </Button>
      </div>
      {error && <p role="alert">{error}</p>}
      {data === null && !error && <LoadingGrid columns={2} rows={6} />}
      {data?.roles.map((role) => (
        <section key={role.id} className="pl-admin__panel" aria-labelledby={`role-${role.id}`}>
          <div className="pl-admin__panel-head">
            <h2 id={`role-${role.id}`}>
              {role.name}
              {role.builtIn && <span className="pl-admin__badge">Built in</span>}
            </h2>
            <div className="pl-admin__actions">
              {role.id !== sysRecord.everyoneRole && (
                <Button
                  size="small"
                  variant="outline"
                  aria-label={role.builtIn ? `Members of ${role.name}` : `Edit the role ${role.name}`}
                  onPress={() => setDialog({ kind: 'role', role })}
                >
                  {role.builtIn ? 'Members' : 'Edit'}
                </Button>
              )}
              {!role.builtIn && (
                <Button
                  size="small"
                  variant="outline"
                  aria-label={`Delete the role ${role.name}`}
                  onPress={() => setDialog({ kind: 'deleteRole', role })}
                >
                  Delete
                </Button>
              )}
            </div>
          </div>
          {role.description && <p className="pl-admin__muted">{role.description}</p>}
          <p>
            <strong>Members: </strong>
            {role.id === sysRecord.everyoneRole
              ? 'every user'
              : role.members.map((m) => m.name).join(', ') || 'nobody yet'}
          </p>
          <h3>Access rules</h3>
          {role.id === sysRecord.administratorsRole ? (
            <p className="pl-admin__muted">
              Administrators can read and change every record, and build apps.
            </p>
          ) : (
            <>
              {role.rules.length === 0 && (
                <p className="pl-admin__muted">No rules: the role grants nothing yet.</p>
              )}
              <ul className="pl-admin__rules" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {role.rules.map((rule) => (
                  <li key={rule.id} className="pl-admin__rule">
                    <span>
                      <strong>{rule.typeName}</strong>: {grantsOf(rule)}
                      {rule.calculation && (
                        <>
                          {' '}
                          where <code>{rule.calculation}</code>
                        </>
                      )}
                      {rule.problem && (
                        <span className="pl-admin__badge pl-admin__badge--error" title={rule.problem}>
                          Grants nothing: {rule.problem}
                        </span>
                      )}
                    </span>
                    <span className="pl-admin__actions">
                      <Button
                        size="small"
                        variant="subtle"
                        aria-label={`Edit the ${rule.typeName} rule of ${role.name}`}
                        onPress={() => setDialog({ kind: 'rule', role, rule })}
                      >
                        Edit
                      </Button>
                      <Button
                        size="small"
                        variant="subtle"
                        aria-label={`Delete the ${rule.typeName} rule of ${role.name}`}
                        onPress={() => setDialog({ kind: 'deleteRule', role, rule })}
                      >
                        Delete
                      </Button>
                    </span>
                  </li>
                ))}
              </ul>
              <Button
                size="small"
                variant="outline"
                aria-label={`Add rule to ${role.name}`}
                onPress={() => setDialog({ kind: 'rule', role, rule: null })}
              >
                Add rule
              </Button>
            </>
          )}
        </section>
      ))}
      {data && <ViewAsPanel api={api} users={users} types={data.types} />}

      {dialog?.kind === 'role' && (
        <RoleDialog
          api={api}
          role={dialog.role}
          users={users}
          onClose={() => setDialog(null)}
          onSaved={(m) => void done(m)}
        />
      )}
      {dialog?.kind === 'rule' && data && (
        <RuleDialog
          api={api}
          role={dialog.role}
          rule={dialog.rule}
          types={data.types}
          onClose={() => setDialog(null)}
          onSaved={(m) => void done(m)}
        />
      )}
      <ConfirmDialog
        title={dialog?.kind === 'deleteRole' ? `Delete the role ${dialog.role.name}?` : 'Delete?'}
        message="Its rules go with it; its members lose what it granted them."
        isOpen={dialog?.kind === 'deleteRole'}
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          if (dialog?.kind === 'deleteRole')
            void run(() => api.deleteRole(dialog.role.id), `The role ${dialog.role.name} was deleted.`);
        }}
      />
      <ConfirmDialog
        title={dialog?.kind === 'deleteRule' ? `Delete the ${dialog.rule.typeName} rule?` : 'Delete?'}
        message="The role's members lose what this rule granted them."
        isOpen={dialog?.kind === 'deleteRule'}
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          if (dialog?.kind === 'deleteRule')
            void run(() => api.deleteRule(dialog.role.id, dialog.rule.id), 'The rule was deleted.');
        }}
      />
    </section>
  );
}

function RoleDialog({
  api,
  role,
  users,
  onClose,
  onSaved,
}: {
  api: AdminApi;
  role: AdminRole | null;
  users: AdminUser[];
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [members, setMembers] = useState<number[]>(role?.members.map((m) => m.id) ?? []);
  const [touched, setTouched] = useState(false);
  const builtIn = role?.builtIn === true;
  const save = async () => {
    setTouched(true);
    if (!builtIn && name.trim() === '') return;
    if (role)
      await api.updateRole(
        role.id,
        builtIn ? { memberIds: members } : { name, description, memberIds: members },
      );
    else await api.createRole({ name, description, memberIds: members });
    onSaved(role ? `The role ${name} was saved.` : `The role ${name} was created.`);
  };
  return (
    <FormDialog
      title={role ? `Edit ${role.name}` : 'New role'}
      submitLabel={role ? 'Save' : 'Create role'}
      onClose={onClose}
      onSubmit={save}
    >
      {!builtIn && (
        <>
          <LabelledText
            label="Name"
            value={name}
            onChange={setName}
            isRequired
            autoFocus
            error={touched && name.trim() === '' ? 'A value is required.' : null}
          />
          <LabelledText label="Description" value={description} onChange={setDescription} multiline />
        </>
      )}
      <CheckList
        label="Members"
        options={users.map((u) => ({ id: u.id, name: u.username }))}
        selected={members}
        onChange={setMembers}
      />
    </FormDialog>
  );
}
