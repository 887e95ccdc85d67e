import { assign, fromPromise, setup } from 'xstate';
import type { GenerateResult } from '../api/calcEditorApi';
import { aiGenerateUnavailable } from '../api/editorMessages';

/**
 * The AI Generate popup (spec 03 §4): ready → generating → generated (the expression, Update or
 * Close) or error (the message); the host provides `generate` with `.provide()`.
 */
export const aiGenerateMachine = setup({
  types: {
    context: {} as { prompt: string; calculation: string; errorMessage: string },
    events: {} as { type: 'PROMPT'; prompt: string } | { type: 'GENERATE' } | { type: 'RETRY' },
  },
  actors: {
    generate: fromPromise<GenerateResult, { prompt: string }>(async () => {
      throw new Error("The AI Generate machine's 'generate' actor is not provided.");
    }),
  },
  guards: { hasPrompt: ({ context }) => context.prompt.trim() !== '' },
}).createMachine({
  id: 'aiGenerate',
  context: { prompt: '', calculation: '', errorMessage: '' },
  initial: 'ready',
  on: { PROMPT: { actions: assign({ prompt: ({ event }) => event.prompt }) } },
  states: {
    ready: { on: { GENERATE: { guard: 'hasPrompt', target: 'generating' } } },
    generating: {
      invoke: {
        src: 'generate',
        input: ({ context }) => ({ prompt: context.prompt }),
        onDone: [
          {
            guard: ({ event }) => event.output.isError,
            target: 'error',
            actions: assign({ errorMessage: ({ event }) => event.output.errorMessage, calculation: '' }),
          },
          { target: 'generated', actions: assign({ calculation: ({ event }) => event.output.calculation }) },
        ],
        onError: { target: 'error', actions: assign({ errorMessage: aiGenerateUnavailable }) },
      },
    },
    generated: { on: { GENERATE: { guard: 'hasPrompt', target: 'generating' } } },
    error: { on: { GENERATE: { guard: 'hasPrompt', target: 'generating' } } },
  },
});
