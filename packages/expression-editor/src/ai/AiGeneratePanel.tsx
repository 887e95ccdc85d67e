import { Button } from '@plinth/ui';
import { useMachine } from '@xstate/react';
import { useId } from 'react';
import { fromPromise } from 'xstate';
import type { AiVariable, CalcEditorApi } from '../api/calcEditorApi';
import { aiFooter, generatingLabel } from '../api/editorMessages';
import { aiGenerateMachine } from './aiGenerateMachine';

export interface AiGeneratePanelProps {
  api: CalcEditorApi;
  currentCalculation: string;
  variables: readonly AiVariable[];
  returnType?: string | undefined;
  /** The record type the expression is written for: AI reads its fields. */
  contextType?: number | string | undefined;
  /** Update: the generated expression replaces the editor's. */
  onUpdate: (calculation: string) => void;
  onClose: () => void;
}

/** The AI Generate popup's body: prompt, Generate, 'Generating...', the result with Update and Close. */
export function AiGeneratePanel({
  api,
  currentCalculation,
  variables,
  returnType,
  contextType,
  onUpdate,
  onClose,
}: AiGeneratePanelProps) {
  const [snapshot, send] = useMachine(
    aiGenerateMachine.provide({
      actors: {
        generate: fromPromise(({ input, signal }) =>
          api.generate(
            { prompt: input.prompt, variables, currentCalculation, returnType, contextType },
            signal,
          ),
        ),
      },
    }),
  );
  const promptId = useId();
  const { prompt, calculation, errorMessage } = snapshot.context;
  const isGenerating = snapshot.matches('generating');
  return (
    <div className="pl-expr-ai pl-expr-ai--generate" data-state={String(snapshot.value)}>
      <label htmlFor={promptId} className="pl-expr-ai__label">
        Describe the calculation you want
      </label>
      <textarea
        id={promptId}
        className="pl-expr-ai__prompt"
        rows={3}
        maxLength={4000}
        value={prompt}
        disabled={isGenerating}
        onChange={(e) => send({ type: 'PROMPT', prompt: e.target.value })}
      />
      <div className="pl-expr-ai__actions">
        <Button
          variant="primary"
          size="small"
          isDisabled={isGenerating || prompt.trim() === ''}
          onPress={() => send({ type: 'GENERATE' })}
        >
          {isGenerating ? generatingLabel : 'Generate'}
        </Button>
      </div>
      {snapshot.matches('generated') && (
        <div className="pl-expr-ai__result">
          <p className="pl-expr-ai__label">Generated calculation</p>
          <pre className="pl-expr-ai__calculation">{calculation}</pre>
          <p className="pl-expr-ai__footer">{aiFooter}</p>
        </div>
      )}
      {snapshot.matches('error') && (
        <p className="pl-expr-message pl-expr-message--danger" role="alert">
          {errorMessage}
        </p>
      )}
      <div className="pl-expr-ai__actions">
        {snapshot.matches('generated') && (
          <Button variant="primary" size="small" onPress={() => onUpdate(calculation)}>
            Update
          </Button>
        )}
        <Button size="small" onPress={onClose}>
          Close
        </Button>
      </div>
    </div>
  );
}
