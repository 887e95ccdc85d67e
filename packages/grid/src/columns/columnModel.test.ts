import { reportColumnMeta } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import type { ReportColumnMeta } from '../types.js';
import { buildColumnModel } from './columnModel.js';

const col = (
  c: Partial<ReportColumnMeta> & Pick<ReportColumnMeta, 'title' | 'type' | 'ord'>,
): ReportColumnMeta => reportColumnMeta.parse({ hide: false, ...c });

describe('buildColumnModel', () => {
  it('lists visible columns in ord order with the index of their value', () => {
    const columns = buildColumnModel({
      rcols: {
        c2: col({ title: 'Age', type: 'Int32', ord: 2 }),
        c0: col({ title: 'Name', type: 'String', ord: 0, entityname: true }),
        c1: col({ title: 'Secret', type: 'String', ord: 1, hide: true }),
        c3: col({ title: 'Due', type: 'DateTime', ord: 3 }),
      },
    });
    expect(columns.map((c) => [c.id, c.title, c.valueIndex])).toEqual([
      ['c0', 'Name', 0],
      ['c2', 'Age', 2],
      ['c3', 'Due', 3],
    ]);
    expect(columns.map((c) => [c.width, c.flex, c.align])).toEqual([
      [160, 2, 'left'],
      [80, 1, 'right'],
      [144, 2, 'left'],
    ]);
  });

  it('reads the value rule: width (at least 68), lines, alignment, hidden value and image size', () => {
    const [a, b] = buildColumnModel({
      rcols: {
        a: col({
          title: 'Amount',
          type: 'Currency',
          ord: 0,
          places: 2,
          valueRule: { columnWidth: 40, lines: 3, align: 'center', hideval: true },
        }),
        b: col({ title: 'Photo', type: 'String', ord: 1, valueRule: { imgw: 48, imgh: 24 } }),
      },
    });
    expect(a).toMatchObject({
      width: 68,
      hasFixedWidth: true,
      lines: 3,
      align: 'center',
      hideValue: true,
      places: 2,
    });
    expect(b).toMatchObject({
      isImage: true,
      template: 'image',
      width: 80,
      flex: 1,
      hasFixedWidth: false,
      imageSize: { width: 48, height: 24 },
    });
  });

  it('chooses the cell template from the column and the report', () => {
    const rcols = {
      name: col({ title: 'Name', type: 'String', ord: 0, entityname: true }),
      owner: col({ title: 'Owner', type: 'RelatedResource', ord: 1, rid: 5, tid: 40 }),
      score: col({
        title: 'Score',
        type: 'Int32',
        ord: 2,
        cfRule: { style: 'ProgressBar', rules: [{ bounds: { lower: 0, upper: 100 }, bgcolor: 'green' }] },
      }),
      status: col({
        title: 'Status',
        type: 'ChoiceRelationship',
        ord: 3,
        tid: 40,
        defcfRule: { style: 'Icon', rules: [{ imgid: 9 }] },
      }),
      flag: col({
        title: 'Flag',
        type: 'String',
        ord: 4,
        valueRule: { disabledefft: true },
        defcfRule: { style: 'Highlight', rules: [{ bgcolor: 'red' }] },
      }),
      hot: col({
        title: 'Hot',
        type: 'String',
        ord: 5,
        cfRule: { style: 'Highlight', rules: [{ bgcolor: 'red' }] },
      }),
    };
    const templates = (options: Parameters<typeof buildColumnModel>[1]) =>
      buildColumnModel({ rcols }, options).map((c) => c.template);
    expect(templates({ personTypeIds: new Set([40]) })).toEqual([
      'plain',
      'avatar',
      'progressBar',
      'icon',
      'plain',
      'highlight',
    ]);
    expect(templates({ isDocumentReport: true })[0]).toBe('fileLink');
    expect(templates({ isTaskReport: true })[0]).toBe('taskType');
    expect(templates({ isPersonReport: true })[0]).toBe('avatar');
    expect(templates({})[1]).toBe('plain');
  });

  it('marks the document size field as a file size', () => {
    const [size] = buildColumnModel(
      { rcols: { s: col({ title: 'Size', type: 'Int32', ord: 0, fid: 77 }) } },
      { fileSizeFieldId: 77 },
    );
    expect(size?.isFileSize).toBe(true);
  });

  it('drops formatting and value-rule keys of an unexpected shape when the report is read', () => {
    const meta = reportColumnMeta.parse({
      title: 'X',
      type: 'String',
      ord: 0,
      hide: false,
      valueRule: { align: 7, columnWidth: 'wide', lines: 2, custom: 'kept' },
      cfRule: { style: 'Sparkle', rules: [] },
      defcfRule: { style: 'Highlight', rules: [{ bgcolor: 'red' }] },
    });
    expect(meta.valueRule).toEqual({ lines: 2, custom: 'kept' });
    expect(meta.cfRule).toBeUndefined();
    const [x] = buildColumnModel({ rcols: { x: meta } });
    expect(x).toMatchObject({ template: 'highlight', lines: 2, width: 160, align: 'left' });
  });

  it('answers no columns for missing or broken metadata', () => {
    expect(buildColumnModel(undefined)).toEqual([]);
    expect(buildColumnModel({ rcols: null } as never)).toEqual([]);
    expect(buildColumnModel({ rcols: { x: null, y: { title: 'Y' } } } as never)).toEqual([]);
    const [odd] = buildColumnModel({
      rcols: {
        z: { title: 'Z', type: 'String', ord: 0, hide: false, valueRule: { columnWidth: 'wide', lines: -2 } },
      } as never,
    });
    expect(odd).toMatchObject({ width: 160, lines: 1, hasFixedWidth: false });
  });
});
