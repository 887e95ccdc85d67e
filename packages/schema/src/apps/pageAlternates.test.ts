import { describe, expect, it } from 'vitest';
import {
  type AlternatePageRef,
  alternateMessages,
  alternatePageChoices,
  alternatePageProblems,
} from './pageAlternates.js';

const deal: AlternatePageRef = { id: 1, name: 'Deal', type: 'singleRecordEdit', contextEntityTypeId: 50 };
const newDeal: AlternatePageRef = {
  id: 2,
  name: 'New deal',
  type: 'singleRecordMultistepEdit',
  contextEntityTypeId: 50,
};
const quickDeal: AlternatePageRef = {
  id: 3,
  name: 'Quick deal',
  type: 'singleRecordEdit',
  contextEntityTypeId: 50,
};
const account: AlternatePageRef = {
  id: 4,
  name: 'Account',
  type: 'singleRecordEdit',
  contextEntityTypeId: 60,
};
const home: AlternatePageRef = { id: 5, name: 'Home', type: 'default', contextEntityTypeId: null };
const pages = [deal, newDeal, quickDeal, account, home];

describe("a page's alternate pages", () => {
  it('are offered only to a form page, from pages of the same input and the matching type', () => {
    expect(alternatePageChoices(deal, pages)).toEqual({ multistep: [newDeal], edit: [quickDeal] });
    expect(alternatePageChoices(home, pages)).toEqual({ multistep: [], edit: [] });
    expect(alternatePageChoices(newDeal, pages)).toEqual({ multistep: [], edit: [] });
  });

  it('are refused when they are not among those choices', () => {
    const none = { alternateMultistepPageId: null, alternateEditRecordPageId: null };
    expect(alternatePageProblems(deal, none, pages)).toEqual({});
    expect(
      alternatePageProblems(deal, { alternateMultistepPageId: 2, alternateEditRecordPageId: 3 }, pages),
    ).toEqual({});
    expect(
      alternatePageProblems(deal, { alternateMultistepPageId: 3, alternateEditRecordPageId: 1 }, pages),
    ).toEqual({
      alternateMultistepPageId: alternateMessages.multistep,
      alternateEditRecordPageId: alternateMessages.edit,
    });
    expect(alternatePageProblems(deal, { ...none, alternateEditRecordPageId: 4 }, pages)).toEqual({
      alternateEditRecordPageId: alternateMessages.edit,
    });
    expect(alternatePageProblems(home, { ...none, alternateMultistepPageId: 2 }, pages)).toEqual({
      alternateMultistepPageId: alternateMessages.onlyFormPages,
    });
  });
});
