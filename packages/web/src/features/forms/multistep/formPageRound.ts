import type { PageBus, PageMessage, SavedEntity } from '../../pages/public';

/** What a step's check or save came to. */
export type FormPageOutcome = { ok: true; saved: SavedEntity[] } | { ok: false };

/** The form page adapter answers validation as `formPage:{id|new}` (decision 0086). */
const isFormPageAnswer = (m: PageMessage) =>
  m.type === 'VALIDATION_COMPLETED' && m.componentId.startsWith('formPage:');

/** A round that never hears back (no bound component answers) ends as failed after this long. */
const giveUpMs = 20_000;

function round(bus: PageBus, request: PageMessage, settle: (m: PageMessage) => FormPageOutcome | null) {
  return new Promise<FormPageOutcome>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = bus.subscribe((message) => {
      const outcome = settle(message);
      if (!outcome) return;
      clearTimeout(timer);
      stop();
      resolve(outcome);
    });
    timer = setTimeout(() => {
      stop();
      resolve({ ok: false });
    }, giveUpMs);
    bus.send(request);
  });
}

/** Checks the shown section: the page's bound components answer REQUEST_VALIDATION_INFO. */
export function validateFormPage(bus: PageBus): Promise<FormPageOutcome> {
  return round(bus, { type: 'REQUEST_VALIDATION_INFO' }, (m) =>
    m.type === 'VALIDATION_COMPLETED' && isFormPageAnswer(m)
      ? m.isValid
        ? { ok: true, saved: [] }
        : { ok: false }
      : null,
  );
}

/**
 * The page's save round (spec 01 §4): valid participants save, the page answers SAVE_SUCCEEDED
 * with the saved records, or SAVE_FAILED; a failed check ends it with no answer from the page, so
 * the form page's invalid answer ends it here.
 */
export function saveFormPage(bus: PageBus): Promise<FormPageOutcome> {
  return round(bus, { type: 'SAVE' }, (m) => {
    if (m.type === 'SAVE_SUCCEEDED' && !m.componentId) return { ok: true, saved: m.savedEntities };
    if (m.type === 'SAVE_FAILED' && !m.componentId) return { ok: false };
    if (m.type === 'VALIDATION_COMPLETED' && isFormPageAnswer(m) && !m.isValid) return { ok: false };
    return null;
  });
}
