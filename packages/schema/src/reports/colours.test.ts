import { describe, expect, it } from 'vitest';
import { isCssColour, readableTextColour, usableChoiceColour } from './colours.js';

describe('isCssColour', () => {
  it.each([
    '#fff',
    '#FFFA',
    '#1c7c3c',
    '#1c7c3c80',
    'rgb(10, 20, 30)',
    'rgba(10,20,30,0.5)',
    'rgb(10 20 30 / 50%)',
    'hsl(120, 50%, 40%)',
    'hsla(120deg 50% 40% / 0.3)',
    'teal',
    'RebeccaPurple',
    'transparent',
  ])('takes %s', (colour) => {
    expect(isCssColour(colour)).toBe(true);
  });

  it.each([
    '',
    'notacolour',
    '#12',
    '#12345',
    '#ggg',
    'rgb(1,2)',
    'rgb(300,0,0)',
    'red; background: url(x)',
    'url(javascript:alert(1))',
    'expression(alert(1))',
    'var(--x)',
    'rgb(10deg, 0, 0)',
  ])('refuses %j', (colour) => {
    expect(isCssColour(colour)).toBe(false);
  });
});

describe('usableChoiceColour (spec 02 §3: transparent, white or black are ignored)', () => {
  it('keeps real colours as stored, trimmed', () => {
    expect(usableChoiceColour(' #16A34A ')).toBe('#16A34A');
    expect(usableChoiceColour('teal')).toBe('teal');
  });

  it.each([
    null,
    undefined,
    '',
    'transparent',
    'white',
    'WHITE',
    'black',
    'Black',
    '#fff',
    '#FFFFFF',
    '#ffffffff',
    '#000',
    '#000000ff',
    '#00000000',
    'rgb(255, 255, 255)',
    'rgba(0,0,0,1)',
    'rgba(0,0,0,0)',
    'rgba(37, 99, 235, 0)',
    '#2563eb00',
    'not a colour',
  ])('ignores %j', (colour) => {
    expect(usableChoiceColour(colour)).toBeNull();
  });
});

describe('readableTextColour', () => {
  it('writes dark text on light backgrounds and white text on dark ones', () => {
    expect(readableTextColour('#FEF3C7')).toBe('#1f2328');
    expect(readableTextColour('yellow')).toBe('#1f2328');
    expect(readableTextColour('navy')).toBe('#ffffff');
    expect(readableTextColour('#DC2626')).toBe('#ffffff');
  });

  it('reaches a contrast of 4.5:1 for the cells’ normal-size text on every background', () => {
    // White on this green is 3.3:1, near-black 4.8:1.
    expect(readableTextColour('#16A34A')).toBe('#1f2328');
    expect(readableTextColour('#D97706')).toBe('#1f2328');
    // Neither white (4.1:1) nor near-black (3.8:1) reaches it here; black does (5.1:1).
    expect(readableTextColour('#E53E3E')).toBe('#000000');
    expect(readableTextColour('#808080')).toBe('#000000');
  });

  it('has nothing to say about what is not a colour', () => {
    expect(readableTextColour('nope')).toBeUndefined();
  });
});
