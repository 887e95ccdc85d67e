import { appTypeBehaviour } from './apps/appTypeBehaviour.js';
import { userAccountTypeBehaviour } from './auth/userAccountTypeBehaviour.js';
import { newRecordDefaults } from './calc/newRecordDefaults.js';
import type { RequestContext } from './context.js';
import { documentTemplateTypeBehaviour } from './documentTemplates/documentTemplateTypeBehaviour.js';
import { SystemTypeRegistry } from './entities/systemTypes.js';
import { documentTypeBehaviour } from './files/documentTypeBehaviour.js';
import { formTypeBehaviour } from './forms/formTypeBehaviour.js';
import { metamodelTypeBehaviour } from './metamodel/metamodelTypeBehaviour.js';
import { reportTypeBehaviour } from './reports/reportTypeBehaviour.js';
import { settingsTypeBehaviour } from './settings/settingsTypeBehaviour.js';
import { userTaskTypeBehaviour, workflowTypeBehaviour } from './workflows/workflowTypeBehaviour.js';

/**
 * The behaviours of the system types, one per feature (decision 0043): a new system type adds its
 * line here and touches no entity code. Order matters only for which refusal a batch hears first.
 */
export function registerSystemTypes(
  registry = new SystemTypeRegistry<RequestContext>(),
): SystemTypeRegistry<RequestContext> {
  return registry
    .register(metamodelTypeBehaviour)
    .register(reportTypeBehaviour)
    .register(formTypeBehaviour)
    .register(settingsTypeBehaviour)
    .register(userAccountTypeBehaviour)
    .register(documentTypeBehaviour)
    .register(documentTemplateTypeBehaviour)
    .register(appTypeBehaviour)
    .register(workflowTypeBehaviour)
    .register(userTaskTypeBehaviour)
    .registerNewRecordDefaults(newRecordDefaults);
}
