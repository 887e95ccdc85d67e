import type { FieldDef, RelationshipDef, TypeDef } from '../metamodel/definitions.js';
import { type FieldType, storageKindOf } from '../metamodel/fieldTypes.js';
import { type RelType, relTypeMeaning } from '../metamodel/relTypes.js';
import { sysField as F, sysRel as R, sysRecord, sysType as T } from './ids.js';

/** A relationship instance of the catalogue (e.g. a field's `fieldIsOnType`). */
export interface CatalogueLink {
  relId: number;
  fromId: number;
  toId: number;
}

function type(id: number, alias: string, name: string, extra: Partial<TypeDef> = {}): TypeDef {
  const scriptName = name.replace(/[^A-Za-z0-9_]/g, '');
  return { id, alias, name, scriptName, isAbstract: false, isChoiceType: false, isSystem: true, ...extra };
}

function field(
  id: number,
  typeId: number,
  scriptName: string,
  fieldType: Exclude<FieldType, 'Calculation'>,
  extra: Partial<FieldDef> = {},
): FieldDef {
  const name = scriptName.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
  return {
    id,
    alias: `core:${scriptName}`,
    name,
    scriptName,
    type: fieldType,
    storage: storageKindOf(fieldType),
    typeId,
    isRequired: false,
    isReadOnly: false,
    ...extra,
  };
}

function rel(
  id: number,
  relType: RelType,
  fromTypeId: number,
  toTypeId: number,
  toScriptName: string,
  fromScriptName: string,
  extra: Partial<RelationshipDef> = {},
): RelationshipDef {
  const label = (s: string) => s.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
  return {
    id,
    alias: `core:${toScriptName}`,
    name: label(toScriptName),
    relType,
    ...relTypeMeaning(relType),
    fromTypeId,
    toTypeId,
    toName: label(toScriptName),
    fromName: label(fromScriptName),
    toScriptName,
    fromScriptName,
    isMandatory: false,
    isReverseMandatory: false,
    ...extra,
  };
}

export const systemTypes: readonly TypeDef[] = [
  type(T.resource, 'core:resource', 'Resource', { isAbstract: true }),
  type(T.type, 'core:type', 'Object', { inheritsId: T.resource }),
  type(T.field, 'core:field', 'Field', { inheritsId: T.resource }),
  type(T.relationship, 'core:relationship', 'Relationship', { inheritsId: T.resource }),
  type(T.fieldGroup, 'core:fieldGroup', 'Field Group', { inheritsId: T.resource }),
  type(T.enumValue, 'core:enumValue', 'Choice Value', { inheritsId: T.resource, isAbstract: true }),
  type(T.tenantSettings, 'core:tenantSettings', 'Tenant Settings', { inheritsId: T.resource }),
  type(T.person, 'core:person', 'Person', { inheritsId: T.resource }),
  type(T.userAccount, 'core:userAccount', 'User Account', { inheritsId: T.resource }),
  type(T.role, 'core:role', 'Role', { inheritsId: T.resource }),
  type(T.accessRule, 'core:accessRule', 'Access Rule', { inheritsId: T.resource }),
  type(T.document, 'core:document', 'Document', { inheritsId: T.resource }),
  type(T.documentFileType, 'core:documentFileType', 'Document File Type', {
    inheritsId: T.enumValue,
    isChoiceType: true,
  }),
  type(T.form, 'core:form', 'Form', { inheritsId: T.resource }),
  type(T.report, 'core:report', 'Report', { inheritsId: T.resource }),
  type(T.app, 'core:app', 'App', { inheritsId: T.resource }),
  type(T.appPage, 'core:appPage', 'App Page', { inheritsId: T.resource }),
  type(T.pageVersion, 'core:pageVersion', 'Page Version', { inheritsId: T.resource }),
  type(T.workflow, 'core:workflow', 'Workflow', { inheritsId: T.resource }),
  type(T.workflowRun, 'core:workflowRun', 'Workflow Run', { inheritsId: T.resource }),
  type(T.userTask, 'core:userTask', 'User Task', { inheritsId: T.resource }),
  type(T.notification, 'core:notification', 'Notification', { inheritsId: T.resource }),
  type(T.documentTemplate, 'core:documentTemplate', 'Document Template', { inheritsId: T.resource }),
];

const readOnly = { isReadOnly: true };

export const systemFields: readonly FieldDef[] = [
  field(F.name, T.resource, 'name', 'Text', { column: 'name' }),
  field(F.description, T.resource, 'description', 'MultilineText'),
  field(F.createdDate, T.resource, 'createdDate', 'DateTime', { ...readOnly, column: 'created_at' }),
  field(F.modifiedDate, T.resource, 'modifiedDate', 'DateTime', { ...readOnly, column: 'modified_at' }),
  field(F.alias, T.resource, 'alias', 'Text', { maxLength: 100, column: 'alias' }),
  field(F.typeScriptName, T.type, 'typeScriptName', 'Text', { maxLength: 100 }),
  field(F.isAbstract, T.type, 'isAbstract', 'Boolean'),
  field(F.typeIcon, T.type, 'typeIcon', 'Text', { maxLength: 100, name: 'Icon' }),
  field(F.fieldType, T.field, 'fieldType', 'Text', { isRequired: true, maxLength: 50 }),
  field(F.fieldScriptName, T.field, 'fieldScriptName', 'Text', { maxLength: 100 }),
  field(F.defaultValue, T.field, 'defaultValue', 'Text'),
  field(F.isRequired, T.field, 'isRequired', 'Boolean'),
  field(F.isFieldReadOnly, T.field, 'isFieldReadOnly', 'Boolean'),
  field(F.minLength, T.field, 'minLength', 'Number'),
  field(F.maxLength, T.field, 'maxLength', 'Number'),
  field(F.pattern, T.field, 'pattern', 'Text'),
  field(F.regexDescription, T.field, 'regexDescription', 'Text'),
  field(F.minInt, T.field, 'minInt', 'Number'),
  field(F.maxInt, T.field, 'maxInt', 'Number'),
  field(F.minDecimal, T.field, 'minDecimal', 'Decimal', { decimalPlaces: 10 }),
  field(F.maxDecimal, T.field, 'maxDecimal', 'Decimal', { decimalPlaces: 10 }),
  field(F.decimalPlaces, T.field, 'decimalPlaces', 'Number', { minInt: 0, maxInt: 10 }),
  field(F.minDate, T.field, 'minDate', 'Date'),
  field(F.maxDate, T.field, 'maxDate', 'Date'),
  field(F.minTime, T.field, 'minTime', 'Time'),
  field(F.maxTime, T.field, 'maxTime', 'Time'),
  field(F.minDateTime, T.field, 'minDateTime', 'DateTime'),
  field(F.maxDateTime, T.field, 'maxDateTime', 'DateTime'),
  field(F.autoNumberSeed, T.field, 'autoNumberSeed', 'Number'),
  field(F.autoNumberDisplayPattern, T.field, 'autoNumberDisplayPattern', 'Text'),
  field(F.fieldCalculation, T.field, 'fieldCalculation', 'MultilineText'),
  field(F.calcResultType, T.field, 'calcResultType', 'Text', { maxLength: 50 }),
  field(F.fieldRepresents, T.field, 'fieldRepresents', 'Text', { maxLength: 50 }),
  field(F.allowMultiLines, T.field, 'allowMultiLines', 'Boolean'),
  field(F.relType, T.relationship, 'relType', 'Text', { isRequired: true, maxLength: 50 }),
  field(F.cardinality, T.relationship, 'cardinality', 'Text', { maxLength: 50 }),
  field(F.toName, T.relationship, 'toName', 'Text'),
  field(F.fromName, T.relationship, 'fromName', 'Text'),
  field(F.toScriptName, T.relationship, 'toScriptName', 'Text', { maxLength: 100 }),
  field(F.fromScriptName, T.relationship, 'fromScriptName', 'Text', { maxLength: 100 }),
  field(F.relationshipIsMandatory, T.relationship, 'relationshipIsMandatory', 'Boolean'),
  field(F.revRelationshipIsMandatory, T.relationship, 'revRelationshipIsMandatory', 'Boolean'),
  field(F.cascadeDelete, T.relationship, 'cascadeDelete', 'Boolean'),
  field(F.cascadeDeleteTo, T.relationship, 'cascadeDeleteTo', 'Boolean'),
  field(F.relationshipIsStructure, T.relationship, 'relationshipIsStructure', 'Boolean'),
  field(F.securesTo, T.relationship, 'securesTo', 'Boolean'),
  field(F.securesFrom, T.relationship, 'securesFrom', 'Boolean'),
  field(F.defaultToUseCurrent, T.relationship, 'defaultToUseCurrent', 'Boolean'),
  field(F.defaultFromUseCurrent, T.relationship, 'defaultFromUseCurrent', 'Boolean'),
  field(F.enumOrder, T.enumValue, 'enumOrder', 'Number'),
  field(F.enumColour, T.enumValue, 'enumColour', 'Text', { represents: 'color', maxLength: 50 }),
  field(F.enumIcon, T.enumValue, 'enumIcon', 'Text', { maxLength: 100 }),
  field(F.enumRetired, T.enumValue, 'enumRetired', 'Boolean'),
  field(F.currencySymbol, T.tenantSettings, 'currencySymbol', 'Text', { maxLength: 5 }),
  field(F.timeZone, T.tenantSettings, 'timeZone', 'Text', { represents: 'timeZone', maxLength: 64 }),
  field(F.locale, T.tenantSettings, 'locale', 'Text', { maxLength: 20 }),
  field(F.financialYearStartMonth, T.tenantSettings, 'financialYearStartMonth', 'Number', {
    minInt: 1,
    maxInt: 12,
  }),
  field(F.nameFieldLabel, T.tenantSettings, 'nameFieldLabel', 'Text', { maxLength: 100 }),
  field(F.confirmExternalLinks, T.tenantSettings, 'confirmExternalLinks', 'Boolean'),
  field(F.firstName, T.person, 'firstName', 'Text'),
  field(F.lastName, T.person, 'lastName', 'Text'),
  field(F.email, T.person, 'email', 'Text', { represents: 'email' }),
  // Written only by the user administration (decision 0045), which ends sessions as it disables.
  field(F.accountDisabled, T.userAccount, 'accountDisabled', 'Boolean', readOnly),
  field(F.mustChangePassword, T.userAccount, 'mustChangePassword', 'Boolean', readOnly),
  field(F.canRead, T.accessRule, 'canRead', 'Boolean'),
  field(F.canCreate, T.accessRule, 'canCreate', 'Boolean'),
  field(F.canModify, T.accessRule, 'canModify', 'Boolean'),
  field(F.canDelete, T.accessRule, 'canDelete', 'Boolean'),
  field(F.ownedOnly, T.accessRule, 'ownedOnly', 'Boolean'),
  field(F.accessRuleCalculation, T.accessRule, 'accessRuleCalculation', 'MultilineText'),
  // A document's file is described by the server that stored it: never written through a put.
  field(F.fileDataHash, T.document, 'fileDataHash', 'Text', { maxLength: 64, isReadOnly: true }),
  field(F.fileExtension, T.document, 'fileExtension', 'Text', { maxLength: 20, isReadOnly: true }),
  field(F.fileSize, T.document, 'size', 'Number', { minInt: 0, isReadOnly: true }),
  field(F.fileTypeExtensions, T.documentFileType, 'fileTypeExtensions', 'Text'),
  field(F.reportDefinition, T.report, 'reportDefinition', 'MultilineText'),
  field(F.formDefinition, T.form, 'formDefinition', 'MultilineText'),
  // An app's address in the runner, /apps/{uiAppSlug}/… (spec 01 §3).
  field(F.uiAppSlug, T.app, 'uiAppSlug', 'Text', { maxLength: 100, name: 'URL slug' }),
  ...appFields(),
  ...appPageFields(),
  // A page version's whole content as JSON (pageVersionContent of @plinth/schema, decision 0062),
  // in the shape its format number names.
  field(F.pageVersionContent, T.pageVersion, 'pageVersionContent', 'MultilineText', {
    name: 'Content',
    maxLength: 100_000,
  }),
  field(F.pageVersionFormat, T.pageVersion, 'pageVersionFormat', 'Number', {
    name: 'Content format',
    minInt: 1,
    maxInt: 1000,
  }),
  ...workflowFields(),
];

/**
 * The system fields whose values are JSON the platform keeps — definitions, a page's content, an
 * app's menu, a run's state — rather than text a person looks for: a record's search document
 * leaves them out, so a workflow step rewriting its run's state does not rewrite the run's
 * full-text entries (decision 0132). Keyed as the records' values are, by field id as text.
 */
export const unsearchedFields: ReadonlySet<string> = new Set(
  [
    F.reportDefinition,
    F.formDefinition,
    F.pageVersionContent,
    F.workflowDefinition,
    F.workflowRunState,
    F.uiAppMenu,
    F.uiAppConfiguration,
  ].map(String),
);

/** The fields of workflows, their runs, user tasks and notifications (spec 03 §3, decision 0126). */
function workflowFields(): FieldDef[] {
  return [
    // JSON of workflowDefinition (@plinth/schema), its expressions compiled on every write.
    field(F.workflowDefinition, T.workflow, 'workflowDefinition', 'MultilineText', {
      name: 'Definition',
      maxLength: 200_000,
    }),
    // A run is written by the workflow engine only.
    field(F.workflowRunStatus, T.workflowRun, 'workflowRunStatus', 'Text', {
      ...readOnly,
      name: 'Status',
      maxLength: 40,
    }),
    field(F.runCompletedAt, T.workflowRun, 'runCompletedAt', 'DateTime', {
      ...readOnly,
      name: 'Completed at',
    }),
    field(F.runStepCounter, T.workflowRun, 'runStepCounter', 'Number', { ...readOnly, name: 'Steps run' }),
    field(F.workflowRunState, T.workflowRun, 'workflowRunState', 'MultilineText', {
      ...readOnly,
      name: 'State',
      maxLength: 1_000_000,
    }),
    field(F.userTaskIsComplete, T.userTask, 'userTaskIsComplete', 'Boolean', {
      name: 'Complete',
      defaultValue: 'false',
    }),
    field(F.openInEditMode, T.userTask, 'openInEditMode', 'Boolean', {
      ...readOnly,
      name: 'Open in edit mode',
    }),
    field(F.promptForTaskIsPopup, T.userTask, 'promptForTaskIsPopup', 'Boolean', {
      ...readOnly,
      name: 'Open in a popup',
    }),
    field(F.taskDueDate, T.userTask, 'taskDueDate', 'Date', { name: 'Due' }),
    field(F.taskCompletedAt, T.userTask, 'taskCompletedAt', 'DateTime', {
      ...readOnly,
      name: 'Completed at',
    }),
    field(F.notificationIsRead, T.notification, 'notificationIsRead', 'Boolean', {
      name: 'Read',
      defaultValue: 'false',
    }),
    field(F.notificationMessage, T.notification, 'notificationMessage', 'MultilineText', {
      ...readOnly,
      name: 'Message',
      maxLength: 10_000,
    }),
    field(F.notificationEmailState, T.notification, 'notificationEmailState', 'Text', {
      ...readOnly,
      name: 'Email',
      maxLength: 20,
    }),
  ];
}

/** The app's fields with the spec's initial values (spec 01 §3). */
function appFields(): FieldDef[] {
  const app = (
    id: number,
    script: string,
    fieldType: Exclude<FieldType, 'Calculation'>,
    name: string,
    extra: Partial<FieldDef> = {},
  ) => field(id, T.app, script, fieldType, { name, ...extra });
  return [
    app(F.uiAppAlias, 'uiAppAlias', 'Text', 'Display name', { maxLength: 80 }),
    // JSON of appMenu (menuOrder, menuFolders, otherOrder, otherFolders).
    app(F.uiAppMenu, 'uiAppMenu', 'MultilineText', 'Menu', { maxLength: 100_000 }),
    app(F.uiAppMenuShowDefault, 'uiAppMenuShowDefault', 'Boolean', 'Show the default page in the menu', {
      defaultValue: 'true',
    }),
    app(F.uiAppMenuShowAppName, 'uiAppMenuShowAppName', 'Boolean', 'Show the app name', {
      defaultValue: 'false',
    }),
    app(F.uiAppMenuAppNameHome, 'uiAppMenuAppNameHome', 'Boolean', 'App name links to the home page', {
      defaultValue: 'false',
    }),
    app(F.uiAppMenuAppNameAlign, 'uiAppMenuAppNameAlign', 'Text', 'App name alignment', {
      maxLength: 10,
      defaultValue: 'left',
    }),
    app(F.uiAppVersion, 'uiAppVersion', 'Text', 'Version', { maxLength: 40, defaultValue: '1.0.0' }),
    app(F.uiAppEnabled, 'uiAppEnabled', 'Boolean', 'Enabled', { defaultValue: 'false' }),
    app(F.uiAppAnonymousAccess, 'uiAppAnonymousAccess', 'Boolean', 'Allow anonymous access', {
      defaultValue: 'false',
    }),
    app(F.uiAppIcon, 'uiAppIcon', 'Text', 'Icon', { maxLength: 100 }),
    // JSON: the app's configuration (theme settings and options the runner reads).
    app(F.uiAppConfiguration, 'uiAppConfiguration', 'MultilineText', 'Configuration', { maxLength: 100_000 }),
    app(F.uiAppTheme, 'uiAppTheme', 'Text', 'Theme', { maxLength: 100 }),
    app(F.uiAppFooterText, 'uiAppFooterText', 'Text', 'Footer text', { maxLength: 500 }),
    app(F.uiAppHeaderBackgroundColour, 'uiAppHeaderBackgroundColour', 'Text', 'Header background colour', {
      represents: 'color',
      maxLength: 50,
    }),
    app(F.uiAppHeaderTextColour, 'uiAppHeaderTextColour', 'Text', 'Header text colour', {
      represents: 'color',
      maxLength: 50,
    }),
  ];
}

/** The app page's fields (spec 01 §3). */
function appPageFields(): FieldDef[] {
  const page = (
    id: number,
    script: string,
    fieldType: Exclude<FieldType, 'Calculation'>,
    name: string,
    extra: Partial<FieldDef> = {},
  ) => field(id, T.appPage, script, fieldType, { name, ...extra });
  return [
    page(F.appPageSlug, 'appPageSlug', 'Text', 'URL slug', { maxLength: 100 }),
    page(F.upgradeId, 'upgradeId', 'Text', 'Upgrade id', { maxLength: 100 }),
    page(F.appPageHidden, 'appPageHidden', 'Boolean', 'Hidden', { defaultValue: 'false' }),
    page(F.appPageShowMenu, 'appPageShowMenu', 'Boolean', 'Show the menu', { defaultValue: 'true' }),
    page(F.appPageShowInSitemap, 'appPageShowInSitemap', 'Boolean', 'Show in the sitemap', {
      defaultValue: 'true',
    }),
    page(F.appPageType, 'appPageType', 'Text', 'Page type', { maxLength: 40, defaultValue: 'default' }),
    page(F.appPageIcon, 'appPageIcon', 'Text', 'Icon', { maxLength: 100 }),
    page(F.appPageIconBackgroundColor, 'appPageIconBackgroundColor', 'Text', 'Icon background colour', {
      represents: 'color',
      maxLength: 50,
    }),
  ];
}

export const systemRelationships: readonly RelationshipDef[] = [
  rel(R.isOfType, 'lookup', T.resource, T.type, 'isOfType', 'instancesOfType', {
    isMandatory: true,
    column: 'type_id',
  }),
  rel(R.createdBy, 'lookup', T.resource, T.userAccount, 'createdBy', 'createdRecords', {
    column: 'created_by',
  }),
  rel(R.lastModifiedBy, 'lookup', T.resource, T.userAccount, 'lastModifiedBy', 'modifiedRecords', {
    column: 'modified_by',
  }),
  rel(R.securityOwner, 'lookup', T.resource, T.userAccount, 'securityOwner', 'ownedRecords', {
    column: 'owner_id',
  }),
  rel(R.inherits, 'lookup', T.type, T.type, 'inherits', 'derivedTypes'),
  rel(R.fieldIsOnType, 'componentOf', T.field, T.type, 'fieldIsOnType', 'fields', { isMandatory: true }),
  rel(R.fieldInGroup, 'lookup', T.field, T.fieldGroup, 'fieldInGroup', 'fieldsInGroup'),
  rel(R.fieldGroupOnType, 'componentOf', T.fieldGroup, T.type, 'fieldGroupOnType', 'fieldGroups'),
  rel(R.fromType, 'componentOf', T.relationship, T.type, 'fromType', 'relationships', { isMandatory: true }),
  rel(R.toType, 'componentOf', T.relationship, T.type, 'toType', 'reverseRelationships', {
    isMandatory: true,
  }),
  rel(R.defaultEditForm, 'lookup', T.type, T.form, 'defaultEditForm', 'defaultEditFormOfTypes'),
  rel(
    R.defaultEditRecordPage,
    'lookup',
    T.type,
    T.appPage,
    'defaultEditRecordPage',
    'isDefaultEditRecordPageForEntityType',
  ),
  rel(R.defaultDisplayReport, 'lookup', T.type, T.report, 'defaultDisplayReport', 'displayReportOfTypes'),
  rel(R.defaultPickerReport, 'lookup', T.type, T.report, 'defaultPickerReport', 'pickerReportOfTypes'),
  ...relationshipReports(),
  rel(R.userHasRole, 'manyToMany', T.userAccount, T.role, 'userHasRole', 'roleMembers'),
  rel(R.accountHolder, 'singleLookup', T.userAccount, T.person, 'accountHolder', 'userAccount'),
  rel(R.accessRuleRole, 'componentOf', T.accessRule, T.role, 'accessRuleRole', 'accessRules', {
    isMandatory: true,
  }),
  rel(R.accessRuleType, 'componentOf', T.accessRule, T.type, 'accessRuleType', 'accessRulesOnType', {
    isMandatory: true,
  }),
  rel(R.documentFileType, 'choiceField', T.document, T.documentFileType, 'documentFileType', 'documents', {
    alias: 'core:documentHasFileType',
  }),
  // The report an app opens on, standing in for its default page until apps have pages (decision 0036).
  rel(R.appHomeReport, 'lookup', T.app, T.report, 'appHomeReport', 'homeReportOfApps'),
  // Apps and pages (spec 01 §3). Empty display lists mean everyone may display the app or page.
  rel(R.allowedDisplayUiAppBy, 'manyToMany', T.app, T.role, 'allowedDisplayUiAppBy', 'appsDisplayedToRole'),
  rel(R.appsDefaultPage, 'lookup', T.app, T.appPage, 'appsDefaultPage', 'defaultPageOfApps'),
  rel(R.pageInApp, 'componentOf', T.appPage, T.app, 'pageInApp', 'appsPages', { isMandatory: true }),
  rel(
    R.allowedDisplayAppPageBy,
    'manyToMany',
    T.appPage,
    T.role,
    'allowedDisplayAppPageBy',
    'pagesDisplayedToRole',
  ),
  rel(
    R.alternateMultistepPage,
    'singleLookup',
    T.appPage,
    T.appPage,
    'alternateMultistepPage',
    'multistepPageOf',
  ),
  rel(
    R.alternateEditRecordPage,
    'singleLookup',
    T.appPage,
    T.appPage,
    'alternateEditRecordPage',
    'editRecordPageOf',
  ),
  // A page's versions are its components: deleting the page deletes them.
  rel(
    R.pagePublishedVersion,
    'singleComponent',
    T.appPage,
    T.pageVersion,
    'pagePublishedVersion',
    'publishedVersionOfPage',
  ),
  rel(
    R.pageDraftVersion,
    'singleComponent',
    T.appPage,
    T.pageVersion,
    'pageDraftVersion',
    'draftVersionOfPage',
  ),
  ...workflowRelationships(),
];

/** How runs, tasks and notifications point at their workflow, user and record (decision 0126). */
function workflowRelationships(): RelationshipDef[] {
  return [
    rel(R.runOfWorkflow, 'lookup', T.workflowRun, T.workflow, 'runOfWorkflow', 'workflowRuns'),
    rel(R.taskInRun, 'componentOf', T.userTask, T.workflowRun, 'taskInRun', 'tasksOfRun'),
    rel(R.assignedToUser, 'lookup', T.userTask, T.userAccount, 'assignedToUser', 'assignedTasks'),
    rel(R.taskReferencesRecord, 'lookup', T.userTask, T.resource, 'taskReferencesRecord', 'tasksAboutRecord'),
    rel(R.formToUse, 'lookup', T.userTask, T.appPage, 'formToUse', 'tasksUsingForm'),
    rel(
      R.notificationRecipient,
      'lookup',
      T.notification,
      T.userAccount,
      'notificationRecipient',
      'notifications',
    ),
    rel(
      R.notificationAboutRecord,
      'lookup',
      T.notification,
      T.resource,
      'notificationAboutRecord',
      'notificationsAboutRecord',
    ),
    rel(
      R.workflowRunnableBy,
      'manyToMany',
      T.workflow,
      T.role,
      'workflowRunnableBy',
      'workflowsRunnableByRole',
    ),
    rel(R.templateForType, 'lookup', T.documentTemplate, T.type, 'templateForType', 'documentTemplates'),
    rel(R.templateDocument, 'lookup', T.documentTemplate, T.document, 'templateDocument', 'templateOf'),
  ];
}

/** The display and picker report of each end of a relationship (decision 0100). */
function relationshipReports(): RelationshipDef[] {
  return [
    rel(R.toDisplayReport, 'lookup', T.relationship, T.report, 'toDisplayReport', 'toDisplayReportOf'),
    rel(R.toPickerReport, 'lookup', T.relationship, T.report, 'toPickerReport', 'toPickerReportOf'),
    rel(R.fromDisplayReport, 'lookup', T.relationship, T.report, 'fromDisplayReport', 'fromDisplayReportOf'),
    rel(R.fromPickerReport, 'lookup', T.relationship, T.report, 'fromPickerReport', 'fromPickerReportOf'),
  ];
}

/** The catalogue's fixed records other than its types, fields and relationships. */
export const systemRecords: ReadonlyArray<{
  id: number;
  typeId: number;
  alias: string;
  name: string;
  data?: Record<string, string | number | boolean>;
}> = [
  {
    id: sysRecord.administratorsRole,
    typeId: T.role,
    alias: 'core:administratorsRole',
    name: 'Administrators',
  },
  { id: sysRecord.everyoneRole, typeId: T.role, alias: 'core:everyoneRole', name: 'Everyone' },
  // Holds the form (record) pages; never listed as an app (spec 01 §2, §6).
  {
    id: sysRecord.sharedApp,
    typeId: T.app,
    alias: 'core:sharedApp',
    name: 'Shared pages',
    data: { [F.uiAppSlug]: 'shared', [F.uiAppEnabled]: true, [F.uiAppVersion]: '1.0.0' },
  },
];
