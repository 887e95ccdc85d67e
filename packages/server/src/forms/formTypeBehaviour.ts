import { type FormDefinition, sysField, sysType } from '@plinth/schema';
import type { SystemTypeBehaviour } from '../entities/systemTypeBehaviour.js';
import { parseFormDefinition } from './formDefinitions.js';
import { validateFormDefinitions } from './validateFormDefinitions.js';

/** Form records: a definition that parses and that the form's type can use (decision 0026). */
export const formTypeBehaviour: SystemTypeBehaviour<FormDefinition> = {
  name: 'forms',
  typeIds: [sysType.form],
  parse: (row) => parseFormDefinition(row.data[String(sysField.formDefinition)]),
  parsedMember: 'formDefinition',
  validate: validateFormDefinitions,
};
