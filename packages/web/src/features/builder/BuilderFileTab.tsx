import type { AdminAppSummary, AppMenu, AppSettingsResponse, BuilderPageRef } from '@plinth/schema';
import { pageSettingsProblems } from '@plinth/schema';
import { Button, ConfirmDialog, toast } from '@plinth/ui';
import { useEffect, useState } from 'react';
import { Link } from '../../app/router';
import { Choose, FormDialog, messageOf } from '../admin/public';
import type { BuilderApi } from './builderApi';
import { builderHref, builderMessages, isMenuChanged } from './builderPages';
import { MenuOrderList } from './MenuOrderList';
import { NameAndSlugFields, useNameAndSlug } from './NameAndSlugFields';

export interface BuilderFileTabProps {
  api: BuilderApi;
  app: AppSettingsResponse;
  /** The menu as edited in the builder (the app's stored menu until it is changed). */
  menu: AppMenu;
  /** The menu was reordered: an unsaved change of the builder until Save. */
  onMenuChange: (menu: AppMenu) => void;
  /** The page open in the builder. */
  openPageId: number;
  /** Its revision, sent with its delete. */
  openPageRevision: number;
  /**
   * The app was changed (a page added, copied here or deleted, after the menu edits were written):
   * read it again.
   */
  onAppChanged: () => Promise<void>;
  /** Opens a page of this app in the builder. */
  onOpen: (slug: string) => void;
}

type Dialog =
  | { kind: 'add' }
  | { kind: 'duplicate'; page: BuilderPageRef }
  | { kind: 'delete'; page: BuilderPageRef };

/**
 * The File tab (spec 01 §2): the app's pages — the menu with its folders, then the other pages, as
 * the app's menu orders them, reordered by drag and drop (MenuOrderList) — to open; a page to add;
 * a page to duplicate (to this app or another) or delete, with spec 01 §4's messages.
 */
export function BuilderFileTab({
  api,
  app,
  menu,
  onMenuChange,
  openPageId,
  openPageRevision,
  onAppChanged,
  onOpen,
}: BuilderFileTabProps) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const isMenuEdited = isMenuChanged(app.menu, menu);
  // Adding, copying or deleting a page changes the stored menu: the edits are written first.
  const writeMenuEdits = async () => {
    if (isMenuEdited) await api.updateApp(app.id, { revision: app.revision, menu });
  };

  const pageContent = (page: BuilderPageRef) => (
    <span className="pl-builder-file__page">
      <Link to={builderHref(app.settings.slug, page.slug)} className="pl-builder-file__link">
        <span aria-current={page.id === openPageId ? 'page' : undefined}>{page.name}</span>
        {page.id === app.settings.defaultPageId && <span className="pl-admin__badge">Default</span>}
      </Link>
      <span className="pl-builder-file__actions">
        <Button
          size="small"
          variant="subtle"
          aria-label={`Duplicate ${page.name}`}
          onPress={() => setDialog({ kind: 'duplicate', page })}
        >
          Duplicate
        </Button>
        <Button
          size="small"
          variant="subtle"
          aria-label={`Delete ${page.name}`}
          onPress={() => setDialog({ kind: 'delete', page })}
        >
          Delete
        </Button>
      </span>
    </span>
  );

  const remove = async (page: BuilderPageRef) => {
    try {
      await writeMenuEdits();
      const result = await api.deletePage(page.id, page.id === openPageId ? openPageRevision : undefined);
      toast.success(result.message);
      setDialog(null);
      await onAppChanged();
      // The open page was deleted: the builder opens the app's default page (spec 01 §4).
      if (page.id === openPageId && result.defaultPage) onOpen(result.defaultPage.slug);
    } catch (failure) {
      setDialog(null);
      toast.error(messageOf(failure));
    }
  };

  return (
    <div className="pl-builder-file">
      <Button size="small" variant="outline" onPress={() => setDialog({ kind: 'add' })}>
        Add page
      </Button>
      {app.isSharedApp ? (
        // The shared app's form pages have no menu to order.
        <>
          <h3 id="file-other">Pages</h3>
          <ul aria-labelledby="file-other">
            {app.pages.map((page) => (
              <li key={page.id}>{pageContent(page)}</li>
            ))}
          </ul>
        </>
      ) : (
        <MenuOrderList menu={menu} pages={app.pages} onMenuChange={onMenuChange} renderPage={pageContent} />
      )}
      {dialog?.kind === 'add' && (
        <AddPageDialog
          api={api}
          app={app}
          beforeAdd={writeMenuEdits}
          onClose={() => setDialog(null)}
          onAdded={async (slug, name) => {
            setDialog(null);
            toast.success(`'${name}' was added.`);
            await onAppChanged();
            onOpen(slug);
          }}
        />
      )}
      {dialog?.kind === 'duplicate' && (
        <DuplicatePageDialog
          api={api}
          app={app}
          menu={isMenuEdited ? menu : null}
          page={dialog.page}
          onClose={() => setDialog(null)}
          onDuplicated={async (message) => {
            setDialog(null);
            toast.success(message);
            await onAppChanged();
          }}
        />
      )}
      <ConfirmDialog
        title="Delete page"
        message={dialog?.kind === 'delete' ? builderMessages.confirmDelete(dialog.page.name) : ''}
        isOpen={dialog?.kind === 'delete'}
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          if (dialog?.kind === 'delete') void remove(dialog.page);
        }}
      />
    </div>
  );
}

/** A new page: its name, and a URL slug made from it until one is typed (spec 01 §5). */
function AddPageDialog({
  api,
  app,
  beforeAdd,
  onClose,
  onAdded,
}: {
  api: BuilderApi;
  app: AppSettingsResponse;
  beforeAdd: () => Promise<void>;
  onClose: () => void;
  onAdded: (slug: string, name: string) => Promise<void>;
}) {
  const form = useNameAndSlug(app.pages.map((p) => p.slug));
  const { name, slug, setErrors } = form;
  const add = async () => {
    const found = pageSettingsProblems({ id: null, name, slug }, app.pages);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await beforeAdd();
      const page = await api.createPage(app.id, { name: name.trim(), slug: slug.trim() });
      await onAdded(page.settings.slug, page.settings.name);
    } catch (failure) {
      form.refused(failure);
    }
  };
  return (
    <FormDialog title="Add page" submitLabel="Add page" onClose={onClose} onSubmit={add}>
      <NameAndSlugFields nameLabel="Page name" form={form} />
    </FormDialog>
  );
}

/** Duplicates a page, to its own app (below it) or to another app's other pages (spec 01 §4). */
function DuplicatePageDialog({
  api,
  app,
  menu,
  page,
  onClose,
  onDuplicated,
}: {
  api: BuilderApi;
  app: AppSettingsResponse;
  /** The menu edits to write before the copy (spec 01 §4), or null when there are none. */
  menu: AppMenu | null;
  page: BuilderPageRef;
  onClose: () => void;
  onDuplicated: (message: string) => Promise<void>;
}) {
  const [apps, setApps] = useState<AdminAppSummary[] | null>(null);
  const [target, setTarget] = useState(app.id);
  useEffect(() => {
    api.apps().then(setApps, () => setApps([]));
  }, [api]);
  const options = [
    { id: app.id, name: `${app.settings.name} (this app)` },
    ...(apps ?? []).filter((a) => a.id !== app.id).map((a) => ({ id: a.id, name: a.name })),
  ];
  return (
    <FormDialog
      title={`Duplicate ${page.name}`}
      submitLabel="Duplicate"
      onClose={onClose}
      onSubmit={async () => {
        const result = await api.duplicatePage(page.id, {
          ...(target === app.id ? {} : { targetAppId: target }),
          ...(menu ? { menu, appRevision: app.revision } : {}),
        });
        await onDuplicated(result.message);
      }}
    >
      <Choose label="Copy to app" options={options} selected={target} onChange={setTarget} />
    </FormDialog>
  );
}
