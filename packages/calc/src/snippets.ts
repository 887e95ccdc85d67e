/** A ready-made expression for the editor's Snippets popup. */
export interface CalcSnippet {
  readonly name: string;
  readonly description: string;
  readonly text: string;
}

/** The Snippets popup has one group, System (calc-language.md §6). */
export const SNIPPET_GROUP = 'System';

/** The System snippets, in the contract's order. */
export const snippets: readonly CalcSnippet[] = [
  {
    name: 'let',
    description: 'Name a value once and use it in the result.',
    text: 'let total = [Qty] * [Unit Price] select iif(total > 1000, total * 0.9, total)',
  },
  {
    name: 'case when',
    description: 'The first branch whose condition is true.',
    text: "case when [Score] >= 80 then 'High' when [Score] >= 50 then 'Medium' else 'Low' end",
  },
  {
    name: 'case value',
    description: 'Compare one value with each branch; no match and no else gives null.',
    text: "case [Status] when 'Open' then 1 when 'Closed' then 2 end",
  },
  { name: 'in', description: 'Whether a value is one of several.', text: "[Status] in ('Open', 'Pending')" },
  { name: 'in list', description: 'Whether a value is in a list.', text: "'Beta' in [SelectedRecords].Name" },
  { name: 'date', description: 'A date literal.', text: '#2024-01-31#' },
  {
    name: 'date and time',
    description: 'A date-time literal, in your time zone.',
    text: '#2024-01-31 17:00#',
  },
  { name: 'time', description: 'A time literal.', text: '#17:00#' },
  { name: 'is null', description: 'Whether a value is missing.', text: '[Phone] is null' },
  { name: 'isnull', description: 'A default for a missing value.', text: 'isnull([Discount], 0)' },
  {
    name: 'coalesce',
    description: "The first value that is neither null nor ''.",
    text: "coalesce([Nickname], [First Name], 'n/a')",
  },
  {
    name: 'like',
    description: 'Text matching a pattern: % any run, _ one character.',
    text: "[Email] like '%@example.com'",
  },
  {
    name: 'text template',
    description: 'Text with {expressions} inside.',
    text: "$'Dear {[First Name]}, your order {[Order No]} ships {datename(weekday, [Ship Date])}.'",
  },
  { name: 'link', description: "A record's URL in the app runner.", text: 'link([Customer])' },
];
