import { SelectList, Toggle } from '@plinth/fields';
import type { TenantSettings } from '@plinth/schema';
import { Button, ErrorDisplay, LoadingGrid } from '@plinth/ui';
import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../api/apiClient';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { AdminTabs } from '../admin/public';
import { useSession } from '../auth/public';
import './tenantSettings.css';
import {
  localeOptions,
  monthNames,
  readTenantSettings,
  saveTenantSettings,
  timeZoneOptions,
} from './tenantSettingsApi';

/** The texts of the settings screen. */
export const settingsTexts = {
  title: 'Settings',
  timeZone: 'Time zone',
  timeZoneHelp: "Dates such as 'today' and times are worked out in this zone.",
  locale: 'Locale',
  localeHelp: 'How numbers and dates are written.',
  financialYear: 'Financial year starts in',
  financialYearHelp: "Date filters such as 'this financial year' start in this month.",
  confirmExternalLinks: 'Ask before opening links to other sites',
  confirmExternalLinksHelp:
    "Links to other sites ask 'You are about to leave this site. Are you sure?' first.",
  save: 'Save',
  saved: 'Settings saved.',
  adminsOnly: 'Only administrators can open this page.',
} as const;

type Form = Pick<TenantSettings, 'timeZone' | 'locale' | 'financialYearStartMonth' | 'confirmExternalLinks'>;

/** /admin/settings: the tenant's time zone, locale, financial-year start and link question (administrators). */
export function TenantSettingsPage() {
  const { client, session } = useSession();
  const isAdmin = session.status === 'signedIn' && session.me.isAdmin;
  const [stored, setStored] = useState<TenantSettings | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [status, setStatus] = useState<{ kind: 'saving' | 'saved' | 'error'; message?: string } | null>(null);
  useDocumentTitle(settingsTexts.title);

  useEffect(() => {
    if (!isAdmin) return;
    readTenantSettings(client)
      .then((s) => {
        setStored(s);
        setForm(pick(s));
      })
      .catch((e: unknown) => setLoadError(e instanceof Error ? e.message : String(e)));
  }, [client, isAdmin]);

  const zones = useMemo(() => timeZoneOptions(form?.timeZone ?? 'UTC'), [form?.timeZone]);
  const locales = useMemo(() => localeOptions(form?.locale ?? 'en-AU'), [form?.locale]);
  const months = useMemo(() => monthNames().map((label, i) => ({ id: i + 1, label })), []);

  if (!isAdmin) return <ErrorDisplay message={settingsTexts.adminsOnly} homeHref="/apps" />;
  if (loadError) return <ErrorDisplay message={loadError} homeHref="/apps" />;
  if (!stored || !form) return <LoadingGrid columns={1} rows={3} />;

  // Only what the user changed is sent.
  const changed = Object.fromEntries(
    (Object.keys(form) as Array<keyof Form>).filter((k) => form[k] !== stored[k]).map((k) => [k, form[k]]),
  );
  const isChanged = Object.keys(changed).length > 0;
  const change = (next: Partial<Form>) => {
    setForm({ ...form, ...next });
    setStatus(null);
  };
  const save = async () => {
    setStatus({ kind: 'saving' });
    try {
      const saved = await saveTenantSettings(client, changed);
      setStored(saved);
      setForm(pick(saved));
      setStatus({ kind: 'saved' });
    } catch (error) {
      setStatus({ kind: 'error', message: errorText(error) });
    }
  };

  return (
    <section className="pl-page pl-admin pl-tenant-settings">
      <AdminTabs />
      <h1>
        {settingsTexts.title}
        <span className="pl-tenant-settings__tenant"> · {stored.tenantName}</span>
      </h1>
      <form
        className="pl-tenant-settings__form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <SelectList
          label={settingsTexts.timeZone}
          helpText={settingsTexts.timeZoneHelp}
          options={zones}
          value={[form.timeZone]}
          onValueChange={([v]) => v !== undefined && change({ timeZone: String(v) })}
        />
        <SelectList
          label={settingsTexts.locale}
          helpText={settingsTexts.localeHelp}
          options={locales}
          value={[form.locale]}
          onValueChange={([v]) => v !== undefined && change({ locale: String(v) })}
        />
        <SelectList
          label={settingsTexts.financialYear}
          helpText={settingsTexts.financialYearHelp}
          options={months}
          value={[form.financialYearStartMonth]}
          onValueChange={([v]) => v !== undefined && change({ financialYearStartMonth: Number(v) })}
        />
        <Toggle
          label={settingsTexts.confirmExternalLinks}
          helpText={settingsTexts.confirmExternalLinksHelp}
          value={form.confirmExternalLinks}
          onValueChange={(v) => change({ confirmExternalLinks: v })}
        />
        <div className="pl-tenant-settings__actions">
          <Button type="submit" variant="primary" isDisabled={!isChanged || status?.kind === 'saving'}>
            {settingsTexts.save}
          </Button>
          <span className="pl-tenant-settings__status" role="status">
            {status?.kind === 'saved' ? settingsTexts.saved : ''}
          </span>
        </div>
        {status?.kind === 'error' && (
          <p className="pl-tenant-settings__error" role="alert">
            {status.message}
          </p>
        )}
      </form>
    </section>
  );
}

function pick(s: TenantSettings): Form {
  return {
    timeZone: s.timeZone,
    locale: s.locale,
    financialYearStartMonth: s.financialYearStartMonth,
    confirmExternalLinks: s.confirmExternalLinks,
  };
}

/** The server's message; for a refused value, the field's own message. */
function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const errors = (error.details as { errors?: Array<{ message?: string }> } | undefined)?.errors;
    return errors?.map((e) => e.message).join(' ') || error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
