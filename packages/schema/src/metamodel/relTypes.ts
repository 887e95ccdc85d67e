/** Relationship kinds of spec 01 §3 and what each means for cardinality and deletion. */
export const relTypes = [
  'lookup',
  'singleLookup',
  'choiceField',
  'multiChoiceField',
  'dependants',
  'dependantOf',
  'components',
  'componentOf',
  'singleComponent',
  'singleComponentOf',
  'sharedDependants',
  'sharedDependantsOf',
  'exclusiveCollection',
  'exclusiveCollectionOf',
  'manyToMany',
  'custom',
] as const;
export type RelType = (typeof relTypes)[number];

export const cardinalities = ['oneToOne', 'oneToMany', 'manyToOne', 'manyToMany'] as const;
export type Cardinality = (typeof cardinalities)[number];

export interface RelTypeMeaning {
  cardinality: Cardinality;
  /** Deleting the from-record deletes the to-records. */
  cascadeDelete: boolean;
  /** Deleting the to-record deletes the from-records. */
  cascadeDeleteTo: boolean;
}

const meanings: Record<Exclude<RelType, 'custom'>, RelTypeMeaning> = {
  lookup: { cardinality: 'manyToOne', cascadeDelete: false, cascadeDeleteTo: false },
  singleLookup: { cardinality: 'oneToOne', cascadeDelete: false, cascadeDeleteTo: false },
  choiceField: { cardinality: 'manyToOne', cascadeDelete: false, cascadeDeleteTo: false },
  multiChoiceField: { cardinality: 'manyToMany', cascadeDelete: false, cascadeDeleteTo: false },
  dependants: { cardinality: 'oneToMany', cascadeDelete: true, cascadeDeleteTo: false },
  dependantOf: { cardinality: 'manyToOne', cascadeDelete: false, cascadeDeleteTo: true },
  components: { cardinality: 'oneToMany', cascadeDelete: true, cascadeDeleteTo: false },
  componentOf: { cardinality: 'manyToOne', cascadeDelete: false, cascadeDeleteTo: true },
  singleComponent: { cardinality: 'oneToOne', cascadeDelete: true, cascadeDeleteTo: false },
  singleComponentOf: { cardinality: 'oneToOne', cascadeDelete: false, cascadeDeleteTo: true },
  sharedDependants: { cardinality: 'manyToMany', cascadeDelete: true, cascadeDeleteTo: false },
  sharedDependantsOf: { cardinality: 'manyToMany', cascadeDelete: false, cascadeDeleteTo: true },
  exclusiveCollection: { cardinality: 'oneToMany', cascadeDelete: false, cascadeDeleteTo: false },
  exclusiveCollectionOf: { cardinality: 'manyToOne', cascadeDelete: false, cascadeDeleteTo: false },
  manyToMany: { cardinality: 'manyToMany', cascadeDelete: false, cascadeDeleteTo: false },
};

/**
 * The cardinality and cascade rules a relationship kind implies. A `custom` relationship keeps
 * the ones it was given.
 */
export function relTypeMeaning(relType: RelType, custom?: Partial<RelTypeMeaning>): RelTypeMeaning {
  if (relType === 'custom') {
    return {
      cardinality: custom?.cardinality ?? 'manyToMany',
      cascadeDelete: custom?.cascadeDelete ?? false,
      cascadeDeleteTo: custom?.cascadeDeleteTo ?? false,
    };
  }
  return meanings[relType];
}

/** True when a from-record can have more than one to-record. */
export function isToMany(cardinality: Cardinality): boolean {
  return cardinality === 'oneToMany' || cardinality === 'manyToMany';
}

/** True when a to-record can have more than one from-record. */
export function isFromMany(cardinality: Cardinality): boolean {
  return cardinality === 'manyToOne' || cardinality === 'manyToMany';
}

/** True when following a relationship in a direction can reach more than one record. */
export function reachesMany(rel: { cardinality: Cardinality }, direction: 'fwd' | 'rev'): boolean {
  return direction === 'fwd' ? isToMany(rel.cardinality) : isFromMany(rel.cardinality);
}
