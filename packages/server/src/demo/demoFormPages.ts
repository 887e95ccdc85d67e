import {
  type BoundComponentKind,
  boundComponentAlias,
  type EntityId,
  type LayoutElement,
  newPageContent,
  type PageComponentInput,
  type PageVersionContent,
  type PlacedComponent,
  type Schema,
} from '@plinth/schema';

/** The demo opportunity's custom validation message (spec 03 §5: shown before the rule's own). */
export const positiveAmountMessage = 'An opportunity needs an amount above zero.';

/** A record is found by its name: its form asks for one (the name field itself is optional). */
const named: Partial<PageComponentInput> = { style: { mandatory: true } };

/** Fields two to a row on a wide screen; lists of related records across the page. */
const fieldSpan = 6;

/**
 * A bound component on a member of the demo type, by script name (decision 0086): a field by
 * `fieldId`, a relationship end by `relationshipId` and direction.
 */
function bound(
  schema: Schema,
  typeId: EntityId,
  kind: BoundComponentKind,
  scriptName: string,
  extra: Partial<PageComponentInput> = {},
): PlacedComponent {
  const member = schema.member(typeId, scriptName);
  if (!member) throw new Error(`demo member ${scriptName} is missing`);
  const extendedProperties =
    member.kind === 'field'
      ? { fieldId: member.field.id }
      : { relationshipId: member.rel.id, relationshipDirection: member.direction };
  const isList = kind === 'relationship' || kind === 'documents';
  return {
    component: { id: scriptName, typeAlias: boundComponentAlias(kind), extendedProperties, ...extra },
    ...(isList ? {} : { span: fieldSpan }),
  };
}

/** The bound components of each demo type's record page, in order. */
export function demoFormComponents(schema: Schema, typeAlias: string): PlacedComponent[] {
  const typeId = schema.typeOrThrow(typeAlias).id;
  const b = (kind: BoundComponentKind, script: string, extra?: Partial<PageComponentInput>) =>
    bound(schema, typeId, kind, script, extra);
  switch (typeAlias) {
    case 'crm:opportunity':
      return [
        b('text', 'name', named),
        b('lookup', 'account'),
        b('choice', 'stage'),
        b('currency', 'amount', {
          customValidation: {
            alwaysValidate: false,
            errorMessage: positiveAmountMessage,
            expression: 'isnull([Amount], 0) <= 0',
          },
        }),
        b('date', 'closeDate'),
        b('number', 'daysToClose', { style: { showCalcOnNewRecord: true } }),
        b('number', 'probability'),
        b('lookup', 'primaryContact'),
        b('yesNo', 'won'),
        b('autoNumber', 'reference'),
        b('multilineText', 'nextStep'),
        b('relationship', 'activities'),
      ];
    case 'crm:account':
      return [...accountDetails(schema, typeId), b('relationship', 'contacts'), b('documents', 'documents')];
    case 'crm:contact':
      return [
        b('text', 'name', named),
        b('lookup', 'account'),
        b('text', 'firstName'),
        b('text', 'lastName'),
        b('text', 'email'),
        b('text', 'phone'),
      ];
    case 'crm:activity':
      return [
        b('text', 'name', named),
        b('lookup', 'opportunity'),
        b('dateTime', 'due'),
        b('yesNo', 'done'),
        b('decimal', 'durationHours'),
        b('richText', 'notes'),
      ];
    default:
      throw new Error(`the demo has no form page for ${typeAlias}`);
  }
}

function accountDetails(schema: Schema, typeId: EntityId): PlacedComponent[] {
  return [
    bound(schema, typeId, 'text', 'name', named),
    bound(schema, typeId, 'text', 'industry'),
    bound(schema, typeId, 'text', 'website'),
    bound(schema, typeId, 'text', 'phone'),
    bound(schema, typeId, 'currency', 'annualRevenue'),
    bound(schema, typeId, 'number', 'employees'),
    bound(schema, typeId, 'lookup', 'parentAccount'),
  ];
}

function section(id: string, name: string, placed: PlacedComponent[]): LayoutElement {
  return {
    id,
    name,
    type: 'grid',
    isContainer: true,
    elements: placed.map(
      (p): LayoutElement => ({
        id: p.component.id,
        type: 'component',
        isContainer: false,
        elements: [],
        styles: p.span ? { lg: { columnSpan: p.span as never } } : {},
      }),
    ),
    styles: {},
  };
}

/**
 * The multistep page that creates an account with its first contact (decision 0093): the account's
 * details, then its contacts (a relationship field, so never in the first section).
 */
export function newAccountContent(schema: Schema): PageVersionContent {
  const typeId = schema.typeOrThrow('crm:account').id;
  const details = accountDetails(schema, typeId);
  const contacts = [bound(schema, typeId, 'relationship', 'contacts')];
  const content = newPageContent([...details, ...contacts], { contextEntityTypeId: typeId });
  content.configuration.root.elements = [
    section('accountStep', 'Account', details),
    section('contactStep', 'First contact', contacts),
  ];
  return content;
}
