import type { AdminAppSummary } from '@plinth/schema';
import { Button, LoadingGrid, toast } from '@plinth/ui';
import { useCallback, useMemo, useState } from 'react';
import { Input, Label, SearchField } from 'react-aria-components';
import { Link } from '../../app/router';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { AdminTabs, useAdminRead } from '../admin/public';
import { useSession } from '../auth/public';
import { AppSettingsDialog } from './AppSettingsDialog';
import { type BuilderApi, builderApi } from './builderApi';
import { DeleteAppDialog } from './DeleteAppDialog';
import { NewAppDialog } from './NewAppDialog';
import './builder.css';

type Dialog = { kind: 'new' } | { kind: 'settings' | 'delete'; app: AdminAppSummary };

/** The apps whose name, display name or slug hold the search text (case-insensitive). */
export function searchApps(apps: readonly AdminAppSummary[], search: string): AdminAppSummary[] {
  const wanted = search.trim().toLowerCase();
  if (wanted === '') return [...apps];
  return apps.filter((a) =>
    [a.name, a.displayAlias ?? '', a.slug].some((text) => text.toLowerCase().includes(wanted)),
  );
}

/**
 * /admin/apps (issue 20 item 1, decision 0112): the tenant's apps with their slug, whether they are
 * enabled and open to anonymous users; search, a new app, and each app's settings and delete
 * (decision 0121).
 */
export function AppsPage({ api: given }: { api?: BuilderApi }) {
  const { client } = useSession();
  const api = useMemo(() => given ?? builderApi(client), [given, client]);
  const readApps = useCallback((signal?: AbortSignal) => api.apps(signal), [api]);
  const { value: apps, error, reload: load } = useAdminRead(readApps);
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  useDocumentTitle('Apps');

  const rows = useMemo(() => (apps ? searchApps(apps, search) : []), [apps, search]);

  return (
    <section className="pl-page pl-admin pl-builder" aria-labelledby="apps-title">
      <AdminTabs />
      <div className="pl-admin__toolbar">
        <h1 id="apps-title">Apps</h1>
        <div className="pl-builder__toolbar-actions">
          <SearchField className="pl-builder__search" value={search} onChange={setSearch}>
            <Label className="pl-visually-hidden">Search apps</Label>
            <Input className="pl-input" placeholder="Search apps" />
          </SearchField>
          <Button variant="primary" onPress={() => setDialog({ kind: 'new' })}>
            New app
          </Button>
        </div>
      </div>
      {error && <p role="alert">{error}</p>}
      {apps === null && !error && <LoadingGrid columns={5} rows={4} />}
      {apps?.length === 0 && <p className="pl-admin__muted">No apps yet. Create the first one.</p>}
      {apps && apps.length > 0 && rows.length === 0 && (
        <p className="pl-admin__muted">No app matches '{search}'.</p>
      )}
      {rows.length > 0 && (
        <table className="pl-admin__table pl-builder__table">
          <thead>
            <tr>
              <th scope="col">App name</th>
              <th scope="col">URL slug</th>
              <th scope="col">Enabled</th>
              <th scope="col">Anonymous access</th>
              <th scope="col">
                <span className="pl-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((app) => (
              <tr key={app.id}>
                <td data-label="App name">
                  <strong>{app.name}</strong>
                  {app.displayAlias && <span className="pl-admin__badge">{app.displayAlias}</span>}
                  {app.description && <span className="pl-builder__description">{app.description}</span>}
                </td>
                <td data-label="URL slug">
                  <code>{app.slug}</code>
                </td>
                <td data-label="Enabled">{app.isEnabled ? 'Yes' : 'No'}</td>
                <td data-label="Anonymous access">{app.allowsAnonymous ? 'Yes' : 'No'}</td>
                <td>
                  <div className="pl-admin__actions">
                    <Button
                      size="small"
                      variant="outline"
                      aria-label={`Settings of ${app.name}`}
                      onPress={() => setDialog({ kind: 'settings', app })}
                    >
                      Settings
                    </Button>
                    <Link to={`/admin/apps/${encodeURIComponent(app.slug)}`} className="pl-builder__open">
                      Open <span className="pl-visually-hidden">{app.name}</span>
                    </Link>
                    <Link to={`/apps/${encodeURIComponent(app.slug)}`} className="pl-builder__open">
                      Run <span className="pl-visually-hidden">{app.name}</span>
                    </Link>
                    <Button
                      size="small"
                      variant="subtle"
                      aria-label={`Delete ${app.name}`}
                      onPress={() => setDialog({ kind: 'delete', app })}
                    >
                      Delete
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {dialog?.kind === 'new' && apps && (
        <NewAppDialog
          api={api}
          apps={apps}
          onClose={() => setDialog(null)}
          onCreated={(app) => {
            setDialog(null);
            toast.success(`'${app.settings.name}' was created with its Welcome page.`);
            void load();
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteAppDialog
          api={api}
          appId={dialog.app.id}
          appName={dialog.app.name}
          onClose={() => setDialog(null)}
          onDeleted={(message) => {
            setDialog(null);
            toast.success(message);
            void load();
          }}
        />
      )}
      {dialog?.kind === 'settings' && apps && (
        <AppSettingsDialog
          api={api}
          appId={dialog.app.id}
          appName={dialog.app.name}
          apps={apps}
          onClose={() => setDialog(null)}
          onSaved={(app) => {
            setDialog(null);
            toast.success(`The settings of ${app.settings.name} were saved.`);
            void load();
          }}
        />
      )}
    </section>
  );
}
