import { describe, expect, it } from 'vitest';
import { deleteMessages } from './deleteMessages.js';

const deal = { name: 'Big deal', typeName: 'Opportunity' };
const unnamed = { name: null, typeName: 'Opportunity' };

describe('the delete texts of spec 01 §8', () => {
  it('asks about one named record by type and name, an unnamed one by type, several by count', () => {
    expect(deleteMessages.confirm([deal])).toBe(
      "Are you sure that you want to delete Opportunity 'Big deal'?",
    );
    expect(deleteMessages.confirm([unnamed])).toBe('Are you sure that you want to delete this Opportunity?');
    expect(deleteMessages.confirm([{ name: '  ', typeName: '' }])).toBe(
      'Are you sure that you want to delete this item?',
    );
    expect(deleteMessages.confirm([deal, unnamed, deal])).toBe(
      'Are you sure that you want to delete these 3 items?',
    );
  });

  it('says what was deleted', () => {
    expect(deleteMessages.deleted([deal])).toBe("Opportunity 'Big deal' successfully deleted.");
    expect(deleteMessages.deleted([{ name: 'x', typeName: 'task' }])).toBe("Task 'x' successfully deleted.");
    expect(deleteMessages.deleted([unnamed])).toBe('Opportunity successfully deleted.');
    expect(deleteMessages.deleted([deal, deal])).toBe('Successfully deleted 2 items.');
  });

  it('titles the failures', () => {
    expect(deleteMessages.failed([deal])).toBe("Failed to delete Opportunity 'Big deal'.");
    expect(deleteMessages.failed([deal, unnamed])).toBe('Failed to delete resources.');
    expect(deleteMessages.detailsFailed([deal])).toBe(
      "An error occured getting delete details for 'Big deal'.",
    );
    expect(deleteMessages.detailsFailed([{ name: undefined, typeName: undefined }])).toBe(
      "An error occured getting delete details for '<unknown>'.",
    );
    expect(deleteMessages.missingItem).toBe('Internal error - missing item to delete');
  });

  it('heads the list of dependents', () => {
    expect(deleteMessages.dependentsHeading(1, 1)).toBe('This record depends on it and will be deleted too:');
    expect(deleteMessages.dependentsHeading(4, 2)).toBe(
      'These 4 records depend on them and will be deleted too:',
    );
  });
});
