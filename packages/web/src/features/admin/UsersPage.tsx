import { type AdminUser, passwordProblem, type RoleRef, sysRecord } from '@plinth/schema';
import { Button, ConfirmDialog, LoadingGrid, toast } from '@plinth/ui';
import { useCallback, useMemo, useState } from 'react';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { formatWhen } from '../account/public';
import { useSession } from '../auth/public';
import { type AdminApi, adminApi } from './adminApi';
import { AdminTabs, CheckList, Choose } from './adminControls';
import { FormDialog, LabelledText } from './FormDialog';
import { messageOf } from './messageOf';
import { useAdminRead } from './useAdminRead';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; user: AdminUser }
  | { kind: 'password'; user: AdminUser }
  | { kind: 'disable'; user: AdminUser }
  | { kind: 'delete'; user: AdminUser };

/** /admin/users: every user of the tenant, and what an administrator does with them (decision 0045). */
export function UsersPage({ api: given }: { api?: AdminApi }) {
  const { client, session } = useSession();
  const api = useMemo(() => given ?? adminApi(client), [given, client]);
  const myId = session.status === 'signedIn' ? session.me.userId : null;
  const readUsers = useCallback(
    async (signal?: AbortSignal) => {
      const [users, r] = await Promise.all([api.users(signal), api.roles(signal)]);
      const roles: RoleRef[] = r.roles
        .filter((x) => x.id !== sysRecord.everyoneRole)
        .map(({ id, name }) => ({ id, name }));
      return { users, roles };
    },
    [api],
  );
  const { value: read, error, reload: load } = useAdminRead(readUsers);
  const users = read?.users ?? null;
  const roles = read?.roles ?? [];
  const [dialog, setDialog] = useState<Dialog | null>(null);
  useDocumentTitle('Users');

  const done = async (message: string) => {
    setDialog(null);
    toast.success(message);
    await load();
  };
  const setDisabled = async (user: AdminUser, disabled: boolean) => {
    try {
      await api.updateUser(user.id, { disabled });
      await done(
        disabled ? `${user.username} is disabled and signed out.` : `${user.username} can sign in again.`,
      );
    } catch (failure) {
      setDialog(null);
      toast.error(messageOf(failure));
    }
  };

  return (
    <section className="pl-page pl-admin" aria-labelledby="users-title">
      <AdminTabs />
      <div className="pl-admin__toolbar">
        <h1 id="users-title">Users</h1>
        <Button variant="primary" onPress={() => setDialog({ kind: 'create' })}>
          New user
        </Button>
      </div>
      {error && <p role="alert">{error}</p>}
      {users === null && !error && <LoadingGrid columns={5} rows={4} />}
      {users && (
        <table className="pl-admin__table">
          <thead>
            <tr>
              <th scope="col">User name</th>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Roles</th>
              <th scope="col">Last sign-in</th>
              <th scope="col">
                <span className="pl-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user.id}>
                <td data-label="User name">
                  <strong>{user.username}</strong>
                  {user.disabled && <span className="pl-admin__badge pl-admin__badge--error">Disabled</span>}
                  {user.mustChangePassword && !user.disabled && (
                    <span className="pl-admin__badge pl-admin__badge--warning">Must change password</span>
                  )}
                </td>
                <td data-label="Name">{user.fullName ?? ''}</td>
                <td data-label="Email">{user.email ?? ''}</td>
                <td data-label="Roles">{user.roles.map((r) => r.name).join(', ') || '—'}</td>
                <td data-label="Last sign-in">
                  {user.lastSignInAt ? formatWhen(user.lastSignInAt) : 'Never'}
                </td>
                <td>
                  <div className="pl-admin__actions">
                    <Button
                      size="small"
                      variant="outline"
                      aria-label={`Edit ${user.username}`}
                      onPress={() => setDialog({ kind: 'edit', user })}
                    >
                      Edit
                    </Button>
                    <Button
                      size="small"
                      variant="outline"
                      aria-label={`Set password for ${user.username}`}
                      onPress={() => setDialog({ kind: 'password', user })}
                    >
                      Set password
                    </Button>
                    {user.id !== myId &&
                      (user.disabled ? (
                        <Button
                          size="small"
                          variant="outline"
                          aria-label={`Enable ${user.username}`}
                          onPress={() => void setDisabled(user, false)}
                        >
                          Enable
                        </Button>
                      ) : (
                        <Button
                          size="small"
                          variant="outline"
                          aria-label={`Disable ${user.username}`}
                          onPress={() => setDialog({ kind: 'disable', user })}
                        >
                          Disable
                        </Button>
                      ))}
                    {user.id !== myId && (
                      <Button
                        size="small"
                        variant="outline"
                        aria-label={`Delete ${user.username}`}
                        onPress={() => setDialog({ kind: 'delete', user })}
                      >
                        Delete
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <UserDialog
          api={api}
          roles={roles}
          user={dialog.kind === 'edit' ? dialog.user : null}
          onClose={() => setDialog(null)}
          onSaved={(message) => void done(message)}
        />
      )}
      {dialog?.kind === 'password' && (
        <PasswordDialog
          api={api}
          user={dialog.user}
          onClose={() => setDialog(null)}
          onSaved={(m) => void done(m)}
        />
      )}
      {dialog?.kind === 'delete' && users && (
        <DeleteDialog
          api={api}
          user={dialog.user}
          owners={users.filter((u) => u.id !== dialog.user.id && !u.disabled)}
          defaultOwner={myId}
          onClose={() => setDialog(null)}
          onDeleted={(m) => void done(m)}
        />
      )}
      <ConfirmDialog
        title={dialog?.kind === 'disable' ? `Disable ${dialog.user.username}?` : 'Disable?'}
        message="They are signed out at once, cannot sign in, and their API tokens are refused until you enable them again."
        isOpen={dialog?.kind === 'disable'}
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          if (dialog?.kind === 'disable') void setDisabled(dialog.user, true);
        }}
      />
    </section>
  );
}

function UserDialog({
  api,
  roles,
  user,
  onClose,
  onSaved,
}: {
  api: AdminApi;
  roles: RoleRef[];
  user: AdminUser | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [username, setUsername] = useState(user?.username ?? '');
  const [fullName, setFullName] = useState(user?.fullName ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [password, setPassword] = useState('');
  const [roleIds, setRoleIds] = useState<number[]>(user?.roles.map((r) => r.id) ?? []);
  const [touched, setTouched] = useState(false);
  const weakness = user ? null : passwordProblem(password, username);
  const save = async () => {
    setTouched(true);
    if (!user && (username.trim() === '' || weakness)) return;
    if (user) {
      await api.updateUser(user.id, { fullName, email, roleIds });
      onSaved(`${user.username} was saved.`);
    } else {
      await api.createUser({ username, fullName, email, password, roleIds });
      onSaved(`${username.trim()} was created. They choose their own password when they first sign in.`);
    }
  };
  return (
    <FormDialog
      title={user ? `Edit ${user.username}` : 'New user'}
      submitLabel={user ? 'Save' : 'Create user'}
      onClose={onClose}
      onSubmit={save}
    >
      {!user && (
        <LabelledText
          label="User name"
          value={username}
          onChange={setUsername}
          isRequired
          autoFocus
          error={touched && username.trim() === '' ? 'A value is required.' : null}
        />
      )}
      <LabelledText label="Full name" value={fullName} onChange={setFullName} />
      <LabelledText label="Email" type="email" value={email} onChange={setEmail} />
      {!user && (
        <LabelledText
          label="Initial password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          isRequired
          hint="Tell the user this password; they choose their own when they first sign in."
          error={touched ? weakness : null}
        />
      )}
      <CheckList label="Roles" options={roles} selected={roleIds} onChange={setRoleIds} />
    </FormDialog>
  );
}

function PasswordDialog({
  api,
  user,
  onClose,
  onSaved,
}: {
  api: AdminApi;
  user: AdminUser;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const weakness = passwordProblem(password, user.username);
  const save = async () => {
    setTouched(true);
    if (weakness) return;
    await api.resetPassword(user.id, password);
    onSaved(
      `${user.username}'s password was set. They are signed out and choose their own at the next sign-in.`,
    );
  };
  return (
    <FormDialog
      title={`Set a password for ${user.username}`}
      submitLabel="Set password"
      onClose={onClose}
      onSubmit={save}
    >
      <LabelledText
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        isRequired
        autoFocus
        hint="Their sessions end; they choose their own password at the next sign-in."
        error={touched ? weakness : null}
      />
    </FormDialog>
  );
}

function DeleteDialog({
  api,
  user,
  owners,
  defaultOwner,
  onClose,
  onDeleted,
}: {
  api: AdminApi;
  user: AdminUser;
  owners: AdminUser[];
  defaultOwner: number | null;
  onClose: () => void;
  onDeleted: (message: string) => void;
}) {
  const [owner, setOwner] = useState<number | null>(defaultOwner);
  const remove = async () => {
    const answer = await api.deleteUser(user.id, owner ?? undefined);
    const to = owners.find((o) => o.id === answer.newOwnerId)?.username ?? 'you';
    onDeleted(
      `${user.username} was deleted. ${answer.reassigned} record${answer.reassigned === 1 ? '' : 's'} passed to ${to}.`,
    );
  };
  return (
    <FormDialog
      title={`Delete ${user.username}?`}
      submitLabel="Delete user"
      role="alertdialog"
      onClose={onClose}
      onSubmit={remove}
    >
      <p>
        Their account, password, sessions and API tokens go. The records they own stay and pass to the user
        you choose; the records keep who made and last changed them.
      </p>
      <Choose
        label="New owner of their records"
        options={owners.map((o) => ({
          id: o.id,
          name: o.fullName ? `${o.username} (${o.fullName})` : o.username,
        }))}
        selected={owner}
        onChange={setOwner}
      />
    </FormDialog>
  );
}
