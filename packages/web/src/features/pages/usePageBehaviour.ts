import {
  type BehaviourResult,
  behaviourExpressions,
  type PageBehaviour,
  type PageVersionContent,
  resolvePageBehaviour,
} from '@plinth/schema';
import { useEffect, useMemo, useState } from 'react';
import type { ApiClient } from '../../api/apiClient';
import { evalBehaviourExpressions } from './behaviourApi';
import type { PageBus } from './pageBus';
import type { PageContext } from './pageRendererTypes';
import { pageParams } from './pageVariables';

/** Re-evaluations after variable changes wait this long for more changes. */
const variableDebounceMs = 150;

/**
 * Visibility and read-only of a page's elements (spec 01 §4): every behaviour expression of the
 * page in one call against its record and variables, again after a refresh, a save or a change of
 * a variable an expression names. Until an answer comes, and when the call fails, every element
 * shows (no result means visible). Changes go on the bus as VISIBILITY_CHANGED and READ_ONLY_CHANGED.
 */
export function usePageBehaviour(
  client: Pick<ApiClient, 'call'>,
  content: PageVersionContent,
  context: PageContext,
  bus: PageBus,
): PageBehaviour {
  const root = content.configuration.root;
  const expressions = useMemo(() => behaviourExpressions(root), [root]);
  const [results, setResults] = useState<Record<string, BehaviourResult>>({});
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (expressions.length === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const again = () => setRound((n) => n + 1);
    const stop = bus.subscribe((message) => {
      if (message.type === 'REFRESH' || (message.type === 'SAVE_SUCCEEDED' && !message.componentId)) again();
      if (message.type === 'VARIABLE_CHANGED') {
        clearTimeout(timer);
        timer = setTimeout(again, variableDebounceMs);
      }
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [bus, expressions]);

  const recordId = context.record?.id ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` asks for a new evaluation.
  useEffect(() => {
    if (expressions.length === 0) {
      setResults({});
      return;
    }
    const controller = new AbortController();
    const params = pageParams(context, content.variables, bus.variables(), expressions);
    evalBehaviourExpressions(
      client,
      {
        contextEntity: recordId,
        expressions: Object.fromEntries(expressions.map((e) => [e.name, e.expression])),
        params,
      },
      controller.signal,
    )
      .then(setResults)
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('The page rules could not be evaluated; every element shows', error);
        setResults({});
      });
    return () => controller.abort();
  }, [client, expressions, recordId, round, bus]);

  const behaviour = useMemo(() => resolvePageBehaviour(root, results), [root, results]);
  useEffect(() => {
    if (expressions.length === 0) return;
    bus.send({ type: 'VISIBILITY_CHANGED', visible: behaviour.visible });
    bus.send({ type: 'READ_ONLY_CHANGED', readOnly: behaviour.readOnly });
  }, [bus, behaviour, expressions]);
  return behaviour;
}
