/**
 * Colours of conditional formatting and choice values: which texts are CSS colours (so a stored
 * rule can never carry other CSS), which choice colours show (spec 02 §3) and which text colour
 * reads on a background.
 */

interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

// The CSS named colours (CSS Color 4), with their sRGB values for the contrast of text on them.
const named = new Map(
  (
    'aliceblue:f0f8ff antiquewhite:faebd7 aqua:00ffff aquamarine:7fffd4 azure:f0ffff beige:f5f5dc ' +
    'bisque:ffe4c4 black:000000 blanchedalmond:ffebcd blue:0000ff blueviolet:8a2be2 brown:a52a2a ' +
    'burlywood:deb887 cadetblue:5f9ea0 chartreuse:7fff00 chocolate:d2691e coral:ff7f50 ' +
    'cornflowerblue:6495ed cornsilk:fff8dc crimson:dc143c cyan:00ffff darkblue:00008b darkcyan:008b8b ' +
    'darkgoldenrod:b8860b darkgray:a9a9a9 darkgreen:006400 darkgrey:a9a9a9 darkkhaki:bdb76b ' +
    'darkmagenta:8b008b darkolivegreen:556b2f darkorange:ff8c00 darkorchid:9932cc darkred:8b0000 ' +
    'darksalmon:e9967a darkseagreen:8fbc8f darkslateblue:483d8b darkslategray:2f4f4f ' +
    'darkslategrey:2f4f4f darkturquoise:00ced1 darkviolet:9400d3 deeppink:ff1493 deepskyblue:00bfff ' +
    'dimgray:696969 dimgrey:696969 dodgerblue:1e90ff firebrick:b22222 floralwhite:fffaf0 ' +
    'forestgreen:228b22 fuchsia:ff00ff gainsboro:dcdcdc ghostwhite:f8f8ff gold:ffd700 ' +
    'goldenrod:daa520 gray:808080 green:008000 greenyellow:adff2f grey:808080 honeydew:f0fff0 ' +
    'hotpink:ff69b4 indianred:cd5c5c indigo:4b0082 ivory:fffff0 khaki:f0e68c lavender:e6e6fa ' +
    'lavenderblush:fff0f5 lawngreen:7cfc00 lemonchiffon:fffacd lightblue:add8e6 lightcoral:f08080 ' +
    'lightcyan:e0ffff lightgoldenrodyellow:fafad2 lightgray:d3d3d3 lightgreen:90ee90 lightgrey:d3d3d3 ' +
    'lightpink:ffb6c1 lightsalmon:ffa07a lightseagreen:20b2aa lightskyblue:87cefa ' +
    'lightslategray:778899 lightslategrey:778899 lightsteelblue:b0c4de lightyellow:ffffe0 lime:00ff00 ' +
    'limegreen:32cd32 linen:faf0e6 magenta:ff00ff maroon:800000 mediumaquamarine:66cdaa ' +
    'mediumblue:0000cd mediumorchid:ba55d3 mediumpurple:9370db mediumseagreen:3cb371 ' +
    'mediumslateblue:7b68ee mediumspringgreen:00fa9a mediumturquoise:48d1cc mediumvioletred:c71585 ' +
    'midnightblue:191970 mintcream:f5fffa mistyrose:ffe4e1 moccasin:ffe4b5 navajowhite:ffdead ' +
    'navy:000080 oldlace:fdf5e6 olive:808000 olivedrab:6b8e23 orange:ffa500 orangered:ff4500 ' +
    'orchid:da70d6 palegoldenrod:eee8aa palegreen:98fb98 paleturquoise:afeeee palevioletred:db7093 ' +
    'papayawhip:ffefd5 peachpuff:ffdab9 peru:cd853f pink:ffc0cb plum:dda0dd powderblue:b0e0e6 ' +
    'purple:800080 rebeccapurple:663399 red:ff0000 rosybrown:bc8f8f royalblue:4169e1 ' +
    'saddlebrown:8b4513 salmon:fa8072 sandybrown:f4a460 seagreen:2e8b57 seashell:fff5ee sienna:a0522d ' +
    'silver:c0c0c0 skyblue:87ceeb slateblue:6a5acd slategray:708090 slategrey:708090 snow:fffafa ' +
    'springgreen:00ff7f steelblue:4682b4 tan:d2b48c teal:008080 thistle:d8bfd8 tomato:ff6347 ' +
    'turquoise:40e0d0 violet:ee82ee wheat:f5deb3 white:ffffff whitesmoke:f5f5f5 yellow:ffff00 ' +
    'yellowgreen:9acd32'
  )
    .trim()
    .split(' ')
    .map((pair) => pair.split(':') as [string, string]),
);

const hexPattern = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
// rgb()/rgba()/hsl()/hsla() with numbers only, comma or space separated, alpha after ',' or '/'.
const functionPattern =
  /^(rgba?|hsla?)\(\s*(-?[\d.]+(?:deg|%)?)\s*[,\s]\s*([\d.]+%?)\s*[,\s]\s*([\d.]+%?)\s*(?:[,/]\s*([\d.]+%?)\s*)?\)$/i;

function fromHex(hex: string): Rgba {
  const digits = hex.length <= 4 ? [...hex].map((d) => d + d).join('') : hex;
  const byte = (i: number) => Number.parseInt(digits.slice(i * 2, i * 2 + 2), 16);
  return { r: byte(0), g: byte(1), b: byte(2), a: digits.length === 8 ? byte(3) / 255 : 1 };
}

/** A number or percentage of `scale`; NaN when it is not one. */
function amount(text: string, scale: number): number {
  if (!/^-?\d*\.?\d+%?$/.test(text.replace(/deg$/, ''))) return Number.NaN;
  return text.endsWith('%') ? (Number(text.slice(0, -1)) / 100) * scale : Number(text.replace(/deg$/, ''));
}

function fromHsl(h: number, s: number, l: number): Omit<Rgba, 'a'> {
  const k = (n: number) => (n + h / 30) % 12;
  const f = (n: number) => l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return { r: f(0) * 255, g: f(8) * 255, b: f(4) * 255 };
}

function parse(colour: string): Rgba | null {
  const text = colour.trim().toLowerCase();
  if (text === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const hex = named.get(text) ?? (hexPattern.test(text) ? text.slice(1) : undefined);
  if (hex !== undefined) return fromHex(hex);
  const m = functionPattern.exec(text);
  if (!m) return null;
  const [, fn, x, y, z, alpha] = m as unknown as [string, string, string, string, string, string?];
  const a = alpha === undefined ? 1 : amount(alpha, 1);
  if (!(a >= 0 && a <= 1)) return null;
  if (fn!.startsWith('rgb')) {
    if (x.endsWith('deg')) return null;
    const [r, g, b] = [x, y, z].map((v) => amount(v, 255));
    if (![r, g, b].every((v) => v! >= 0 && v! <= 255)) return null;
    return { r: r!, g: g!, b: b!, a };
  }
  const h = amount(x, 360);
  const [s, l] = [y, z].map((v) => (v.endsWith('%') ? amount(v, 1) : Number.NaN));
  if (!Number.isFinite(h) || !(s! >= 0 && s! <= 1) || !(l! >= 0 && l! <= 1)) return null;
  return { ...fromHsl(((h % 360) + 360) % 360, s!, l!), a };
}

/** Whether the text is a CSS colour: hex, rgb(a), hsl(a) with numbers, a named colour or transparent. */
export function isCssColour(colour: string): boolean {
  return parse(colour) !== null;
}

/**
 * A choice value's colour as grids and pickers show it: none when it is not a colour, or is
 * transparent, white or black (spec 02 §3 "Enum colour is ignored if transparent, white or black").
 */
export function usableChoiceColour(colour: string | null | undefined): string | null {
  if (!colour) return null;
  const rgba = parse(colour);
  if (!rgba || rgba.a === 0) return null;
  const { r, g, b } = rgba;
  if ((r === 255 && g === 255 && b === 255) || (r === 0 && g === 0 && b === 0)) return null;
  return colour.trim();
}

/** WCAG relative luminance of an sRGB colour. */
function luminance({ r, g, b }: Rgba): number {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.039_28 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** Near-black, the text colour of light backgrounds. */
const darkText = { colour: '#1f2328', luminance: luminance({ r: 0x1f, g: 0x23, b: 0x28, a: 1 }) };

/**
 * The text colour for a background: white where white text reaches WCAG AA's contrast of 4.5:1
 * for normal-size text (the grid's 14 px cells), else near-black where that does, else black —
 * one of white and black always does. Undefined for a non-colour.
 */
export function readableTextColour(background: string): string | undefined {
  const rgba = parse(background);
  if (!rgba) return undefined;
  const l = luminance(rgba);
  if (1.05 / (l + 0.05) >= 4.5) return '#ffffff';
  return (l + 0.05) / (darkText.luminance + 0.05) >= 4.5 ? darkText.colour : '#000000';
}
