import type { PageMessage, SavedEntity } from './pageBus';

/**
 * The page's save logic (spec 01 §4 'Runner page logic'), as a pure reducer: a SAVE asks every
 * participant for its validation info; once all have answered, the save proceeds only if the
 * pending event is still SAVE and every one is valid; the page reports SAVE_SUCCEEDED with every
 * saved entity once each participant saved, or SAVE_FAILED at the first failure.
 */
export interface PageSaveState {
  participants: readonly string[];
  /** What the running validation round is for; null when none runs. */
  pending: 'SAVE' | 'VALIDATE' | null;
  phase: 'idle' | 'validating' | 'saving';
  /** Answers of the current round by component id. */
  answered: Readonly<Record<string, boolean>>;
  saved: readonly SavedEntity[];
}

export const initialPageSaveState: PageSaveState = {
  participants: [],
  pending: null,
  phase: 'idle',
  answered: {},
  saved: [],
};

export interface PageSaveStep {
  state: PageSaveState;
  /** Messages the page sends in answer. */
  send: PageMessage[];
}

const idle = (state: PageSaveState): PageSaveState => ({
  ...state,
  pending: null,
  phase: 'idle',
  answered: {},
  saved: [],
});

/** The page's answer to one message on its bus. Messages the page itself sent pass through unchanged. */
export function pageSaveStep(state: PageSaveState, message: PageMessage): PageSaveStep {
  switch (message.type) {
    case 'SAVE_PARTICIPANT': {
      const others = state.participants.filter((id) => id !== message.componentId);
      return {
        state: { ...state, participants: message.isParticipant ? [...others, message.componentId] : others },
        send: [],
      };
    }
    case 'SAVE':
      if (state.phase !== 'idle') return { state, send: [] };
      if (state.participants.length === 0)
        return { state: idle(state), send: [{ type: 'SAVE_SUCCEEDED', savedEntities: [] }] };
      return {
        state: { ...state, pending: 'SAVE', phase: 'validating', answered: {} },
        send: [{ type: 'REQUEST_VALIDATION_INFO' }],
      };
    case 'FORM_MODE_CHANGED':
    case 'DISCARD_CHANGES':
      // Anything else pending replaces the save: its validation round no longer leads to a save.
      return { state: state.phase === 'saving' ? state : idle(state), send: [] };
    case 'VALIDATION_COMPLETED': {
      if (state.phase !== 'validating' || !state.participants.includes(message.componentId))
        return { state, send: [] };
      const answered = { ...state.answered, [message.componentId]: message.isValid };
      if (!state.participants.every((id) => id in answered))
        return { state: { ...state, answered }, send: [] };
      const valid = Object.values(answered).every(Boolean);
      if (state.pending !== 'SAVE' || !valid) return { state: idle(state), send: [] };
      return {
        state: { ...state, phase: 'saving', answered: {}, saved: [] },
        send: [{ type: 'PERFORM_SAVE' }],
      };
    }
    case 'SAVE_SUCCEEDED': {
      if (
        state.phase !== 'saving' ||
        !message.componentId ||
        !state.participants.includes(message.componentId)
      )
        return { state, send: [] };
      const answered = { ...state.answered, [message.componentId]: true };
      const saved = [...state.saved, ...message.savedEntities];
      if (!state.participants.every((id) => id in answered))
        return { state: { ...state, answered, saved }, send: [] };
      return { state: idle(state), send: [{ type: 'SAVE_SUCCEEDED', savedEntities: saved }] };
    }
    case 'SAVE_FAILED':
      if (state.phase !== 'saving' || !message.componentId) return { state, send: [] };
      return {
        state: idle(state),
        send: [
          {
            type: 'SAVE_FAILED',
            title: message.title,
            ...(message.message ? { message: message.message } : {}),
          },
        ],
      };
    default:
      return { state, send: [] };
  }
}
