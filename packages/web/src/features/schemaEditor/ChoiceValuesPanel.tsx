import { PickerOptionLabel } from '@plinth/fields';
import { type EnumValue, requiredMessage } from '@plinth/schema';
import { Button, toast } from '@plinth/ui';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Form } from 'react-aria-components';
import type { ApiClient } from '../../api/apiClient';
import { PropertyText } from '../admin/public';
import { IconInput } from './IconInput';
import type { SchemaApi } from './schemaApi';
import { failureMessage, memberErrorsOf } from './serverErrors';

/** Orders are written 10 apart, so one move rewrites only the values that changed place. */
const orderStep = 10;

/**
 * A choice type's values as pickers show them (colour, icon, name; retired ones marked): add, rename,
 * recolour, give an icon, move up or down (enumOrder) and retire or restore (enumRetired).
 */
export function ChoiceValuesPanel({
  api,
  client,
  typeId,
}: {
  api: SchemaApi;
  client: ApiClient;
  typeId: number;
}) {
  const [values, setValues] = useState<EnumValue[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{
    id: number | null;
    name: string;
    colour: string;
    icon: number | null;
  } | null>(null);
  const [errors, setErrors] = useState<{ name?: string; enumColour?: string; enumIcon?: string }>({});

  const load = useCallback(async () => {
    try {
      setValues(await client.enumValues(typeId));
      setError(null);
    } catch (failure) {
      setError(failureMessage(failure));
    }
  }, [client, typeId]);
  useEffect(() => {
    void load();
  }, [load]);

  const write = async (work: () => Promise<unknown>) => {
    try {
      await work();
      await load();
    } catch (failure) {
      toast.error(failureMessage(failure));
    }
  };
  const move = (index: number, by: -1 | 1) => {
    if (!values) return;
    const next = [...values];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    const changed = next
      .map((v, i) => ({ v, order: (i + 1) * orderStep }))
      .filter(({ v, order }) => v.order !== order);
    void write(() => api.put(changed.map(({ v, order }) => ({ id: v.id, fields: { enumOrder: order } }))));
  };
  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!editing || !values) return;
    if (editing.name.trim() === '') return setErrors({ name: requiredMessage });
    const key = 'new:choice';
    try {
      await api.put([
        {
          id: editing.id ?? key,
          ...(editing.id === null ? { typeId } : {}),
          fields: {
            name: editing.name.trim(),
            enumColour: editing.colour.trim() || null,
            // The icon formatting rule: an image document's id, shown as pickers and the grid show icons.
            enumIcon: editing.icon === null ? null : String(editing.icon),
            ...(editing.id === null ? { enumOrder: (values.length + 1) * orderStep } : {}),
          },
        },
      ]);
      setEditing(null);
      setErrors({});
      await load();
    } catch (failure) {
      const byMember = memberErrorsOf(failure, editing.id ?? key);
      if (byMember && Object.keys(byMember).length > 0) setErrors(byMember);
      else setErrors({ name: failureMessage(failure) });
    }
  };

  return (
    <section className="pl-admin__panel" aria-labelledby="choices-title">
      <div className="pl-admin__panel-head">
        <h2 id="choices-title">Choice values</h2>
        <Button variant="primary" onPress={() => setEditing({ id: null, name: '', colour: '', icon: null })}>
          New choice value
        </Button>
      </div>
      {error && <p role="alert">{error}</p>}
      {values?.length === 0 && <p className="pl-admin__muted">No choice values yet.</p>}
      {values && values.length > 0 && (
        <ol className="pl-schema__choices">
          {values.map((v, i) => (
            <li key={v.id} className="pl-schema__choice">
              <PickerOptionLabel
                row={{ id: v.id, name: v.name, colour: v.colour, iconImageId: v.iconImageId }}
              />
              {v.isRetired && <span className="pl-admin__badge">Retired</span>}
              <span className="pl-admin__actions">
                <Button
                  size="small"
                  variant="outline"
                  aria-label={`Move ${v.name} up`}
                  isDisabled={i === 0}
                  onPress={() => move(i, -1)}
                >
                  ↑
                </Button>
                <Button
                  size="small"
                  variant="outline"
                  aria-label={`Move ${v.name} down`}
                  isDisabled={i === values.length - 1}
                  onPress={() => move(i, 1)}
                >
                  ↓
                </Button>
                <Button
                  size="small"
                  variant="outline"
                  aria-label={`Edit ${v.name}`}
                  onPress={() =>
                    setEditing({ id: v.id, name: v.name ?? '', colour: v.colour ?? '', icon: v.iconImageId })
                  }
                >
                  Edit
                </Button>
                <Button
                  size="small"
                  variant="outline"
                  aria-label={`${v.isRetired ? 'Restore' : 'Retire'} ${v.name}`}
                  onPress={() =>
                    void write(() => api.put([{ id: v.id, fields: { enumRetired: !v.isRetired } }]))
                  }
                >
                  {v.isRetired ? 'Restore' : 'Retire'}
                </Button>
              </span>
            </li>
          ))}
        </ol>
      )}
      {editing && (
        <Form
          className="pl-schema__inline-form"
          onSubmit={save}
          validationBehavior="aria"
          aria-label="Choice value"
        >
          <PropertyText
            label="Choice value"
            value={editing.name}
            isRequired
            autoFocus
            error={errors.name}
            onChange={(name) => {
              setEditing({ ...editing, name });
              setErrors({});
            }}
          />
          <PropertyText
            label="Colour"
            value={editing.colour}
            hint="For example #2e7d32"
            error={errors.enumColour}
            onChange={(colour) => {
              setEditing({ ...editing, colour });
              setErrors({});
            }}
          />
          <IconInput
            label="Icon"
            value={editing.icon}
            error={errors.enumIcon}
            onValueChange={(icon) => {
              setEditing({ ...editing, icon });
              setErrors({});
            }}
          />
          <Button type="submit" variant="primary">
            Save choice value
          </Button>
          <Button variant="subtle" onPress={() => setEditing(null)}>
            Cancel
          </Button>
        </Form>
      )}
    </section>
  );
}
