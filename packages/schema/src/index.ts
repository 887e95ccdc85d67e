export * from './metamodel/definitions.js';
export * from './metamodel/fieldTypes.js';
export * from './metamodel/relTypes.js';
