import { describe, expect, it } from 'vitest';
import { pluralName } from './pluralName.js';

describe('pluralName', () => {
  it.each([
    ['Project', 'Projects'],
    ['Company', 'Companies'],
    ['Day', 'Days'],
    ['Branch', 'Branches'],
    ['Box', 'Boxes'],
    ['Project status', 'Project statuses'],
    ['Imported project', 'Imported projects'],
    ['', ''],
  ])('%s → %s', (name, plural) => expect(pluralName(name)).toBe(plural));
});
