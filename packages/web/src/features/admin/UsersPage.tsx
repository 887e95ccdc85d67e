import { type AdminUser, passwordProblem, type RoleRef, sysRecord } from '@plinth/schema';
import { Button, ConfirmDialog, LoadingGrid, Modal, toast } from '@plinth/ui';
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { FieldError, Form, Input, Label, Text, TextField } from 'react-aria-components';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { formatWhen } from '../account/formatWhen';
import { useSession } from '../auth/public';
import { type AdminApi, adminApi } from './adminApi';
import { AdminTabs, CheckList, Choose } from './adminControls';
import { messageOf } from './messageOf';

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
  const [users, setUsers] = useState<AdminUser[] | null>(null);
  const [roles, setRoles] = useState<RoleRef[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  useDocumentTitle('Users');

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const [u, r] = await Promise.all([api.users(signal), api.roles(signal)]);
        setUsers(u);
        setRoles(
          r.roles.filter((x) => x.id !== sysRecord.everyoneRole).map(({ id, name }) => ({ id, name })),
        );
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
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const weakness = user ? null : passwordProblem(password, username);
  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    setTouched(true);
    if (!user && (username.trim() === '' || weakness)) return;
    setBusy(true);
    setError(null);
    try {
      if (user) {
        await api.updateUser(user.id, { fullName, email, roleIds });
        onSaved(`${user.username} was saved.`);
      } else {
        await api.createUser({ username, fullName, email, password, roleIds });
        onSaved(`${username.trim()} was created. They choose their own password when they first sign in.`);
      }
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={user ? `Edit ${user.username}` : 'New user'}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      buttons={[
        { kind: 'cancel', onPress: onClose },
        {
          kind: 'custom',
          label: user ? 'Save' : 'Create user',
          variant: 'primary',
          onPress: () => void save(),
          isDisabled: isBusy,
        },
      ]}
    >
      <Form className="pl-admin__form" onSubmit={save} validationBehavior="aria">
        {!user && (
          <TextField
            className="pl-text-field"
            value={username}
            onChange={setUsername}
            isRequired
            autoFocus
            isInvalid={touched && username.trim() === ''}
          >
            <Label className="pl-field__label">User name</Label>
            <Input className="pl-input" autoComplete="off" />
            <FieldError className="pl-field__error">A value is required.</FieldError>
          </TextField>
        )}
        <TextField className="pl-text-field" value={fullName} onChange={setFullName}>
          <Label className="pl-field__label">Full name</Label>
          <Input className="pl-input" autoComplete="off" />
        </TextField>
        <TextField className="pl-text-field" type="email" value={email} onChange={setEmail}>
          <Label className="pl-field__label">Email</Label>
          <Input className="pl-input" autoComplete="off" />
        </TextField>
        {!user && (
          <TextField
            className="pl-text-field"
            type="password"
            value={password}
            onChange={setPassword}
            isRequired
            isInvalid={touched && weakness !== null}
          >
            <Label className="pl-field__label">Initial password</Label>
            <Input className="pl-input" autoComplete="new-password" />
            <Text slot="description" className="pl-field__hint">
              Tell the user this password; they choose their own when they first sign in.
            </Text>
            <FieldError className="pl-field__error">{weakness}</FieldError>
          </TextField>
        )}
        <CheckList label="Roles" options={roles} selected={roleIds} onChange={setRoleIds} />
        {error && (
          <p role="alert" className="pl-field__error">
            {error}
          </p>
        )}
        <button type="submit" hidden />
      </Form>
    </Modal>
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
  const [error, setError] = useState<string | null>(null);
  const weakness = passwordProblem(password, user.username);
  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    setTouched(true);
    if (weakness) return;
    try {
      await api.resetPassword(user.id, password);
      onSaved(
        `${user.username}'s password was set. They are signed out and choose their own at the next sign-in.`,
      );
    } catch (failure) {
      setError(messageOf(failure));
    }
  };
  return (
    <Modal
      title={`Set a password for ${user.username}`}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      buttons={[
        { kind: 'cancel', onPress: onClose },
        { kind: 'custom', label: 'Set password', variant: 'primary', onPress: () => void save() },
      ]}
    >
      <Form className="pl-admin__form" onSubmit={save} validationBehavior="aria">
        <TextField
          className="pl-text-field"
          type="password"
          value={password}
          onChange={setPassword}
          isRequired
          autoFocus
          isInvalid={touched && weakness !== null}
        >
          <Label className="pl-field__label">New password</Label>
          <Input className="pl-input" autoComplete="new-password" />
          <Text slot="description" className="pl-field__hint">
            Their sessions end; they choose their own password at the next sign-in.
          </Text>
          <FieldError className="pl-field__error">{weakness}</FieldError>
        </TextField>
        {error && (
          <p role="alert" className="pl-field__error">
            {error}
          </p>
        )}
        <button type="submit" hidden />
      </Form>
    </Modal>
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
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    try {
      const answer = await api.deleteUser(user.id, owner ?? undefined);
      const to = owners.find((o) => o.id === answer.newOwnerId)?.username ?? 'you';
      onDeleted(
        `${user.username} was deleted. ${answer.reassigned} record${answer.reassigned === 1 ? '' : 's'} passed to ${to}.`,
      );
    } catch (failure) {
      setError(messageOf(failure));
    }
  };
  return (
    <Modal
      title={`Delete ${user.username}?`}
      role="alertdialog"
      isOpen
      onOpenChange={(open) => !open && onClose()}
      buttons={[
        { kind: 'cancel', onPress: onClose },
        { kind: 'custom', label: 'Delete user', variant: 'primary', onPress: () => void remove() },
      ]}
    >
      <div className="pl-admin__form">
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
        {error && (
          <p role="alert" className="pl-field__error">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
