import { Button } from '@plinth/ui';
import { previewUrl } from '../runner/public';

export interface BuilderBarProps {
  tenant: string;
  appName: string;
  appSlug: string;
  pageName: string;
  pageSlug: string;
  showsTitleBar: boolean;
  isDirty: boolean;
  hasDraft: boolean;
  isBusy: boolean;
  canUndo: boolean;
  canRedo: boolean;
  onUndo(): void;
  onRedo(): void;
  onPublish(): void;
  onSave(): void;
}

/**
 * Where Preview opens the draft (spec 01 §2): the runner's hash route with preview=1 (and
 * formMode=view when the title bar shows); without a known tenant, the non-hosted path.
 */
export function previewHref(
  tenant: string,
  appSlug: string,
  pageSlug: string,
  showsTitleBar: boolean,
): string {
  if (tenant) return `/${previewUrl(tenant, appSlug, pageSlug, showsTitleBar)}`;
  const query = new URLSearchParams({ preview: '1' });
  if (showsTitleBar) query.set('formMode', 'view');
  return `/apps/${encodeURIComponent(appSlug)}/${encodeURIComponent(pageSlug)}?${query}`;
}

/** The builder's top bar: back to the apps, the app and page, their state, and the page's actions. */
export function BuilderBar(props: BuilderBarProps) {
  const { isDirty, hasDraft, isBusy } = props;
  return (
    <header className="pl-builder-screen__bar">
      <div className="pl-builder-screen__title">
        <a href="/admin/apps" className="pl-builder-screen__back">
          Apps
        </a>
        <h1 id="builder-title">
          {props.appName} <span aria-hidden="true">/</span> {props.pageName}
        </h1>
        <span className="pl-admin__muted">
          {isDirty ? 'Unsaved changes' : hasDraft ? 'Draft saved, not published' : 'Published'}
        </span>
      </div>
      <div className="pl-builder-screen__actions">
        <Button
          variant="subtle"
          aria-keyshortcuts="Control+Z"
          isDisabled={!props.canUndo}
          onPress={props.onUndo}
        >
          Undo
        </Button>
        <Button
          variant="subtle"
          aria-keyshortcuts="Control+Shift+Z"
          isDisabled={!props.canRedo}
          onPress={props.onRedo}
        >
          Redo
        </Button>
        <a
          className="pl-builder-screen__preview"
          href={previewHref(props.tenant, props.appSlug, props.pageSlug, props.showsTitleBar)}
          target="_blank"
          rel="noopener"
        >
          Preview
        </a>
        <Button variant="outline" isDisabled={isBusy || isDirty || !hasDraft} onPress={props.onPublish}>
          Publish
        </Button>
        <Button variant="primary" isDisabled={isBusy || !isDirty} onPress={props.onSave}>
          Save
        </Button>
      </div>
    </header>
  );
}
