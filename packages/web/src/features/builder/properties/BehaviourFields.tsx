import {
  type ElementBehaviour,
  type LayoutElement,
  readOnlyOperators,
  setElementBehaviour,
  styleAt,
  visibilityOperators,
} from '@plinth/schema';
import { Check, PropertySelect } from '../../admin/public';
import { ExpressionProperty } from './ExpressionProperty';
import { changeStyle, type PanelEdit } from './panelEdit';

const visibilityNames: Record<(typeof visibilityOperators)[number], string> = {
  none: 'Always visible',
  visibleWhen: 'Visible when',
  visibleExcept: 'Visible except when',
};
const readOnlyNames: Record<(typeof readOnlyOperators)[number], string> = {
  none: 'Never read-only',
  readOnlyWhen: 'Read-only when',
  readOnlyExcept: 'Read-only except when',
};

const noBehaviour: ElementBehaviour = { visibilityOperator: 'none', readOnlyOperator: 'none' };

/** A behaviour with nothing set is no behaviour. */
function normalised(b: ElementBehaviour): ElementBehaviour | undefined {
  const isEmpty =
    b.visibilityOperator === 'none' &&
    b.readOnlyOperator === 'none' &&
    !b.visibility?.trim() &&
    !b.readOnly?.trim();
  return isEmpty ? undefined : b;
}

/** Whether the element is hidden at a breakpoint from the wider breakpoints' styles alone. */
function isHiddenByWider(element: LayoutElement, bp: PanelEdit['breakpoint']): boolean {
  const { hidden: _, ...own } = element.styles[bp] ?? {};
  return styleAt({ ...element.styles, [bp]: own }, bp).hidden === true;
}

export interface BehaviourFieldsProps {
  edit: PanelEdit;
  element: LayoutElement;
  /** Components also have a read-only expression (spec 01 §4). */
  hasReadOnly: boolean;
}

/**
 * Display at the builder's breakpoint, and the visibility (and read-only) expression with its
 * operator (spec 01 §4). Hiding at a breakpoint is its style's `hidden`; showing it where a wider
 * breakpoint hides it sets `hidden: false` there.
 */
export function BehaviourFields({ edit, element, hasReadOnly }: BehaviourFieldsProps) {
  const { content, onChange, breakpoint } = edit;
  const behaviour = element.behavior ?? noBehaviour;
  const set = (change: Partial<ElementBehaviour>, key?: string) =>
    onChange(setElementBehaviour(content, element.id, normalised({ ...behaviour, ...change })), key);
  const isShown = styleAt(element.styles, breakpoint).hidden !== true;
  return (
    <>
      <Check
        isSelected={isShown}
        onChange={(on) =>
          changeStyle(edit, element, {
            hidden: on ? (isHiddenByWider(element, breakpoint) ? false : undefined) : true,
          })
        }
      >
        Display
      </Check>
      <PropertySelect
        label="Visibility"
        options={visibilityOperators.map((id) => ({ id, name: visibilityNames[id] }))}
        value={behaviour.visibilityOperator}
        onChange={(visibilityOperator) => set({ visibilityOperator })}
      />
      {behaviour.visibilityOperator !== 'none' && (
        <ExpressionProperty
          key={`${element.id}:visibility`}
          label="Visibility expression"
          value={behaviour.visibility ?? ''}
          onChange={(visibility) => set({ visibility }, `${element.id}:visibility`)}
          content={content}
          services={edit.services}
          expectedResultType="Bool"
        />
      )}
      {hasReadOnly && (
        <>
          <PropertySelect
            label="Read-only"
            options={readOnlyOperators.map((id) => ({ id, name: readOnlyNames[id] }))}
            value={behaviour.readOnlyOperator}
            onChange={(readOnlyOperator) => set({ readOnlyOperator })}
          />
          {behaviour.readOnlyOperator !== 'none' && (
            <ExpressionProperty
              key={`${element.id}:readOnly`}
              label="Read-only expression"
              value={behaviour.readOnly ?? ''}
              onChange={(readOnly) => set({ readOnly }, `${element.id}:readOnly`)}
              content={content}
              services={edit.services}
              expectedResultType="Bool"
            />
          )}
        </>
      )}
    </>
  );
}
