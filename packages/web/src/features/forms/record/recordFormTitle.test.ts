import { describe, expect, it } from 'vitest';
import { recordFormButtonLabel, recordFormModalSize, recordFormTitle } from './recordFormTitle';

describe('record form titles, buttons and modal size', () => {
  it('titles the form by mode as spec 01 says', () => {
    expect(recordFormTitle('edit', 'Acme deal', 'Opportunity')).toBe('Edit Acme deal');
    expect(recordFormTitle('view', 'Acme deal', 'Opportunity')).toBe('View Acme deal');
    expect(recordFormTitle('new', null, 'Opportunity')).toBe('New Opportunity');
    expect(recordFormTitle('view', '  ', 'Opportunity')).toBe('View Unnamed resource');
  });

  it('labels the main button Save, Update or Close', () => {
    expect(recordFormButtonLabel('new')).toBe('Save');
    expect(recordFormButtonLabel('edit')).toBe('Update');
    expect(recordFormButtonLabel('view')).toBe('Close');
  });

  it('is small with 4 or fewer containers, else medium', () => {
    expect(recordFormModalSize(0)).toBe('small');
    expect(recordFormModalSize(4)).toBe('small');
    expect(recordFormModalSize(5)).toBe('medium');
  });
});
