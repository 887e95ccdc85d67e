import { describe, expect, it } from 'vitest';
import { imageUrl } from './imageUrl';

describe('imageUrl', () => {
  it('addresses an image record small (thumbnails) or full', () => {
    expect(imageUrl(42, 'small')).toBe('/spapi/data/v2/image/42?size=small');
    expect(imageUrl(42, 'full')).toBe('/spapi/data/v2/image/42?size=full');
  });

  it('goes under a base path when the app is served below one', () => {
    expect(imageUrl(7, 'small', '/plinth/')).toBe('/plinth/spapi/data/v2/image/7?size=small');
    expect(imageUrl(7, 'full', 'https://example.com')).toBe(
      'https://example.com/spapi/data/v2/image/7?size=full',
    );
  });
});
