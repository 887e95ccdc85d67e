import {
  type AdminAppSummary,
  type AppSettings,
  type AppSettingsResponse,
  appSettingsProblems,
  hexColourProblem,
  sysRecord,
} from '@plinth/schema';
import { Button, LoadingGrid, Modal, toast } from '@plinth/ui';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Form } from 'react-aria-components';
import { adminApi, Check, CheckList, Choose, LabelledText, messageOf } from '../admin/public';
import { useSession } from '../auth/public';
import type { BuilderApi } from './builderApi';
import { isConflict, settingErrorsOf } from './settingErrors';
import { ThemeSelect } from './ThemeSelect';
import './builder.css';

export interface AppSettingsDialogProps {
  api: BuilderApi;
  appId: number;
  /** The app's name while its settings load. */
  appName: string;
  /** The tenant's apps, whose names and slugs this one may not take. */
  apps: readonly AdminAppSummary[];
  onClose: () => void;
  onSaved: (app: AppSettingsResponse) => void;
}

type OptionalText = 'alias' | 'displayAlias' | 'description' | 'icon' | 'theme' | 'footerText';
type Colour = 'headerBackgroundColour' | 'headerTextColour';
const optionalTexts: readonly (OptionalText | Colour)[] = [
  'alias',
  'displayAlias',
  'description',
  'icon',
  'theme',
  'footerText',
  'headerBackgroundColour',
  'headerTextColour',
];
const alignments = ['left', 'center', 'right'] as const;
const alignmentLabels = { left: 'Left', center: 'Center', right: 'Right' } as const;

/** A setting as it is sent: texts trimmed, an empty optional text as nothing. */
function normalised(settings: AppSettings): AppSettings {
  const out: AppSettings = { ...settings, name: settings.name.trim(), slug: settings.slug.trim() };
  out.version = settings.version.trim();
  for (const key of optionalTexts) out[key] = settings[key]?.trim() || null;
  return out;
}

/** The settings that differ from those read. */
function changedSettings(read: AppSettings, edited: AppSettings): Partial<AppSettings> {
  const next = normalised(edited);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(next) as Array<keyof AppSettings>)
    if (JSON.stringify(next[key]) !== JSON.stringify(read[key])) out[key] = next[key];
  return out as Partial<AppSettings>;
}

/**
 * Every setting of an app (spec 01 §3): name, display name, slug, alias, description, icon,
 * version, enabled, anonymous access, who may display it, its default page, the menu options,
 * theme (one of the named themes, decision 0122), header colours and footer text. The name and slug rules (spec 01 §5) are shown as they
 * are typed and enforced again by the server; a save over someone else's is refused and keeps the
 * changes on screen until the administrator reloads (decision 0112).
 */
export function AppSettingsDialog({ api, appId, appName, apps, onClose, onSaved }: AppSettingsDialogProps) {
  const { client } = useSession();
  const [read, setRead] = useState<AppSettingsResponse | null>(null);
  const [draft, setDraft] = useState<AppSettings | null>(null);
  const [roles, setRoles] = useState<Array<{ id: number; name: string }>>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isConflicted, setConflicted] = useState(false);
  const [isBusy, setBusy] = useState(false);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const [app, access] = await Promise.all([api.app(appId, signal), adminApi(client).roles(signal)]);
        setRead(app);
        setDraft(app.settings);
        setRoles(
          access.roles.filter((r) => r.id !== sysRecord.everyoneRole).map(({ id, name }) => ({ id, name })),
        );
        setErrors({});
        setFormError(null);
        setConflicted(false);
      } catch (failure) {
        if (!signal?.aborted) setFormError(messageOf(failure));
      }
    },
    [api, appId, client],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const set = <K extends keyof AppSettings>(key: K, value: AppSettings[K]) => {
    setDraft((d) => (d ? { ...d, [key]: value } : d));
    setErrors(({ [key]: _, ...rest }) => rest);
    if (!isConflicted) setFormError(null);
  };

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!read || !draft || isBusy) return;
    const found: Record<string, string> = {
      ...appSettingsProblems({ id: appId, ...normalised(draft) }, apps),
    };
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    const settings = changedSettings(read.settings, draft);
    if (Object.keys(settings).length === 0) {
      toast.info('Nothing was changed.');
      onClose();
      return;
    }
    setBusy(true);
    try {
      onSaved(await api.updateApp(appId, { revision: read.revision, settings }));
    } catch (failure) {
      const byField = settingErrorsOf(failure);
      if (isConflict(failure)) setConflicted(true);
      if (byField) {
        setErrors(byField);
        const others = Object.entries(byField).filter(([member]) => !(member in draft));
        setFormError(others.length > 0 ? others.map(([, m]) => m).join(' ') : null);
      } else setFormError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  const text = (key: keyof AppSettings) => (draft?.[key] as string | null | undefined) ?? '';
  return (
    <Modal
      title={`App settings: ${read?.settings.name ?? appName}`}
      isOpen
      size="large"
      onOpenChange={(open) => !open && onClose()}
      buttons={[
        { kind: 'cancel', onPress: onClose },
        {
          kind: 'custom',
          label: 'Save',
          variant: 'primary',
          onPress: () => void save(),
          isDisabled: isBusy || !draft,
        },
      ]}
    >
      {formError && (
        <div role="alert" className="pl-builder__alert">
          <p>{formError}</p>
          {isConflicted && (
            <Button variant="outline" size="small" onPress={() => void load()}>
              Reload the saved settings
            </Button>
          )}
        </div>
      )}
      {!draft && !formError && <LoadingGrid columns={2} rows={6} />}
      {draft && read && (
        <Form className="pl-builder__settings" onSubmit={save} validationBehavior="aria">
          <fieldset className="pl-builder__section">
            <legend>General</legend>
            <LabelledText
              label="App name"
              value={draft.name}
              isRequired
              autoFocus
              error={errors.name}
              onChange={(v) => set('name', v)}
            />
            <LabelledText
              label="Display name"
              value={text('displayAlias')}
              hint="Shown instead of the app name when set."
              error={errors.displayAlias}
              onChange={(v) => set('displayAlias', v)}
            />
            <LabelledText
              label="URL slug"
              value={draft.slug}
              isRequired
              hint={`The app opens at /apps/${draft.slug.trim() || '…'}.`}
              error={errors.slug}
              onChange={(v) => set('slug', v)}
            />
            <LabelledText
              label="Alias"
              value={text('alias')}
              hint="An identifier scripts and upgrades refer to, such as acme:fieldService."
              error={errors.alias}
              onChange={(v) => set('alias', v)}
            />
            <LabelledText
              label="Description"
              value={text('description')}
              multiline
              error={errors.description}
              onChange={(v) => set('description', v)}
            />
            <LabelledText
              label="Icon"
              value={text('icon')}
              hint="The name of the app's icon."
              error={errors.icon}
              onChange={(v) => set('icon', v)}
            />
            <LabelledText
              label="Version"
              value={draft.version}
              hint="Such as 1.0.0."
              error={errors.version}
              onChange={(v) => set('version', v)}
            />
          </fieldset>
          <fieldset className="pl-builder__section">
            <legend>Access</legend>
            <Check isSelected={draft.isEnabled} onChange={(v) => set('isEnabled', v)}>
              Enabled
            </Check>
            <Check isSelected={draft.allowsAnonymous} onChange={(v) => set('allowsAnonymous', v)}>
              Allow anonymous access
            </Check>
            <CheckList
              label="Who may display the app"
              options={roles}
              selected={draft.allowedDisplayRoleIds}
              onChange={(ids) => set('allowedDisplayRoleIds', ids)}
            />
            <p className="pl-field__hint">No role chosen: everyone may display the app.</p>
            {errors.allowedDisplayRoleIds && (
              <p className="pl-field__error">{errors.allowedDisplayRoleIds}</p>
            )}
          </fieldset>
          <fieldset className="pl-builder__section">
            <legend>Menu</legend>
            <Choose
              label="Default page"
              options={read.pages.map((p) => ({ id: p.id, name: p.name }))}
              selected={draft.defaultPageId}
              onChange={(id) => set('defaultPageId', id)}
            />
            {errors.defaultPageId && <p className="pl-field__error">{errors.defaultPageId}</p>}
            <Check isSelected={draft.menuShowDefault} onChange={(v) => set('menuShowDefault', v)}>
              Show the default page in the menu
            </Check>
            <Check isSelected={draft.menuShowAppName} onChange={(v) => set('menuShowAppName', v)}>
              Show the app name
            </Check>
            <Check isSelected={draft.menuAppNameHome} onChange={(v) => set('menuAppNameHome', v)}>
              App name links to the home page
            </Check>
            <Choose
              label="App name alignment"
              options={alignments.map((a, i) => ({ id: i + 1, name: alignmentLabels[a] }))}
              selected={alignments.indexOf(draft.menuAppNameAlign) + 1}
              onChange={(id) => set('menuAppNameAlign', alignments[id - 1] ?? 'left')}
            />
          </fieldset>
          <fieldset className="pl-builder__section">
            <legend>Appearance</legend>
            <ThemeSelect value={draft.theme} error={errors.theme} onChange={(v) => set('theme', v)} />
            {(['headerBackgroundColour', 'headerTextColour'] as const).map((key) => (
              <div key={key} className="pl-builder__colour">
                <LabelledText
                  label={key === 'headerBackgroundColour' ? 'Header background colour' : 'Header text colour'}
                  value={text(key)}
                  hint="A hex colour such as #1f4e79; empty for the default."
                  error={errors[key]}
                  onChange={(v) => set(key, v)}
                />
                <span
                  aria-hidden="true"
                  className="pl-builder__swatch"
                  style={
                    hexColourProblem(text(key)) || !text(key).trim() ? {} : { background: text(key).trim() }
                  }
                />
              </div>
            ))}
            <LabelledText
              label="Footer text"
              value={text('footerText')}
              error={errors.footerText}
              onChange={(v) => set('footerText', v)}
            />
          </fieldset>
          <button type="submit" hidden />
        </Form>
      )}
    </Modal>
  );
}
