import type { EntityChange, EntityId, EntityRef, FieldDef, Schema } from '@plinth/schema';
import type { EntityRow } from '../data/entityRepository.js';
import type { MemberError } from './relationshipChanges.js';

/** A written record of a system type with what the behaviour's `parse` read from it. */
export interface SystemRecord<T> {
  row: EntityRow;
  value: T;
}

/**
 * What a feature adds to the writes of its system types' records (design §2, decision 0043), with
 * the context the hooks get as a parameter, so this file needs no context: features write
 * `SystemTypeBehaviour` (systemTypeBehaviour.ts). The entity service calls these hooks and imports
 * no feature; the feature registers one object.
 */
export interface SystemTypeHooks<Ctx, T = undefined> {
  /** Names the behaviour in errors and logs, e.g. 'reports'. */
  name: string;
  /** The catalogue ids of the system types it governs; one type has at most one behaviour. */
  typeIds: readonly EntityId[];
  /** Also governs the records of types derived from them (a document's derived types). */
  derivedTypes?: boolean;
  /**
   * Records of these types define the tenant's schema: writing, deleting or linking one marks the
   * schema changed, and `validate` sees the schema as the whole batch leaves it (after its deletes).
   */
  definesSchema?: boolean;
  /**
   * Reads the definition a written record holds; an AppError it throws refuses the record, named
   * by `parsedMember`. Records it cannot read are not given to `validate`.
   */
  parse?(row: EntityRow): T;
  /** The member a `parse` error names, e.g. 'reportDefinition'. */
  parsedMember?: string;
  /**
   * Checks the batch's written records of its types, inside the put's transaction once the batch's
   * values and links are written; any error refuses the whole batch. Names records with `refOf`.
   */
  validate?(
    ctx: Ctx,
    records: ReadonlyArray<SystemRecord<T>>,
    refOf: (id: EntityId) => EntityRef,
  ): readonly MemberError[] | Promise<readonly MemberError[]>;
  /**
   * Runs inside the put's transaction once every check has passed, with the written records of its
   * types: for work that must commit or roll back with them, such as queueing a job in the same
   * transaction (a completed user task moves its workflow run on).
   */
  onWritten?(ctx: Ctx, rows: readonly EntityRow[]): void | Promise<void>;
  /**
   * Runs inside the delete's transaction once the caller may delete every record, before the rows
   * go (given the rows of its types among them); an AppError it throws refuses the whole delete.
   */
  onDelete?(ctx: Ctx, rows: readonly EntityRow[]): void | Promise<void>;
  /**
   * Runs once the put or delete has committed, with the context outside the transaction: for
   * effects a rollback could not undo. It must catch and log its own failures.
   */
  afterCommit?(ctx: Ctx, change: CommittedChange): void | Promise<void>;
}

/** The records of a behaviour's types a committed put or delete wrote and deleted. */
export interface CommittedChange {
  written: readonly EntityRow[];
  deleted: readonly EntityRow[];
}

/**
 * The values a batch of new records gets for the fields it does not give: the one behaviour every
 * type shares (calculated defaults, TODAY in the tenant's time zone), registered once.
 */
export type NewRecordDefaultsHook<Ctx> = (
  ctx: Ctx,
  creates: readonly EntityChange[],
) => Promise<(field: FieldDef) => unknown>;

// biome-ignore lint/suspicious/noExplicitAny: each behaviour's parsed value is its own.
type AnyBehaviour<Ctx> = SystemTypeHooks<Ctx, any>;

/**
 * The behaviours of the system types, filled when the services are built (registerSystemTypes.ts)
 * and read by the entity service for every put and delete.
 */
export class SystemTypeRegistry<Ctx> {
  private readonly behaviours: AnyBehaviour<Ctx>[] = [];
  private readonly byType = new Map<EntityId, AnyBehaviour<Ctx>>();
  private defaults: NewRecordDefaultsHook<Ctx> | undefined;

  /** Adds a behaviour; a type that already has one is refused. */
  register<T>(behaviour: SystemTypeHooks<Ctx, T>): this {
    for (const typeId of behaviour.typeIds) {
      const other = this.byType.get(typeId);
      if (other)
        throw new Error(
          `The system type ${typeId} already has the behaviour '${other.name}'; '${behaviour.name}' cannot be added.`,
        );
    }
    if (behaviour.parse && !behaviour.parsedMember)
      throw new Error(`The behaviour '${behaviour.name}' parses records but names no member for its errors.`);
    for (const typeId of behaviour.typeIds) this.byType.set(typeId, behaviour);
    this.behaviours.push(behaviour);
    return this;
  }

  /** Sets how new records get their defaults; set once. */
  registerNewRecordDefaults(defaults: NewRecordDefaultsHook<Ctx>): this {
    if (this.defaults) throw new Error('The defaults of new records are already registered.');
    this.defaults = defaults;
    return this;
  }

  /** The defaults of a batch of new records. */
  newRecordDefaults(ctx: Ctx, creates: readonly EntityChange[]): Promise<(field: FieldDef) => unknown> {
    if (!this.defaults) throw new Error('No defaults of new records are registered.');
    return this.defaults(ctx, creates);
  }

  /** Every behaviour, in the order registered. */
  all(): readonly AnyBehaviour<Ctx>[] {
    return this.behaviours;
  }

  /** Whether the behaviour governs the records of a type. */
  governs(schema: Schema, behaviour: AnyBehaviour<Ctx>, typeId: EntityId): boolean {
    if (this.byType.get(typeId) === behaviour) return true;
    return behaviour.derivedTypes === true && behaviour.typeIds.some((t) => schema.isA(typeId, t));
  }

  /** The rows among `rows` whose type the behaviour governs. */
  rowsOf(schema: Schema, behaviour: AnyBehaviour<Ctx>, rows: readonly EntityRow[]): EntityRow[] {
    return rows.filter((r) => this.governs(schema, behaviour, r.typeId));
  }

  /** Whether records of the type define the schema. */
  definesSchema(schema: Schema, typeId: EntityId): boolean {
    return this.behaviours.some((b) => b.definesSchema === true && this.governs(schema, b, typeId));
  }
}
