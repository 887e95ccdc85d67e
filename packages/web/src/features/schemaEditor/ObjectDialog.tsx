import {
  correctErrorsBeforeSavingMessage,
  requiredMessage,
  sysType,
  toScriptName,
  validateTypeNames,
} from '@plinth/schema';
import { Modal } from '@plinth/ui';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { Check, PropertySelect, PropertyText } from '../admin/public';
import { IconInput } from './IconInput';
import { useSavedToastClosed } from './savedToast';
import type { SchemaApi, SchemaTypeSummary } from './schemaApi';
import { failureMessage, memberErrorsOf } from './serverErrors';

export interface ObjectDialogProps {
  api: SchemaApi;
  /** The Object edited, or null to create one. */
  type: SchemaTypeSummary | null;
  types: readonly SchemaTypeSummary[];
  onClose: () => void;
  /** Called with the saved Object's id. */
  onSaved: (id: number) => void;
}

type Member = 'name' | 'typeScriptName' | 'description' | 'inherits' | 'typeIcon';

/** The spec's warning when an Object is created (spec 01 §8). */
export const licenceCostWarning = 'Creating an Object may incur additional license costs.';

/** The Objects a type may inherit from: Resource and the tenant's own, never itself or one derived from it. */
export function baseChoices(types: readonly SchemaTypeSummary[], self: number | null) {
  const below = new Set<number>();
  if (self !== null) {
    below.add(self);
    for (let grew = true; grew; ) {
      grew = false;
      for (const t of types)
        if (t.inheritsId !== null && below.has(t.inheritsId) && !below.has(t.id)) {
          below.add(t.id);
          grew = true;
        }
    }
  }
  const own = types
    .filter((t) => !t.isSystem && !t.isChoiceType && !below.has(t.id))
    .sort((a, b) => a.name.localeCompare(b.name));
  // A system base other than Resource (a choice type's Choice Value) stays listed for its Objects.
  const current = types.find((t) => t.id === types.find((x) => x.id === self)?.inheritsId);
  const systemBase =
    current?.isSystem && current.id !== sysType.resource && current.id !== sysType.enumValue
      ? [{ id: String(current.id), name: current.name }]
      : [];
  return [
    { id: String(sysType.resource), name: 'Resource (no base Object)' },
    { id: String(sysType.enumValue), name: 'Choice Value (its records are choice values)' },
    ...systemBase,
    ...own.map((t) => ({ id: String(t.id), name: t.name })),
  ];
}

/** Creates an Object or changes its name, script name, description, base and abstract flag. */
export function ObjectDialog({ api, type, types, onClose, onSaved }: ObjectDialogProps) {
  const isNew = type === null;
  useSavedToastClosed();
  const [name, setName] = useState(type?.name ?? '');
  const [scriptName, setScriptName] = useState(type?.scriptName ?? '');
  const [isScriptNameTouched, setScriptNameTouched] = useState(!isNew);
  const [description, setDescription] = useState(type?.description ?? '');
  const [inherits, setInherits] = useState(String(type?.inheritsId ?? sysType.resource));
  const [isAbstract, setAbstract] = useState(type?.isAbstract ?? false);
  const [icon, setIcon] = useState<number | null>(type?.iconImageId ?? null);
  const [errors, setErrors] = useState<Partial<Record<Member, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  const edited = (member: Member) => {
    setErrors((e) => ({ ...e, [member]: undefined }));
    setFormError(null);
  };
  const check = (): Partial<Record<Member, string>> => {
    const found: Partial<Record<Member, string>> = {};
    if (name.trim() === '') found.name = requiredMessage;
    if (scriptName.trim() === '') found.typeScriptName = requiredMessage;
    const others = types.map((t) => ({ id: t.id, name: t.name, scriptName: t.scriptName }));
    for (const issue of validateTypeNames(
      { ...(type ? { id: type.id } : {}), name: name.trim(), scriptName: scriptName.trim() },
      others,
    )) {
      const key = issue.property === 'name' ? 'name' : 'typeScriptName';
      found[key] ??= issue.message;
    }
    return found;
  };

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (isBusy) return;
    const found = check();
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setFormError(correctErrorsBeforeSavingMessage);
      return;
    }
    setBusy(true);
    const key = 'new:type';
    try {
      const answer = await api.put([
        {
          id: type?.id ?? key,
          ...(isNew ? { typeId: 'core:type' } : {}),
          fields: {
            name: name.trim(),
            typeScriptName: scriptName.trim(),
            description: description.trim() || null,
            isAbstract,
            // Written only when changed, as the image document's id (decision 0100).
            ...(icon !== (type?.iconImageId ?? null)
              ? { typeIcon: icon === null ? null : String(icon) }
              : {}),
          },
          relationships: { inherits: { set: [Number(inherits)] } },
        },
      ]);
      onSaved(type?.id ?? answer.ids[key]!);
    } catch (failure) {
      const byMember = memberErrorsOf(failure, type?.id ?? key);
      if (byMember && Object.keys(byMember).length > 0) {
        setErrors(byMember);
        const other = Object.entries(byMember).filter(
          ([m]) => !['name', 'typeScriptName', 'description', 'inherits', 'typeIcon'].includes(m),
        );
        setFormError(other.length > 0 ? other.map(([, m]) => m).join(' ') : correctErrorsBeforeSavingMessage);
      } else setFormError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={isNew ? 'New Object' : `Object details: ${type.name}`}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      buttons={[
        { kind: 'cancel', onPress: onClose },
        {
          kind: 'custom',
          label: isNew ? 'Create Object' : 'Save',
          variant: 'primary',
          onPress: () => void save(),
          isDisabled: isBusy,
        },
      ]}
    >
      <Form className="pl-admin__form" onSubmit={save} validationBehavior="aria">
        {isNew && (
          <p className="pl-schema__warning" role="note">
            {licenceCostWarning}
          </p>
        )}
        <PropertyText
          label="Object name"
          value={name}
          isRequired
          autoFocus
          error={errors.name}
          onChange={(v) => {
            setName(v);
            edited('name');
            if (!isScriptNameTouched) setScriptName(toScriptName(v, 'Object'));
          }}
        />
        <PropertyText
          label="Script name"
          value={scriptName}
          isRequired
          error={errors.typeScriptName}
          hint="The name calculations use for this Object."
          onChange={(v) => {
            setScriptName(v);
            setScriptNameTouched(true);
            edited('typeScriptName');
          }}
        />
        <PropertyText
          label="Description"
          value={description}
          multiline
          error={errors.description}
          onChange={(v) => {
            setDescription(v);
            edited('description');
          }}
        />
        <PropertySelect
          label="Inherits from"
          value={inherits}
          options={baseChoices(types, type?.id ?? null)}
          error={errors.inherits}
          hint="Records of this Object also count as records of the Object it inherits from."
          onChange={(v) => {
            setInherits(v);
            edited('inherits');
          }}
        />
        <IconInput
          label="Icon"
          value={icon}
          error={errors.typeIcon}
          onValueChange={(v) => {
            setIcon(v);
            edited('typeIcon');
          }}
        />
        <Check isSelected={isAbstract} onChange={setAbstract}>
          Abstract (no records of its own, only of derived Objects)
        </Check>
        {formError && (
          <p role="alert" className="pl-field__error">
            {formError}
          </p>
        )}
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
