export * from './apps/appMenu.js';
export * from './apps/appRules.js';
export * from './apps/appThemes.js';
export * from './apps/behaviourRules.js';
export * from './apps/boundComponentTypes.js';
export * from './apps/buttonComponentTypes.js';
export * from './apps/componentTypes.js';
export * from './apps/layoutDrops.js';
export * from './apps/layoutEdits.js';
export * from './apps/layoutOptions.js';
export * from './apps/layoutRules.js';
export * from './apps/menuOrder.js';
export * from './apps/multistepPlacement.js';
export * from './apps/navigation.js';
export * from './apps/newPageContent.js';
export * from './apps/pageAlternates.js';
export * from './apps/pageComponents.js';
export * from './apps/pageDefinition.js';
export * from './apps/pageLayout.js';
export * from './apps/pageValidation.js';
export * from './apps/pageVariables.js';
export * from './apps/pageVersionFormat.js';
export * from './apps/variableValues.js';
export * from './catalogue/ids.js';
export * from './catalogue/systemCatalogue.js';
export * from './contracts/accessAdminContracts.js';
export * from './contracts/accountContracts.js';
export * from './contracts/actionContracts.js';
export * from './contracts/appContracts.js';
export * from './contracts/auditContracts.js';
export * from './contracts/authContracts.js';
export * from './contracts/breadcrumbContracts.js';
export * from './contracts/builderContracts.js';
export * from './contracts/common.js';
export * from './contracts/csvImportContracts.js';
export * from './contracts/deleteEntitiesContracts.js';
export * from './contracts/documentTemplateContracts.js';
export * from './contracts/entityContracts.js';
export * from './contracts/enumValueContracts.js';
export * from './contracts/exportContracts.js';
export * from './contracts/fileContracts.js';
export * from './contracts/formContracts.js';
export * from './contracts/formServiceContracts.js';
export * from './contracts/inlineSaveContracts.js';
export * from './contracts/notificationContracts.js';
export * from './contracts/passwordRules.js';
export * from './contracts/reportAggregateContracts.js';
export * from './contracts/reportContracts.js';
export * from './contracts/settingsContracts.js';
export * from './contracts/taskContracts.js';
export * from './contracts/templateReportContracts.js';
export * from './contracts/tenantContracts.js';
export * from './contracts/typeSchemaContracts.js';
export * from './contracts/uploadMessages.js';
export * from './contracts/userAdminContracts.js';
export * from './contracts/workflowContracts.js';
export * from './display/valueText.js';
export * from './links/linkPolicy.js';
export {
  autoNumberFromDisplay,
  formatAutoNumber,
  isUsableAutoNumberPattern,
} from './metamodel/autoNumberDisplay.js';
export * from './metamodel/definitions.js';
export * from './metamodel/fieldTypes.js';
export * from './metamodel/metamodelRecords.js';
export * from './metamodel/relTypes.js';
export * from './metamodel/Schema.js';
export * from './metamodel/structures.js';
export * from './reports/colours.js';
export * from './reports/columnFormatting.js';
export * from './reports/dateRanges.js';
export * from './reports/operators.js';
export * from './reports/reportDefinition.js';
export * from './richText/richTextExamples.js';
export * from './richText/richTextPolicy.js';
export type { NamedEntity, NameIssue } from './schemaRules/checkNames.js';
export { defaultNewFieldName } from './schemaRules/defaultNewFieldName.js';
export { pluralName } from './schemaRules/pluralName.js';
export {
  choiceRelTypes,
  choiceTargetMessage,
  invalidScriptNameMessage,
  mandatoryEndBrokenMessage,
  scriptNameProblem,
} from './schemaRules/relationshipRules.js';
export { toScriptName } from './schemaRules/toScriptName.js';
export { type FieldBoundIssue, validateFieldBounds } from './schemaRules/validateFieldBounds.js';
export { type MemberNameCandidate, validateMemberNames } from './schemaRules/validateMemberNames.js';
export { validateTypeNames } from './schemaRules/validateTypeNames.js';
export { type DateOrder, dateOrderFor } from './time/dateOrder.js';
export { isKnownTimeZone, type WallClock, wallClockAt, zoneOffsetAt } from './time/wallClock.js';
export {
  compileFieldPattern,
  fieldPatternMaxLength,
  fieldPatternProblem,
} from './validation/fieldPattern.js';
export type { FieldValueResult } from './validation/fieldValueResult.js';
export * from './validation/messages.js';
export {
  isWritableField,
  type ValidateFieldValueOptions,
  validateFieldValue,
} from './validation/validateFieldValue.js';
export { effectiveDecimalPlaces } from './validation/validateNumber.js';
export { effectiveMaxLength, isBlankText } from './validation/validateText.js';
export * from './workflows/workflowDefinition.js';
