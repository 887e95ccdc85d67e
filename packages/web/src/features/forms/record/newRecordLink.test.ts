import { describe, expect, it } from 'vitest';
import { withNewRecordLink } from './newRecordLink';

const link = { key: 'account', record: { id: 9, name: 'Acme' } };

describe('withNewRecordLink', () => {
  it('links an end no control shows, with what the body already does to it', () => {
    expect(withNewRecordLink({ fields: { name: 'Deal' } }, link, false)).toEqual({
      fields: { name: 'Deal' },
      relationships: { account: { add: [9] } },
    });
    expect(withNewRecordLink({ relationships: { account: { add: [4], remove: [5] } } }, link, false)).toEqual(
      {
        relationships: { account: { add: [4, 9], remove: [5] } },
      },
    );
    expect(withNewRecordLink({ relationships: { account: { set: [4] } } }, link, false)).toEqual({
      relationships: { account: { set: [4, 9] } },
    });
  });

  it('leaves the body as it is when a control showed the link, or there is none', () => {
    const body = { fields: { name: 'Deal' } };
    expect(withNewRecordLink(body, link, true)).toBe(body);
    expect(withNewRecordLink(body, undefined, false)).toBe(body);
  });
});
