import { describe, expect, it } from 'vitest';
import {
  decodeRuntimeOptions,
  encodeRuntimeOptions,
  hostQuery,
  normaliseFormMode,
  parseRunnerQuery,
} from './runnerQuery';

describe('parseRunnerQuery', () => {
  it('reads every parameter of spec 01 §2', () => {
    const rtOptions = encodeRuntimeOptions({ tab: 'details', size: 2 });
    const query = parseRunnerQuery(
      `app=crm&page=home&cid=42&pageId=7&formMode=edit&relEid=9&relTypeId=12&relDir=rev&stateStorageId=s1` +
        `&internalNavigation=1&rtOptions=${encodeURIComponent(rtOptions)}&preview=1&breadcrumbs=ab.cd` +
        `&rnurlbs=x&fromPageSlug=accounts&asPath=%2Fapps%2Fcrm&taskId=31`,
    );
    expect(query).toEqual({
      app: 'crm',
      page: 'home',
      cid: 42,
      pageId: 7,
      formMode: 'edit',
      relEid: 9,
      relTypeId: 12,
      relDir: 'rev',
      stateStorageId: 's1',
      internalNavigation: true,
      rtOptions: { tab: 'details', size: 2 },
      preview: true,
      breadcrumbs: 'ab.cd',
      rnurlbs: 'x',
      fromPageSlug: 'accounts',
      asPath: '/apps/crm',
      taskId: 31,
    });
  });

  it('gives the defaults for an empty query: pageId 0, formMode default, flags off', () => {
    expect(parseRunnerQuery(new URLSearchParams())).toEqual({
      app: null,
      page: null,
      cid: null,
      pageId: 0,
      formMode: 'default',
      relEid: null,
      relTypeId: null,
      relDir: null,
      stateStorageId: null,
      internalNavigation: false,
      rtOptions: null,
      preview: false,
      breadcrumbs: null,
      rnurlbs: null,
      fromPageSlug: null,
      asPath: null,
      taskId: null,
    });
  });

  it('reads malformed values as absent, never throwing', () => {
    const query = parseRunnerQuery(
      'cid=abc&pageId=-3&relEid=1e5&relTypeId=0&relDir=up&internalNavigation=true&preview=yes&rtOptions=%%%&app=%20',
    );
    expect(query).toMatchObject({
      app: null,
      cid: null,
      pageId: 0,
      relEid: null,
      relTypeId: null,
      relDir: null,
      internalNavigation: false,
      preview: false,
      rtOptions: null,
    });
  });
});

describe('normaliseFormMode', () => {
  it('keeps view and edit, makes anything else default', () => {
    expect(normaliseFormMode('view')).toBe('view');
    expect(normaliseFormMode('edit')).toBe('edit');
    expect(normaliseFormMode('new')).toBe('default');
    expect(normaliseFormMode('VIEW')).toBe('default');
    expect(normaliseFormMode(null)).toBe('default');
  });
});

describe('runtime options', () => {
  it('round-trip as base64 JSON, URL-safe alphabet and non-ASCII text included', () => {
    const options = { title: 'Café ü', n: [1, 2] };
    expect(decodeRuntimeOptions(encodeRuntimeOptions(options))).toEqual(options);
    const urlSafe = encodeRuntimeOptions({ a: '>>>???' }).replace(/\+/g, '-').replace(/\//g, '_');
    expect(decodeRuntimeOptions(urlSafe)).toEqual({ a: '>>>???' });
  });

  it('are null unless an object', () => {
    expect(decodeRuntimeOptions(btoa('[1,2]'))).toBeNull();
    expect(decodeRuntimeOptions(btoa('"text"'))).toBeNull();
    expect(decodeRuntimeOptions(btoa('{oops'))).toBeNull();
    expect(decodeRuntimeOptions('')).toBeNull();
  });
});

describe('hostQuery', () => {
  it('reads the hash host route’s query, nothing else', () => {
    const q = parseRunnerQuery(hostQuery('#/demo/0/apprunner?app=crm&page=home&preview=1&formMode=view'));
    expect(q).toMatchObject({ app: 'crm', page: 'home', preview: true, formMode: 'view' });
    expect(hostQuery('#/demo/1/other?app=crm').toString()).toBe('');
    expect(hostQuery('').toString()).toBe('');
  });
});
