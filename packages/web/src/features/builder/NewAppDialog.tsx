import { type AdminAppSummary, type AppSettingsResponse, appSettingsProblems } from '@plinth/schema';
import { useState } from 'react';
import { FormDialog, LabelledText } from '../admin/public';
import type { BuilderApi } from './builderApi';
import { NameAndSlugFields, useNameAndSlug } from './NameAndSlugFields';

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
  const form = useNameAndSlug(
    apps.map((a) => a.slug),
    'app',
  );
  const { name, slug, setErrors } = form;
  const [description, setDescription] = useState('');

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
      form.refused(failure);
    }
  };

  return (
    <FormDialog title="New app" submitLabel="Create app" onClose={onClose} onSubmit={create}>
      <NameAndSlugFields
        nameLabel="App name"
        form={form}
        slugHint={
          slug
            ? `It opens at /apps/${slug}, with one page named Welcome.`
            : 'Letters, digits, hyphens and underscores.'
        }
      />
      <LabelledText label="Description" value={description} multiline onChange={setDescription} />
    </FormDialog>
  );
}
