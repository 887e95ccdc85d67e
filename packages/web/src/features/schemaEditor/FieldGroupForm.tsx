import { correctErrorsBeforeSavingMessage, requiredMessage } from '@plinth/schema';
import { Button } from '@plinth/ui';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { PropertyText } from '../admin/public';
import type { SchemaApi } from './schemaApi';
import { failureMessage, memberErrorsOf } from './serverErrors';

/** Adds a field group to an Object; its fields are then placed in it from their General tab. */
export function FieldGroupForm({
  api,
  typeId,
  onAdded,
}: {
  api: SchemaApi;
  typeId: number;
  onAdded: () => void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isBusy, setBusy] = useState(false);
  const add = async (event?: FormEvent) => {
    event?.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') return setError(requiredMessage);
    setBusy(true);
    try {
      await api.put([
        {
          id: 'new:group',
          typeId: 'core:fieldGroup',
          fields: { name: trimmed },
          relationships: { fieldGroupOnType: { set: [typeId] } },
        },
      ]);
      setName('');
      onAdded();
    } catch (failure) {
      const byMember = memberErrorsOf(failure, 'new:group');
      setError(byMember?.name ?? (byMember ? correctErrorsBeforeSavingMessage : failureMessage(failure)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form className="pl-schema__inline-form" onSubmit={add} validationBehavior="aria">
      <PropertyText
        label="New field group"
        value={name}
        error={error}
        onChange={(v) => {
          setName(v);
          setError(undefined);
        }}
      />
      <Button type="submit" variant="outline" isDisabled={isBusy}>
        Add group
      </Button>
    </Form>
  );
}
