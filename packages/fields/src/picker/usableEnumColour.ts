const ignored = new Set([
  'transparent',
  'white',
  'black',
  '#fff',
  '#ffff',
  '#ffffff',
  '#ffffffff',
  '#000',
  '#0000',
  '#000000',
  '#00000000',
  'rgb(255,255,255)',
  'rgb(0,0,0)',
  'rgba(255,255,255,1)',
  'rgba(0,0,0,1)',
]);

/**
 * A choice value's colour as pickers show it: none when it is transparent, white or black (spec
 * 02 §3), which would vanish against the light or dark option background.
 */
export function usableEnumColour(colour: string | null | undefined): string | null {
  const key = (colour ?? '').replace(/\s+/g, '').toLowerCase();
  if (key === '' || ignored.has(key) || /^rgba\(.*,0(\.0*)?\)$/.test(key)) return null;
  return colour!.trim();
}
