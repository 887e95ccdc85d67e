export * from './catalogue/ids.js';
export * from './catalogue/systemCatalogue.js';
export * from './metamodel/definitions.js';
export * from './metamodel/fieldTypes.js';
export * from './metamodel/metamodelRecords.js';
export * from './metamodel/relTypes.js';
export * from './metamodel/Schema.js';
