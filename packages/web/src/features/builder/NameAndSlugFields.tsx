import { uniqueSlug } from '@plinth/schema';
import { useState } from 'react';
import { LabelledText } from '../admin/public';
import { settingErrorsOf } from './settingErrors';

/** Messages by setting: the name's and the slug's, and any other the server names. */
type Errors = Record<string, string | undefined>;

/**
 * A new app's or page's name, and its URL slug made from the name until one is typed (spec 01 §5
 * slug creation), free of `taken`; with the messages shown at each field.
 */
export function useNameAndSlug(taken: readonly string[], fallback?: string) {
  const [name, setName] = useState('');
  const [typedSlug, setTypedSlug] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const slug = typedSlug ?? (name.trim() === '' ? '' : uniqueSlug(name, taken, fallback));
  /** The server's refusal of the name or the slug shown at its field; any other failure goes on. */
  const refused = (failure: unknown) => {
    const byField = settingErrorsOf(failure);
    if (!byField || !Object.keys(byField).some((m) => m === 'name' || m === 'slug')) throw failure;
    setErrors(byField);
  };
  return { name, setName, slug, setTypedSlug, errors, setErrors, refused };
}

/** The name and URL slug fields of {@link useNameAndSlug}; typing in one clears its message. */
export function NameAndSlugFields({
  nameLabel,
  form,
  slugHint,
}: {
  nameLabel: string;
  form: ReturnType<typeof useNameAndSlug>;
  slugHint?: string;
}) {
  return (
    <>
      <LabelledText
        label={nameLabel}
        value={form.name}
        isRequired
        autoFocus
        error={form.errors.name}
        onChange={(value) => {
          form.setName(value);
          form.setErrors(({ name: _, ...rest }) => rest);
        }}
      />
      <LabelledText
        label="URL slug"
        value={form.slug}
        isRequired
        error={form.errors.slug}
        {...(slugHint ? { hint: slugHint } : {})}
        onChange={(value) => {
          form.setTypedSlug(value);
          form.setErrors(({ slug: _, ...rest }) => rest);
        }}
      />
    </>
  );
}
