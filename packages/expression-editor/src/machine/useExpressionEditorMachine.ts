import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { CalcEditorApi } from '../api/calcEditorApi';
import { editorActors } from './editorActors';
import { expressionEditorMachine } from './expressionEditorMachine';
import type { EditorSettings } from './expressionEditorTypes';

/**
 * The editor machine for a component: its compile actors over `api`, typing reported through
 * `onValueChange` (300 ms after the last keystroke), and a CHANGE sent when a setting prop changes.
 */
export function useExpressionEditorMachine(
  api: CalcEditorApi,
  settings: Omit<EditorSettings, 'expression'> & { expression: string },
  evaluateOnLoad: boolean,
  onValueChange: ((expression: string) => void) | undefined,
) {
  const report = useRef(onValueChange);
  report.current = onValueChange;
  const actor = useActorRef(
    expressionEditorMachine.provide({
      actors: editorActors(api),
      actions: { reportChange: ({ context }) => report.current?.(context.settings.expression) },
    }),
    { input: { settings, evaluateOnLoad } },
  );
  const { host, context, params, expectedResultType, calcFieldId, isDisabled } = settings;
  const paramsKey = JSON.stringify(params);
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: params are compared by value (paramsKey).
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    actor.send({
      type: 'CHANGE',
      settings: { host, context, params, expectedResultType, calcFieldId, isDisabled },
    });
  }, [actor, host, context, paramsKey, expectedResultType, calcFieldId, isDisabled]);
  useEffect(() => () => actor.getSnapshot().context.abort?.abort(), [actor]);
  const snapshot = useSelector(actor, (s) => s);
  return { actor, snapshot };
}
