import {
  type AdminAppSummary,
  type AppSettingsProblems,
  type AppSettingsResponse,
  appSettingsProblems,
  uniqueSlug,
} from '@plinth/schema';
import { useState } from 'react';
import { FormDialog, LabelledText } from '../admin/public';
import type { BuilderApi } from './builderApi';
import { settingErrorsOf } from './settingErrors';

export interface NewAppDialogProps {
  api: BuilderApi;
  /** The tenant's apps, whose names and slugs a new app may not take. */
  apps: readonly AdminAppSummary[];
  onClose: () => void;
  onCreated: (app: AppSettingsResponse) => void;
}

/**
 * Creates an app (spec 01 §2): a name, a URL slug made from it until the administrator types one
 * (spec 01 §5 slug creation), a description. The server gives it its Welcome page.
 */
export function NewAppDialog({ api, apps, onClose, onCreated }: NewAppDialogProps) {
  const [name, setName] = useState('');
  const [typedSlug, setTypedSlug] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<AppSettingsProblems>({});
  const slug =
    typedSlug ??
    (name.trim() === ''
      ? ''
      : uniqueSlug(
          name,
          apps.map((a) => a.slug),
          'app',
        ));

  const create = async () => {
    const found = appSettingsProblems({ id: null, name, slug }, apps);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      onCreated(
        await api.createApp({
          name: name.trim(),
          slug: slug.trim(),
          ...(description.trim() ? { description: description.trim() } : {}),
        }),
      );
    } catch (failure) {
      const byField = settingErrorsOf(failure);
      if (!byField || !Object.keys(byField).some((m) => m === 'name' || m === 'slug')) throw failure;
      setErrors(byField);
    }
  };

  return (
    <FormDialog title="New app" submitLabel="Create app" onClose={onClose} onSubmit={create}>
      <LabelledText
        label="App name"
        value={name}
        isRequired
        autoFocus
        error={errors.name}
        onChange={(value) => {
          setName(value);
          setErrors(({ name: _, ...rest }) => rest);
        }}
      />
      <LabelledText
        label="URL slug"
        value={slug}
        isRequired
        error={errors.slug}
        hint={
          slug
            ? `It opens at /apps/${slug}, with one page named Welcome.`
            : 'Letters, digits, hyphens and underscores.'
        }
        onChange={(value) => {
          setTypedSlug(value);
          setErrors(({ slug: _, ...rest }) => rest);
        }}
      />
      <LabelledText label="Description" value={description} multiline onChange={setDescription} />
    </FormDialog>
  );
}
