import type { EditorParameter } from '@plinth/expression-editor';
import type { WorkflowAssignment } from '@plinth/schema';
import { Button } from '@plinth/ui';
import { Choose } from '../admin/public';
import { WorkflowExpression } from './WorkflowExpression';
import type { MemberErrors } from './workflowDraft';
import { assignableMembers } from './workflowMembers';
import { useTypeSchema, type WorkflowServices } from './workflowServices';

export interface AssignmentListProps {
  services: WorkflowServices;
  /** The step's number, which names its editors ("Step 2: value of Stage"). */
  stepNumber: number;
  /** The Object of the record the step writes; null while it is not known. */
  typeId: number | null;
  values: readonly WorkflowAssignment[];
  /** Changes the values as they are then. */
  onChange: (update: (values: WorkflowAssignment[]) => WorkflowAssignment[]) => void;
  params: readonly EditorParameter[];
  errors: MemberErrors;
}

/**
 * The values a step writes: each row a field or to-one relationship of the record's Object and the
 * expression that gives its value, compiled to that member's type as the server does.
 */
export function AssignmentList({
  services,
  stepNumber,
  typeId,
  values,
  onChange,
  params,
  errors,
}: AssignmentListProps) {
  const schema = useTypeSchema(services.api, typeId);
  const members = schema ? assignableMembers(schema) : [];
  const nameOf = (memberId: number) => members.find((m) => m.id === memberId)?.name;
  const change = (index: number, value: Partial<WorkflowAssignment>) =>
    onChange((list) => list.map((v, i) => (i === index ? { ...v, ...value } : v)));
  return (
    <fieldset className="pl-workflow__values">
      <legend className="pl-workflow__subheading">Values</legend>
      {values.length === 0 && (
        <p className="pl-admin__muted">
          {typeId ? 'No values yet.' : 'Once the Object is known, choose the fields to set.'}
        </p>
      )}
      <ol className="pl-workflow__value-list">
        {values.map((value, index) => {
          const member = value.memberId ? nameOf(value.memberId) : undefined;
          const label = member ?? (value.memberId ? `#${value.memberId}` : `value ${index + 1}`);
          const taken = new Set(values.filter((_, i) => i !== index).map((v) => v.memberId));
          return (
            // A value has no id: its place and member are its identity, and its editor is made
            // again when they change, so the editor's name follows.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <li key={`${index}-${value.memberId}-${label}`} className="pl-workflow__value">
              <Choose
                label="Set"
                options={members.filter((m) => !taken.has(m.id))}
                selected={value.memberId || null}
                onChange={(memberId) => change(index, { memberId })}
                placeholder={
                  schema ? 'Choose a field…' : typeId ? 'Reading the fields…' : 'Choose the Object first'
                }
              />
              {errors[`values.${index}.memberId`] && (
                <p className="pl-field__error" role="alert">
                  {errors[`values.${index}.memberId`]}
                </p>
              )}
              <WorkflowExpression
                api={services.calcApi}
                label="To"
                accessibleName={`Step ${stepNumber}: value of ${label}`}
                value={value.expression}
                onChange={(expression) => change(index, { expression })}
                params={params}
                expectedResultType={members.find((m) => m.id === value.memberId)?.expectedResultType}
                error={errors[`values.${index}.expression`]}
              />
              <Button
                size="small"
                variant="subtle"
                aria-label={`Remove the value of ${label} from step ${stepNumber}`}
                onPress={() => onChange((list) => list.filter((_, i) => i !== index))}
              >
                Remove
              </Button>
            </li>
          );
        })}
      </ol>
      <Button
        size="small"
        variant="outline"
        isDisabled={!typeId}
        onPress={() => onChange((list) => [...list, { memberId: 0, expression: '' }])}
      >
        Add a value
      </Button>
    </fieldset>
  );
}
