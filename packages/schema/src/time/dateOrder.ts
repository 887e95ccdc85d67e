/** The order of day (d), month (m) and year (y) in a date's text. */
export type DateOrder = 'dmy' | 'mdy' | 'ymd';

/**
 * The date order of a locale (spec 02 §9): day first for en-AU and en-GB, month first for en-US
 * and by default; locales that write the year first (ja-JP, sv-SE, en-CA…) get the ISO order
 * yyyy-MM-dd (decision 0034).
 */
export function dateOrderFor(locale: string): DateOrder {
  let order = ordersByLocale.get(locale);
  if (order === undefined) {
    order = localeOrder(locale);
    ordersByLocale.set(locale, order);
  }
  return order;
}

// Every date cell asks; an Intl formatter is too dear to build each time.
const ordersByLocale = new Map<string, DateOrder>();

function localeOrder(locale: string): DateOrder {
  if (/^en-(AU|GB)$/i.test(locale)) return 'dmy';
  try {
    const parts = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date(2001, 1, 3))
      .filter((p) => p.type !== 'literal');
    if (parts[0]?.type === 'year') return 'ymd';
  } catch {
    // An unknown locale tag: the default order.
  }
  return 'mdy';
}
