import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageContent, renderPage, testContext } from '../../pages/pageTestHarness';
import { boundComponent, kindCases, opportunityServer } from './boundPageHarness';

const allKinds = pageContent(kindCases.map((c) => boundComponent(c.kind)));
const stored = { id: 7, typeId: 40, name: 'Big deal' };
const formPage = { ...testContext.page, contextEntityTypeId: 40 };

/** The component's own frame, once its record is read. */
async function frameOf(kind: string) {
  await waitFor(() => expect(document.querySelector(`.pl-bound[data-kind="${kind}"]`)).not.toBeNull());
  return document.querySelector(`.pl-bound[data-kind="${kind}"]`) as HTMLElement;
}

/**
 * Whether the component only shows its value: fields and lists as read-only text; the relationship
 * table without its actions toolbar; documents without their upload area.
 */
const isReadOnlyFrame = (frame: HTMLElement) => {
  const kind = frame.dataset.kind;
  if (kind === 'relationship') return within(frame).queryByRole('button', { name: 'Add existing' }) === null;
  if (kind === 'documents') return frame.querySelector('.pl-documents__drop') === null;
  return frame.querySelector('.pl-form-value') !== null;
};

describe('the 15 bound components', () => {
  it.each(kindCases)('$kind in view mode shows its label and stored value, read-only', async (c) => {
    renderPage(allKinds, opportunityServer(), {
      context: { record: stored, formMode: 'view', page: formPage },
    });
    const frame = await frameOf(c.kind);
    expect(frame).toHaveTextContent(c.label);
    await waitFor(() => expect(frame).toHaveTextContent(c.viewText));
    expect(isReadOnlyFrame(frame)).toBe(true);
  });

  it.each(kindCases)('$kind in edit mode is editable where its member can be changed', async (c) => {
    renderPage(allKinds, opportunityServer(), {
      context: { record: stored, formMode: 'edit', page: formPage },
    });
    const frame = await frameOf(c.kind);
    // The rich text editor loads on demand.
    await waitFor(() => expect(frame).toHaveTextContent(c.label));
    expect(isReadOnlyFrame(frame)).toBe(!c.isEditable);
  });

  it.each(kindCases)('$kind on a new record starts empty', async (c) => {
    renderPage(allKinds, opportunityServer(), {
      context: { record: null, formMode: 'edit', page: formPage },
    });
    const frame = await frameOf(c.kind);
    await waitFor(() => expect(frame).toHaveTextContent(c.label));
    expect(frame).not.toHaveTextContent(c.viewText);
    // A new record has no related lists yet; everything else is editable as in edit mode.
    if (c.kind !== 'relationship' && c.kind !== 'documents')
      expect(isReadOnlyFrame(frame)).toBe(!c.isEditable);
  });
});
