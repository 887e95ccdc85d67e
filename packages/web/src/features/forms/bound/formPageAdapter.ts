import type { PageComponent, TypeSchemaResponse } from '@plinth/schema';
import { type Actor, assign, createActor, fromPromise } from 'xstate';
import type { ApiClient } from '../../../api/apiClient';
import { ApiError } from '../../../api/apiClient';
import { runCustomValidation } from '../../../api/formApi';
import { type PageBus, type PageContext, type PageMessage, pageParams } from '../../pages/public';
import { staleRecordMessage } from '../record/useRecordForm';
import { isTableEnd, isTableValueChanged, tableValueOf } from '../relationship/relationshipTableValue';
import {
  type BoundComponentContext,
  type BoundRecord,
  boundComponentMachine,
  changedKeys,
  type MemberValues,
} from './boundComponentMachine';
import {
  type BoundComponent,
  type BoundMember,
  boundComponentOf,
  checkBoundValues,
  isWritableMember,
  memberOf,
} from './boundMembers';
import { memberSaveBody, readFormPageRecord, saveFormPageRecord } from './formPageRecord';
import { publishOutputVariables } from './outputVariables';

/** What the page says above its first bound component after a refused save. */
export interface FormPageNotice {
  message: string;
  /** A stale record (412): the user may reload it or keep the edits on screen. */
  isStale: boolean;
}

const listeners = Symbol('listeners');

/**
 * The entity adapter of a form page (spec 03 §3): the page's record (PageInput, or a new record of
 * the page's type) held by one bound component machine, the member mapping of every bound
 * component on the page, and the page bus's SAVE, DISCARD, REFRESH and validation rounds. Each
 * component reads its own member's value and message from the machine (per-component selectors), so
 * typing in one re-renders that component only.
 */
export class FormPageAdapter {
  readonly participantId: string;
  readonly actor: Actor<typeof boundComponentMachine>;
  private readonly components = new Map<string, BoundComponent>();
  private type: TypeSchemaResponse | null = null;
  private readOnlyKeys: ReadonlySet<string> = new Set();
  private readOnly: Readonly<Record<string, boolean>> = {};
  private visible: Readonly<Record<string, boolean>> = {};
  private published = new Map<string, unknown>();
  private stopBus: () => void = () => {};
  private started = false;
  private notice: FormPageNotice | null = null;
  private formMode: PageContext['formMode'];
  private [listeners] = new Set<() => void>();

  constructor(
    private readonly client: ApiClient,
    private readonly bus: PageBus,
    private readonly context: PageContext,
  ) {
    this.participantId = `formPage:${context.record?.id ?? 'new'}`;
    this.formMode = context.formMode;
    const initial: BoundRecord | null = context.record
      ? {
          id: context.record.id,
          typeId: context.record.typeId,
          version: 0,
          isNew: false,
          name: context.record.name,
        }
      : null;
    const typeId = context.record?.typeId ?? context.page.contextEntityTypeId ?? 0;
    const machine = boundComponentMachine.provide({
      actors: {
        fetchRecord: fromPromise(async ({ input, signal }) => {
          const read = await readFormPageRecord(
            client,
            { record: input.record ?? initial, typeId, link: context.newRecordLink },
            (type) => this.members(type).map((m) => m.member),
            [...this.components.values()].some((c) => c.style.showCalcOnNewRecord),
            signal,
          );
          this.type = read.type;
          this.readOnlyKeys = read.readOnlyKeys;
          return { record: read.record, values: read.values };
        }),
        runCustomValidation: fromPromise(async ({ input, signal }) => this.customValidation(input, signal)),
        saveRecord: fromPromise(async ({ input }) =>
          saveFormPageRecord(
            client,
            input,
            this.members().flatMap((m) => (this.isEditable(m.bound.component.id) ? [m.member] : [])),
            (values) => this.check(values).values,
            context.newRecordLink,
          ),
        ),
      },
      guards: {
        hasCustomValidators: () => this.customValidated().length > 0,
      },
      actions: {
        checkClientRules: assign({ errors: ({ context }) => this.check(context.values).errors }),
        reportValidation: ({ context }, { isValid }) =>
          this.send({
            type: 'VALIDATION_COMPLETED',
            componentId: this.participantId,
            isValid,
            errors: [...Object.values(context.errors), ...Object.values(context.customErrors)],
          }),
        reportCustomValidationFailed: () =>
          this.send({
            type: 'VALIDATION_COMPLETED',
            componentId: this.participantId,
            isValid: false,
            errors: ['The custom validation could not run.'],
          }),
        reportSaveSucceeded: ({ context }, { written }) => {
          this.setNotice(null);
          const r = context.record;
          this.send({
            type: 'SAVE_SUCCEEDED',
            componentId: this.participantId,
            savedEntities: r ? [{ id: r.id, typeId: r.typeId, name: r.name, written }] : [],
          });
        },
        reportSaveFailed: (_, { error }) => {
          const isStale = error instanceof ApiError && error.status === 412;
          const message = isStale
            ? staleRecordMessage
            : error instanceof Error
              ? error.message
              : String(error);
          this.setNotice({ message, isStale });
          this.send({ type: 'SAVE_FAILED', componentId: this.participantId, title: 'Save failed', message });
        },
        reportChanged: ({ context }) => {
          this.send({
            type: 'DIRTY_CHANGED',
            componentId: this.participantId,
            isDirty: changedKeys(context.bookmark, context.values).length > 0,
          });
          this.publish(context);
        },
        reportLoaded: () => this.notify(),
        reportFetchFailed: (_, { error }) => console.warn('The form page could not read its record', error),
      },
    });
    this.actor = createActor(machine, { input: { relevantVariables: ['PageInput'] } });
  }

  /** Starts the machine and joins the page's saves; the record is read once the components registered. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.actor.start();
    this.stopBus = this.bus.subscribe((m) => this.onMessage(m));
    // Components that render together register in the same commit, and the page's logic subscribes
    // to the bus after its components' effects: joining and reading wait for the commit to end.
    queueMicrotask(() => {
      if (!this.started) return;
      this.bus.send({ type: 'SAVE_PARTICIPANT', componentId: this.participantId, isParticipant: true });
      this.actor.send({ type: 'INITIALISE' });
    });
  }

  stop(): void {
    if (!this.started) return;
    this.started = false;
    this.stopBus();
    this.bus.send({ type: 'SAVE_PARTICIPANT', componentId: this.participantId, isParticipant: false });
    this.actor.stop();
  }

  /** A bound component joins the adapter with its member mapping. */
  register(component: PageComponent): void {
    const bound = boundComponentOf(component);
    if (!bound) return;
    this.components.set(component.id, bound);
    // A list of many records registered after the read is read now.
    const member = memberOf(bound, this.type);
    const snap = this.actor.getSnapshot();
    if (
      member &&
      member.kind === 'relationship' &&
      member.isToMany &&
      snap.context.record &&
      !(member.key in snap.context.values)
    )
      this.actor.send({ type: 'REFRESH' });
  }

  /** A component leaves; the last one to leave stops the adapter (a remount in the same task keeps it). */
  unregister(componentId: string): void {
    this.components.delete(componentId);
    if (this.components.size > 0) return;
    queueMicrotask(() => {
      if (this.components.size > 0) return;
      this.stop();
      if (adapters.get(this.bus) === this) adapters.delete(this.bus);
    });
  }

  component(componentId: string): BoundComponent | undefined {
    return this.components.get(componentId);
  }

  /** The member a component shows, once the record's type is read. */
  member(componentId: string): BoundMember | null {
    const bound = this.components.get(componentId);
    return bound ? memberOf(bound, this.type) : null;
  }

  /** Whether the type has been read (until then, a component cannot tell a missing field). */
  hasType(): boolean {
    return this.type !== null;
  }

  /** The record type's name, once read. */
  typeName(): string {
    return this.type?.type.name ?? '';
  }

  isEditable(componentId: string): boolean {
    const member = this.member(componentId);
    if (!member || !isWritableMember(member)) return false;
    if (this.formMode === 'view' || this.readOnly[componentId] === true) return false;
    return !this.readOnlyKeys.has(member.key);
  }

  setValue(componentId: string, value: unknown): void {
    const member = this.member(componentId);
    if (!member) return;
    const componentIds = [...this.components.keys()].filter((id) => this.member(id)?.key === member.key);
    // A relationship table back to no changes holds its list as read: unchanged again.
    const held =
      member.kind === 'relationship' && isTableEnd(member) && !isTableValueChanged(value)
        ? tableValueOf(value).read
        : value;
    this.actor.send({ type: 'CHANGE', key: member.key, value: held, componentIds });
  }

  getNotice(): FormPageNotice | null {
    return this.notice;
  }

  /** The component that shows the page's notice: the first bound component registered. */
  noticeHost(): string | undefined {
    return this.components.keys().next().value;
  }

  reload(): void {
    this.setNotice(null);
    this.actor.send({ type: 'REFRESH' });
  }

  keepEdits(): void {
    this.setNotice(null);
  }

  subscribe(listener: () => void): () => void {
    this[listeners].add(listener);
    return () => this[listeners].delete(listener);
  }

  /** Counts the adapter's own changes, for `useSyncExternalStore`. */
  revision = 0;

  private notify() {
    this.revision += 1;
    for (const l of [...this[listeners]]) l();
  }

  private setNotice(notice: FormPageNotice | null) {
    this.notice = notice;
    this.notify();
  }

  private send(message: PageMessage) {
    this.bus.send(message);
  }

  private members(type = this.type): Array<{ bound: BoundComponent; member: BoundMember }> {
    return [...this.components.values()].flatMap((bound) => {
      const member = memberOf(bound, type);
      return member ? [{ bound, member }] : [];
    });
  }

  private check(values: MemberValues) {
    return checkBoundValues(
      this.members(),
      values,
      (id) => this.isEditable(id) && this.visible[id] !== false,
    );
  }

  /** Components whose custom validation runs: a non-blank calculation, editable and shown. */
  private customValidated(): BoundComponent[] {
    return [...this.components.values()].filter(
      (b) =>
        (b.component.customValidation?.expression ?? '').trim() !== '' &&
        this.isEditable(b.component.id) &&
        this.visible[b.component.id] !== false,
    );
  }

  private async customValidation(
    input: { record: BoundRecord; values: MemberValues; bookmark: MemberValues },
    signal: AbortSignal,
  ): Promise<Record<string, string>> {
    const { record, values, bookmark } = input;
    const members = this.members();
    const writable = members.filter((m) => this.isEditable(m.bound.component.id)).map((m) => m.member);
    const changed = record.isNew
      ? writable.map((m) => m.key)
      : changedKeys(bookmark, values).filter((k) => writable.some((m) => m.key === k));
    const body = memberSaveBody(writable, changed, this.check(values).values);
    const checked = new Set(this.customValidated().map((b) => b.component.id));
    const expressions = this.customValidated().map((b) => ({
      expression: b.component.customValidation!.expression,
    }));
    const answer = await runCustomValidation(
      this.client,
      {
        pageId: this.context.page.id,
        contextEntityData: record.isNew ? { typeId: record.typeId, ...body } : { id: record.id, ...body },
        changedFields: Object.keys(body.fields ?? {}),
        changedRelationships: Object.keys(body.relationships ?? {}),
        excludedComponents: [...this.components.keys()].filter((id) => !checked.has(id)),
        params: pageParams(this.context, [], this.bus.variables(), expressions) as never,
      },
      signal,
    );
    const errors: Record<string, string> = {};
    for (const [id, messages] of Object.entries(answer.errors))
      if (messages.length > 0 && this.components.has(id)) errors[id] = messages.join(' ');
    return errors;
  }

  private onMessage(message: PageMessage) {
    switch (message.type) {
      case 'REQUEST_VALIDATION_INFO':
        return this.actor.send({ type: 'VALIDATE' });
      case 'PERFORM_SAVE':
        return this.actor.send({ type: 'SAVE' });
      case 'DISCARD_CHANGES':
        this.setNotice(null);
        return this.actor.send({ type: 'DISCARD' });
      case 'REFRESH':
        return this.actor.send({ type: 'REFRESH' });
      case 'SAVE_SUCCEEDED':
        // The whole page saved: read the record again for its calculated fields and version.
        if (!message.componentId) this.actor.send({ type: 'REFRESH' });
        return;
      case 'FORM_MODE_CHANGED':
        this.formMode = message.formMode;
        this.notify();
        // Switching to edit mode asks for the validation info (spec 03 §4).
        if (message.formMode === 'edit') this.actor.send({ type: 'VALIDATE' });
        return;
      case 'READ_ONLY_CHANGED':
        this.readOnly = message.readOnly;
        return this.notify();
      case 'VISIBILITY_CHANGED':
        this.visible = message.visible;
        return;
      case 'VARIABLE_CHANGED':
        if (message.componentId && this.components.has(message.componentId)) return;
        return this.actor.send({ type: 'VARIABLES_CHANGED', names: [message.name] });
      default:
        return;
    }
  }

  /** Each component's output variables (spec 03 §3), sent when they differ from those last sent. */
  private publish(context: BoundComponentContext) {
    for (const { bound, member } of this.members()) {
      const id = bound.component.id;
      const vars = publishOutputVariables(bound, member, {
        value: context.values[member.key],
        defaultValue: context.bookmark[member.key],
        errorText: [context.errors[id], context.customErrors[id]].filter(Boolean).join(' '),
        isReadOnly: !this.isEditable(id),
      });
      for (const [name, value] of vars) {
        const previous = this.published.get(name);
        if (this.published.has(name) && JSON.stringify(previous) === JSON.stringify(value)) continue;
        this.published.set(name, value);
        this.send({ type: 'VARIABLE_CHANGED', name, value, componentId: id });
      }
    }
  }
}

/** One adapter per page bus and record: the bound components of a page share it. */
const adapters = new WeakMap<PageBus, FormPageAdapter>();

export function formPageAdapterFor(client: ApiClient, bus: PageBus, context: PageContext): FormPageAdapter {
  const key = `formPage:${context.record?.id ?? 'new'}`;
  let adapter = adapters.get(bus);
  if (!adapter || adapter.participantId !== key) {
    adapter?.stop();
    adapter = new FormPageAdapter(client, bus, context);
    adapters.set(bus, adapter);
  }
  return adapter;
}
