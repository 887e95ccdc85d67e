import { type PageSettingsProblems, type PageType, pageTypes } from '@plinth/schema';
import { Check, Choose, LabelledText } from '../admin/public';
import type { PageEdit } from './builderPages';

const pageTypeNames: Record<PageType, string> = {
  default: 'Page',
  singleRecordEdit: 'Form page (one record)',
  singleRecordMultistepEdit: 'Multistep form page',
};
const formats = ['recordName', 'custom'] as const;
const formatNames = { recordName: "The record's name", custom: 'A title of its own' } as const;

export interface PageSettingsPanelProps {
  edit: PageEdit;
  onChange: (edit: PageEdit) => void;
  /** Spec 01 §5's messages for the name and slug, as the administrator types. */
  problems: PageSettingsProblems;
  /** The tenant's Objects a page may take as input. */
  types: ReadonlyArray<{ id: number; name: string }>;
}

/**
 * The right panel's page settings (spec 01 §3 App page): name, URL slug, page type, the title bar
 * and the page's input, with the name and slug rules of spec 01 §5 shown as they are typed.
 */
export function PageSettingsPanel({ edit, onChange, problems, types }: PageSettingsPanelProps) {
  const { settings, content } = edit;
  const bar = content.titleBar;
  const setSettings = (change: Partial<PageEdit['settings']>) =>
    onChange({ ...edit, settings: { ...settings, ...change } });
  const setContent = (change: Partial<PageEdit['content']>) =>
    onChange({ ...edit, content: { ...content, ...change } });
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
