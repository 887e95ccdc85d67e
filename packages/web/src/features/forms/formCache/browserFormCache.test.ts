import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserFormCache, formCacheSignedIn } from './browserFormCache';

describe('the browser form cache', () => {
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it('is one cache in localStorage, cleared when another account signs in', () => {
    formCacheSignedIn(1, 10);
    browserFormCache().put('form', '5', { name: 'Deal form' }, 'm');
    expect(browserFormCache()).toBe(browserFormCache());
    expect(localStorage.getItem('plinth.formCache.form')).toContain('Deal form');
    formCacheSignedIn(1, 10);
    expect(browserFormCache().get('form', '5').state).toBe('fresh');
    formCacheSignedIn(1, 11);
    expect(browserFormCache().get('form', '5')).toEqual({ state: 'miss' });
    expect(localStorage.getItem('plinth.formCache.account')).toBe('1.11');
  });
});
