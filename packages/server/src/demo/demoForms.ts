import type { EntityChange, FormControl, FormDefinition, Schema } from '@plinth/schema';
import { generatedForm } from '../forms/formDefinitions.js';

/** The demo's rule for won opportunities, shown when an inline edit breaks it. */
export const wonOpportunityMessage = 'A won opportunity needs an amount of at least 1,000.';

/**
 * The Opportunity's default edit form: every field and relationship (as the generated form has
 * them), with a custom validation on Amount — a Closed Won opportunity needs an amount of at least
 * 1,000 — and Amount shown required. The seeded amounts are all above it, so the rule only speaks
 * up when someone edits one, e.g. in the Opportunities report's inline edit.
 */
export function demoForms(schema: Schema): EntityChange[] {
  const opportunity = schema.typeOrThrow('crm:opportunity');
  const amount = schema.member(opportunity.id, 'amount');
  if (amount?.kind !== 'field') throw new Error('demo member crm:opportunity.amount is missing');
  const generated = generatedForm(schema, opportunity).definition;
  const controls: FormControl[] = generated.controls.map((c) =>
    c.fieldToRender === amount.field.id
      ? {
          ...c,
          id: 'amount',
          mandatory: true,
          customValidationCalculation: "[Stage] = 'Closed Won' and isnull([Amount], 0) < 1000",
          customValidationMessage: wonOpportunityMessage,
        }
      : c,
  );
  const definition: FormDefinition = {
    version: 1,
    typeId: opportunity.id,
    controls,
    containers: generated.containers,
  };
  return [
    {
      id: 'new:opportunityForm',
      typeId: 'core:form',
      fields: {
        name: 'Opportunity',
        alias: 'crm:opportunityForm',
        formDefinition: JSON.stringify(definition),
      },
    },
    { id: opportunity.id, relationships: { defaultEditForm: { set: ['new:opportunityForm'] } } },
  ];
}
