import { describe, expect, it } from 'vitest';
import { checkColumnFormatting, choiceDefaultFormat } from './columnFormatting.js';
import type { ReportValueType } from './operators.js';

const number = { type: 'Int32' as ReportValueType, canShowImages: false };
const text = { type: 'String' as ReportValueType, canShowImages: false };

describe('checkColumnFormatting', () => {
  it('takes a column without formatting', () => {
    expect(checkColumnFormatting({}, text)).toEqual({ ok: true, isImage: false });
  });

  it('takes Highlight, Icon and ProgressBar rules and hands them on as the report contract has them', () => {
    const highlight = {
      style: 'Highlight',
      rules: [
        { bounds: { lower: 250_000 }, bgcolor: '#DCFCE7', fgcolor: '#166534' },
        { bounds: { upper: 10_000 }, bgcolor: 'rgb(254, 243, 199)' },
      ],
    };
    expect(checkColumnFormatting({ format: highlight }, { ...number, type: 'Currency' })).toEqual({
      ok: true,
      isImage: false,
      format: highlight,
    });
    const icon = { style: 'Icon', rules: [{ bounds: { lower: 'High', upper: 'High' }, imgid: 42 }] };
    expect(checkColumnFormatting({ format: icon }, text)).toMatchObject({ ok: true, format: icon });
    const bar = { style: 'ProgressBar', rules: [{ bounds: { lower: 0, upper: 100 }, bgcolor: 'teal' }] };
    expect(checkColumnFormatting({ format: bar }, number)).toMatchObject({ ok: true, format: bar });
  });

  it('takes a value rule and keeps only what it says', () => {
    expect(checkColumnFormatting({ valueRule: { lines: 3, align: 'center', hideval: false } }, text)).toEqual(
      { ok: true, isImage: false, valueRule: { lines: 3, align: 'center', hideval: false } },
    );
  });

  it('makes a relationship to documents with an image size an image column', () => {
    expect(
      checkColumnFormatting(
        { valueRule: { imgw: 48, imgh: 32 } },
        { type: 'InlineRelationship', canShowImages: true },
      ),
    ).toEqual({ ok: true, isImage: true, valueRule: { imgw: 48, imgh: 32 } });
    expect(checkColumnFormatting({}, { type: 'InlineRelationship', canShowImages: true })).toEqual({
      ok: true,
      isImage: false,
    });
  });

  it.each([
    [
      'an unknown style',
      { format: { style: 'Blink', rules: [{ bgcolor: 'red' }] } },
      text,
      "the formatting style 'Blink' is not known; use Highlight, Icon or ProgressBar.",
    ],
    ['no rules', { format: { style: 'Highlight', rules: [] } }, text, 'the formatting has no rules.'],
    [
      'a bad background colour',
      { format: { style: 'Highlight', rules: [{ bgcolor: 'notacolour' }] } },
      text,
      "rule 1: 'notacolour' is not a colour.",
    ],
    [
      'a colour smuggling more CSS',
      { format: { style: 'Highlight', rules: [{ bgcolor: 'red' }, { fgcolor: 'red; position: fixed' }] } },
      text,
      "rule 2: 'red; position: fixed' is not a colour.",
    ],
    [
      'a lower bound above the upper',
      { format: { style: 'Highlight', rules: [{ bgcolor: 'red', bounds: { lower: 80, upper: 20 } }] } },
      number,
      'rule 1: the lower bound 80 is above the upper bound 20.',
    ],
    [
      'text bounds the wrong way round',
      { format: { style: 'Highlight', rules: [{ bgcolor: 'red', bounds: { lower: 'b', upper: 'a' } }] } },
      text,
      "rule 1: the lower bound 'b' is above the upper bound 'a'.",
    ],
    [
      'a text bound on a number column',
      { format: { style: 'Highlight', rules: [{ bgcolor: 'red', bounds: { lower: 'ten' } }] } },
      number,
      "rule 1: the bound 'ten' is not a number.",
    ],
    [
      'a bound on a date column that is not a date',
      { format: { style: 'Highlight', rules: [{ bgcolor: 'red', bounds: { upper: '31/12/2026' } }] } },
      { ...text, type: 'Date' as ReportValueType },
      "rule 1: the bound '31/12/2026' is not a date (yyyy-MM-dd).",
    ],
    [
      'a highlight rule without a colour',
      { format: { style: 'Highlight', rules: [{ bounds: { lower: 1 } }] } },
      number,
      'rule 1: a Highlight rule needs a colour (bgcolor or fgcolor).',
    ],
    [
      'an icon rule without an image',
      { format: { style: 'Icon', rules: [{ bgcolor: 'red' }] } },
      text,
      'rule 1: an Icon rule needs an image (imgid).',
    ],
    [
      'a progress bar on text',
      { format: { style: 'ProgressBar', rules: [{ bounds: { lower: 0, upper: 100 } }] } },
      text,
      'a progress bar needs a number column.',
    ],
    [
      'a progress bar whose bounds are equal',
      { format: { style: 'ProgressBar', rules: [{ bounds: { lower: 5, upper: 5 } }] } },
      number,
      'rule 1: a progress bar needs different lower and upper bounds.',
    ],
    ['too many lines', { valueRule: { lines: 11 } }, text, 'lines must be a whole number from 1 to 10.'],
    [
      'an unknown alignment',
      { valueRule: { align: 'middle' } },
      text,
      'align must be left, center or right.',
    ],
    [
      'image sizes on a column that holds no documents',
      { valueRule: { imgw: 40 } },
      text,
      'image sizes apply only to relationships to documents.',
    ],
    [
      'an image size out of range',
      { valueRule: { imgh: 5000 } },
      { type: 'InlineRelationship' as ReportValueType, canShowImages: true },
      'image sizes must be whole numbers of pixels from 8 to 512.',
    ],
    [
      'formatting on an image column',
      { valueRule: { imgw: 40 }, format: { style: 'Highlight', rules: [{ bgcolor: 'red' }] } },
      { type: 'InlineRelationship' as ReportValueType, canShowImages: true },
      'an image column cannot have conditional formatting.',
    ],
  ])('refuses %s with a clear message', (_what, input, column, message) => {
    expect(checkColumnFormatting(input, column)).toEqual({ ok: false, message });
  });
});

describe('choiceDefaultFormat', () => {
  it('highlights each value in its own colour, with readable text, matched by name', () => {
    expect(
      choiceDefaultFormat([
        { name: 'Prospecting', colour: '#6B7280', iconImageId: null },
        { name: 'Closed Won', colour: '#FEF3C7', iconImageId: null },
      ]),
    ).toEqual({
      style: 'Highlight',
      rules: [
        { bounds: { lower: 'Prospecting', upper: 'Prospecting' }, bgcolor: '#6B7280', fgcolor: '#ffffff' },
        { bounds: { lower: 'Closed Won', upper: 'Closed Won' }, bgcolor: '#FEF3C7', fgcolor: '#1f2328' },
      ],
    });
  });

  it('leaves out transparent, white and black colours and unnamed values', () => {
    expect(
      choiceDefaultFormat([
        { name: 'Clear', colour: 'transparent', iconImageId: null },
        { name: 'White', colour: '#ffffff', iconImageId: null },
        { name: 'Black', colour: 'black', iconImageId: null },
        { name: null, colour: 'red', iconImageId: null },
        { name: 'Blue', colour: 'blue', iconImageId: null },
      ]),
    ).toEqual({
      style: 'Highlight',
      rules: [{ bounds: { lower: 'Blue', upper: 'Blue' }, bgcolor: 'blue', fgcolor: '#ffffff' }],
    });
  });

  it('shows icons when the values have icon images, with their colours behind them', () => {
    expect(
      choiceDefaultFormat([
        { name: 'High', colour: '#DC2626', iconImageId: 71 },
        { name: 'Low', colour: 'white', iconImageId: 72 },
        { name: 'None', colour: 'red', iconImageId: null },
      ]),
    ).toEqual({
      style: 'Icon',
      rules: [
        { bounds: { lower: 'High', upper: 'High' }, imgid: 71, bgcolor: '#DC2626' },
        { bounds: { lower: 'Low', upper: 'Low' }, imgid: 72 },
      ],
    });
  });

  it('gives no formatting when no value has a colour or an icon', () => {
    expect(choiceDefaultFormat([{ name: 'Plain', colour: null, iconImageId: null }])).toBeUndefined();
    expect(choiceDefaultFormat([])).toBeUndefined();
  });
});
