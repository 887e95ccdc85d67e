import {
  type AlternatePageRef,
  alternatePageChoices,
  alternatePageProblems,
  hexColourProblem,
  type PageSettingsProblems,
  type PageType,
  pageTypes,
} from '@plinth/schema';
import { Button } from '@plinth/ui';
import { Check, CheckList, Choose, LabelledText } from '../admin/public';
import type { PageEdit } from './builderPages';

const pageTypeNames: Record<PageType, string> = {
  default: 'Page',
  singleRecordEdit: 'Form page (one record)',
  singleRecordMultistepEdit: 'Multistep form page',
};
const formats = ['recordName', 'custom'] as const;
const formatNames = { recordName: "The record's name", custom: 'A title of its own' } as const;
type Named = { id: number; name: string };

export interface PageSettingsPanelProps {
  /** The page being edited. */
  pageId: number;
  edit: PageEdit;
  onChange: (edit: PageEdit) => void;
  /** Spec 01 §5's messages for the name and slug, as the administrator types. */
  problems: PageSettingsProblems;
  /** The tenant's Objects a page may take as input. */
  types: readonly Named[];
  /** The tenant's roles, who may be allowed to display the page. */
  roles: readonly Named[];
  /** The app's pages, for the page's alternates. */
  pages: readonly AlternatePageRef[];
  /** Opens the properties of the page's root grid. */
  onEditGrid: () => void;
}

/** A choice of one page or none, by id; -1 stands for none in the list. */
function PageChoice({
  label,
  pages,
  selected,
  error,
  onChange,
}: {
  label: string;
  pages: readonly AlternatePageRef[];
  selected: number | null;
  error: string | undefined;
  onChange: (id: number | null) => void;
}) {
  return (
    <>
      <Choose
        label={label}
        options={[{ id: -1, name: 'None' }, ...pages.map(({ id, name }) => ({ id, name }))]}
        selected={selected ?? -1}
        onChange={(id) => onChange(id === -1 ? null : id)}
      />
      {error && <p className="pl-field__error">{error}</p>}
    </>
  );
}

/**
 * The right panel's page settings (spec 01 §3 App page): name, URL slug, description, page type,
 * input, where the page shows, its icon, who may display it, its alternate pages (spec 01 §4) and
 * the title bar, with the rules of spec 01 §5 shown as they are typed.
 */
export function PageSettingsPanel({
  pageId,
  edit,
  onChange,
  problems,
  types,
  roles,
  pages,
  onEditGrid,
}: PageSettingsPanelProps) {
  const { settings, content } = edit;
  const bar = content.titleBar;
  const setSettings = (change: Partial<PageEdit['settings']>) =>
    onChange({ ...edit, settings: { ...settings, ...change } });
  const setContent = (change: Partial<PageEdit['content']>) =>
    onChange({ ...edit, content: { ...content, ...change } });
  const self: AlternatePageRef = {
    id: pageId,
    name: settings.name,
    type: settings.type,
    contextEntityTypeId: content.contextEntityTypeId,
  };
  const others = pages.filter((p) => p.id !== pageId);
  const choices = alternatePageChoices(self, others);
  const alternateProblems = alternatePageProblems(self, settings, others);
  const hasAlternates =
    settings.alternateMultistepPageId !== null || settings.alternateEditRecordPageId !== null;
  return (
    <section className="pl-builder-panel" aria-labelledby="page-settings-title">
      <h2 id="page-settings-title">Page settings</h2>
      <LabelledText
        label="Page name"
        value={settings.name}
        isRequired
        error={problems.name}
        onChange={(name) => setSettings({ name })}
      />
      <LabelledText
        label="URL slug"
        value={settings.slug}
        isRequired
        error={problems.slug}
        onChange={(slug) => setSettings({ slug })}
      />
      <LabelledText
        label="Description"
        value={settings.description ?? ''}
        multiline
        onChange={(description) => setSettings({ description })}
      />
      <Choose
        label="Page type"
        options={pageTypes.map((t, i) => ({ id: i + 1, name: pageTypeNames[t] }))}
        selected={pageTypes.indexOf(settings.type) + 1}
        onChange={(id) => setSettings({ type: pageTypes[id - 1] ?? 'default' })}
      />
      <Choose
        label="Page input"
        options={[{ id: -1, name: 'None' }, ...types]}
        selected={content.contextEntityTypeId ?? -1}
        onChange={(id) => setContent({ contextEntityTypeId: id === -1 ? null : id })}
      />
      <Button variant="outline" size="small" onPress={onEditGrid}>
        Page grid properties
      </Button>
      {(settings.type === 'singleRecordEdit' || hasAlternates) && (
        <fieldset className="pl-builder-panel__group">
          <legend>Alternate pages</legend>
          <PageChoice
            label="Alternate multistep page"
            pages={choices.multistep}
            selected={settings.alternateMultistepPageId}
            error={alternateProblems.alternateMultistepPageId}
            onChange={(alternateMultistepPageId) => setSettings({ alternateMultistepPageId })}
          />
          <p className="pl-field__hint">New records of the Object are created on it.</p>
          <PageChoice
            label="Alternate edit page"
            pages={choices.edit}
            selected={settings.alternateEditRecordPageId}
            error={alternateProblems.alternateEditRecordPageId}
            onChange={(alternateEditRecordPageId) => setSettings({ alternateEditRecordPageId })}
          />
          <p className="pl-field__hint">Records of the Object are edited on it.</p>
        </fieldset>
      )}
      <fieldset className="pl-builder-panel__group">
        <legend>Where it shows</legend>
        <Check isSelected={settings.showMenu} onChange={(showMenu) => setSettings({ showMenu })}>
          Show the app menu on the page
        </Check>
        <Check
          isSelected={settings.showInSitemap}
          onChange={(showInSitemap) => setSettings({ showInSitemap })}
        >
          Show in the sitemap
        </Check>
        <Check isSelected={settings.hidden} onChange={(hidden) => setSettings({ hidden })}>
          Hidden
        </Check>
        <p className="pl-field__hint">A hidden page opens only by its address or a link.</p>
      </fieldset>
      <fieldset className="pl-builder-panel__group">
        <legend>Icon</legend>
        <LabelledText
          label="Icon"
          value={settings.icon ?? ''}
          hint="The name of the page's icon."
          onChange={(icon) => setSettings({ icon })}
        />
        <LabelledText
          label="Icon background colour"
          value={settings.iconBackgroundColor ?? ''}
          hint="A hex colour such as #1f4e79; empty for the default."
          error={hexColourProblem(settings.iconBackgroundColor) ?? undefined}
          onChange={(iconBackgroundColor) => setSettings({ iconBackgroundColor })}
        />
      </fieldset>
      <fieldset className="pl-builder-panel__group">
        <legend>Access</legend>
        <CheckList
          label="Who may display the page"
          options={roles}
          selected={settings.allowedDisplayRoleIds}
          onChange={(allowedDisplayRoleIds) => setSettings({ allowedDisplayRoleIds })}
        />
        <p className="pl-field__hint">No role chosen: everyone who may display the app may display it.</p>
      </fieldset>
      <fieldset className="pl-builder-panel__group">
        <legend>Title bar</legend>
        <Check
          isSelected={bar.pageShowTitleBar}
          onChange={(pageShowTitleBar) => setContent({ titleBar: { ...bar, pageShowTitleBar } })}
        >
          Show the title bar
        </Check>
        <Choose
          label="Title"
          options={formats.map((f, i) => ({ id: i + 1, name: formatNames[f] }))}
          selected={formats.indexOf(bar.format) + 1}
          onChange={(id) => {
            const format = formats[id - 1] ?? 'recordName';
            // Choosing the record's name clears any custom title (spec 01 §2).
            const { title: _, ...rest } = bar;
            setContent({ titleBar: format === 'recordName' ? { ...rest, format } : { ...bar, format } });
          }}
        />
        {bar.format === 'custom' && (
          <LabelledText
            label="Custom title"
            value={bar.title ?? ''}
            onChange={(title) => setContent({ titleBar: { ...bar, title } })}
          />
        )}
      </fieldset>
    </section>
  );
}
