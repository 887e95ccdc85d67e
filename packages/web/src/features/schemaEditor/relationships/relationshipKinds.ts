import { type Cardinality, type Direction, type RelType, relTypeMeaning } from '@plinth/schema';

/** The relationship kinds of spec 01 §3 as the editor names them, in the order it offers them. */
export const relTypeLabels: Record<RelType, string> = {
  lookup: 'Lookup',
  singleLookup: 'Single lookup',
  choiceField: 'Choice field',
  multiChoiceField: 'Multi choice field',
  singleComponent: 'Single component',
  singleComponentOf: 'Single component of',
  components: 'Components',
  componentOf: 'Component of',
  dependants: 'Dependants',
  dependantOf: 'Dependant of',
  sharedDependants: 'Shared dependants',
  sharedDependantsOf: 'Shared dependants of',
  exclusiveCollection: 'Exclusive collection',
  exclusiveCollectionOf: 'Exclusive collection of',
  manyToMany: 'Many to many',
  custom: 'Custom',
};

/** What each kind means for the records, shown under the kind chooser. */
export const relTypeHints: Record<RelType, string> = {
  lookup: 'Each record points at one related record; many records may point at the same one.',
  singleLookup: 'Each record points at one related record, and no other record points at it.',
  choiceField: 'Each record takes one value of a choice Object.',
  multiChoiceField: 'Each record takes any number of values of a choice Object.',
  singleComponent: 'Each record owns one related record, deleted with it.',
  singleComponentOf: 'Each record is the one component of a related record, and goes when it goes.',
  components: 'Each record owns related records, deleted with it.',
  componentOf: 'Each record belongs to one related record, and goes when it goes.',
  dependants: 'Each record has dependants, deleted with it.',
  dependantOf: 'Each record depends on one related record, and goes when it goes.',
  sharedDependants: 'Records share dependants, deleted with any of them.',
  sharedDependantsOf: 'Each record depends on several related records, and goes when any of them goes.',
  exclusiveCollection: 'Each record collects related records that belong to no other.',
  exclusiveCollectionOf: 'Each record is in the collection of one related record.',
  manyToMany: 'Records relate to any number of related records, and the other way.',
  custom: 'Choose the cardinality yourself.',
};

export const cardinalityLabels: Record<Cardinality, string> = {
  oneToOne: 'One to one',
  oneToMany: 'One to many',
  manyToOne: 'Many to one',
  manyToMany: 'Many to many',
};

const reversed: Record<Cardinality, Cardinality> = {
  oneToOne: 'oneToOne',
  oneToMany: 'manyToOne',
  manyToOne: 'oneToMany',
  manyToMany: 'manyToMany',
};

/** The cardinality as seen from the end's own Object: a reverse end reads it the other way. */
export function cardinalitySeenFrom(cardinality: Cardinality, direction: Direction): Cardinality {
  return direction === 'fwd' ? cardinality : reversed[cardinality];
}

/** The cardinality a kind implies (a custom one keeps the chosen one). */
export function cardinalityOf(relType: RelType, custom: Cardinality): Cardinality {
  return relType === 'custom' ? custom : relTypeMeaning(relType).cardinality;
}

/** The choice field kinds, which relate to choice Objects only. */
export const isChoiceKind = (relType: RelType) => relType === 'choiceField' || relType === 'multiChoiceField';
