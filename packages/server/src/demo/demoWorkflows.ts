import {
  type EntityChange,
  type PlacedComponent,
  type Schema,
  sysField,
  type WorkflowDefinition,
} from '@plinth/schema';

/** A member of a demo type by script name, as a workflow assignment names it. */
function memberId(schema: Schema, typeAlias: string, scriptName: string): number {
  const member = schema.member(schema.typeOrThrow(typeAlias).id, scriptName);
  if (!member) throw new Error(`demo member ${scriptName} is missing`);
  return member.kind === 'field' ? member.field.id : member.rel.id;
}

/**
 * "Mark won" (issue 21 item 8): sets the opportunity's stage and close date, creates a follow-up
 * activity on it, gives the account's owner a task to make the call, and tells them.
 */
export function markWonDefinition(schema: Schema): WorkflowDefinition {
  const opportunity = schema.typeOrThrow('crm:opportunity').id;
  const m = (type: string, script: string) => memberId(schema, type, script);
  return {
    arguments: [
      { name: 'Opportunity', type: 'core:resourceArgument', entityTypeId: opportunity, required: true },
    ],
    steps: [
      {
        id: 'won',
        name: 'Mark the opportunity won',
        kind: 'setFields',
        record: '[Opportunity]',
        values: [
          { memberId: m('crm:opportunity', 'stage'), expression: "resource(Stage, 'Closed Won')" },
          { memberId: m('crm:opportunity', 'closeDate'), expression: 'today()' },
          { memberId: m('crm:opportunity', 'won'), expression: 'true' },
          { memberId: m('crm:opportunity', 'probability'), expression: '100' },
        ],
      },
      {
        id: 'followUp',
        name: 'Create the follow-up activity',
        kind: 'createRecord',
        typeId: schema.typeOrThrow('crm:activity').id,
        values: [
          { memberId: sysField.name, expression: "$'Thank-you call: {[Opportunity].Name}'" },
          { memberId: m('crm:activity', 'opportunity'), expression: '[Opportunity]' },
          { memberId: m('crm:activity', 'due'), expression: 'dateadd(day, 2, now())' },
        ],
        saveAs: 'FollowUp',
      },
      {
        id: 'task',
        name: "Ask the account's owner to call",
        kind: 'assignTask',
        title: "$'Call {[Opportunity].Account.Name} to thank them'",
        assignee: 'isnull([Opportunity].Account.securityOwner, [Opportunity].securityOwner)',
        record: '@FollowUp',
        dueInDays: 2,
        popup: false,
        editMode: true,
        wait: false,
      },
      {
        id: 'tell',
        name: "Tell the account's owner",
        kind: 'notify',
        recipient: 'isnull([Opportunity].Account.securityOwner, [Opportunity].securityOwner)',
        subject: "$'{[Opportunity].Name} was won'",
        message: "$'A follow-up call is due by {totext(dateadd(day, 2, today()))}.'",
        record: '[Opportunity]',
        email: true,
      },
    ],
  };
}

/** The demo's workflows, written before the pages that have buttons for them. */
export function demoWorkflowChanges(schema: Schema): EntityChange[] {
  return [
    {
      id: 'new:markWon',
      typeId: 'core:workflow',
      fields: {
        name: 'Mark won',
        alias: 'crm:markWon',
        description: 'Closes an opportunity as won and follows up with the account.',
        workflowDefinition: JSON.stringify(markWonDefinition(schema)),
      },
    },
  ];
}

/** The "Mark won" button of the opportunity's record page. */
export function markWonButton(workflowId: number): PlacedComponent {
  return {
    component: {
      id: 'markWon',
      typeAlias: 'core:launchProcessPageButton',
      name: 'Mark won',
      properties: {
        text: 'Mark won',
        workflowId,
        primaryResourceAsInput: true,
        primaryResourceArgument: 'Opportunity',
      },
    },
    // No span: the whole row above the fields, as a form's action bar.
  };
}
