import { type CompileOptions, type EvaluateOptions, memoryData, memorySchema } from '../src/index.js';

/** The schema every golden case compiles against. */
export const schema = memorySchema([
  {
    id: 'person',
    name: 'Person',
    fields: [
      { id: 'f-first', name: 'First Name', scriptName: 'FirstName', type: 'String', isCalculated: false },
      { id: 'f-last', name: 'Last Name', type: 'String', isCalculated: false },
      { id: 'f-age', name: 'Age', type: 'Int32', isCalculated: false },
      { id: 'f-salary', name: 'Salary', type: 'Currency', isCalculated: false },
      { id: 'f-rating', name: 'Rating', type: 'Decimal', isCalculated: false },
      { id: 'f-birth', name: 'Birth Date', type: 'Date', isCalculated: false },
      { id: 'f-starts', name: 'Starts At', type: 'DateTime', isCalculated: false },
      { id: 'f-lunch', name: 'Lunch', type: 'Time', isCalculated: false },
      { id: 'f-active', name: 'Active', type: 'Bool', isCalculated: false },
      { id: 'f-email', name: 'Email', type: 'String', isCalculated: false },
      { id: 'f-phone', name: 'Phone', type: 'String', isCalculated: false },
      { id: 'f-nick', name: 'Nickname', type: 'String', isCalculated: false },
      { id: 'f-full', name: 'Full Name', type: 'String', isCalculated: true },
      { id: 'f-order', name: 'Order', type: 'Int32', isCalculated: false },
      { id: 'f-shadowed', name: 'Shadowed', type: 'String', isCalculated: false },
    ],
    relationships: [
      {
        id: 'r-manager',
        name: 'Manager',
        toType: 'person',
        isList: false,
        reverseName: 'Reports',
        reverseIsList: true,
      },
      { id: 'r-status', name: 'Status', toType: 'status', isList: false },
      { id: 'r-tags', name: 'Tags', toType: 'tag', isList: true },
    ],
  },
  { id: 'employee', name: 'Employee', baseTypeId: 'person' },
  { id: 'status', name: 'Status', isChoice: true },
  {
    id: 'tag',
    name: 'Tag',
    fields: [{ id: 'f-weight', name: 'Weight', type: 'Int32', isCalculated: false }],
  },
]);

export const data = memoryData(
  [
    {
      id: 'p1',
      typeId: 'person',
      name: 'Alice Smith',
      fields: {
        'f-first': 'Alice',
        'f-last': 'Smith',
        'f-age': 34,
        'f-salary': '85000.5',
        'f-rating': '4.25',
        'f-birth': '1990-02-28',
        'f-starts': '2024-03-14T22:00:00Z',
        'f-lunch': '12:30',
        'f-active': true,
        'f-email': 'alice@example.com',
        'f-phone': null,
        'f-nick': '',
        'f-order': 7,
        'f-shadowed': 'field',
      },
      related: { 'r-manager': ['p2'], 'r-status': ['s-open'], 'r-tags': ['t1', 't2'] },
    },
    {
      id: 'p2',
      typeId: 'employee',
      name: 'Bob Jones',
      fields: { 'f-first': 'Bob', 'f-age': 51, 'f-salary': '120000', 'f-active': true, 'f-rating': '3.5' },
      related: { 'r-manager': ['p3'], 'r-status': ['s-closed'], 'r-tags': ['t2'] },
    },
    {
      id: 'p3',
      typeId: 'person',
      name: 'Carol White',
      fields: { 'f-first': 'Carol', 'f-age': 45, 'f-salary': '99.99', 'f-active': false },
      related: { 'r-status': ['s-pending'] },
    },
    { id: 's-open', typeId: 'status', name: 'Open', order: 1 },
    { id: 's-pending', typeId: 'status', name: 'Pending', order: 2 },
    { id: 's-closed', typeId: 'status', name: 'Closed', order: 3 },
    { id: 't1', typeId: 'tag', name: 'Beta', fields: { 'f-weight': 5 } },
    { id: 't2', typeId: 'tag', name: 'VIP', fields: { 'f-weight': 10 } },
  ],
  schema,
);

/** 2024-03-15T10:30:00Z: Friday 15 March 2024, 21:30 in Sydney (UTC+11). */
export const NOW = Date.UTC(2024, 2, 15, 10, 30, 0);
export const TIME_ZONE = 'Australia/Sydney';

export const compileOptions: CompileOptions = {
  schema,
  contextTypeId: 'person',
  host: 'Evaluate',
  params: [
    { name: 'PageInput', type: 'String' },
    { name: 'SelectedRecords', type: 'Entity', isList: true, entityTypeId: 'person' },
    { name: 'Count', type: 'Int32' },
    { name: 'Amounts', type: 'Decimal', isList: true },
    { name: 'Shadowed', type: 'String' },
  ],
};

export const evaluateOptions: EvaluateOptions = {
  context: { id: 'p1', typeId: 'person' },
  params: {
    PageInput: 'Hello',
    SelectedRecords: ['p2', 'p3'],
    Count: 3,
    Amounts: ['1.5', null, '2.25'],
    shadowed: 'param',
  },
  clock: () => NOW,
  timeZone: TIME_ZONE,
  data,
};
