/** 'small' for thumbnails (avatars, enum icons: 32×32), 'full' for the image itself. */
export type ImageSize = 'small' | 'full';

/**
 * The one place image URLs are made (spec 02 §7 "image URLs by image id (small and full)"): the
 * image record `id` at `/spapi/data/v2/image/{id}?size=small|full`, under `base` when the app is
 * served below a path or from another origin.
 *
 * @example imageUrl(42, 'small') // '/spapi/data/v2/image/42?size=small'
 */
export function imageUrl(id: number, size: ImageSize, base = ''): string {
  return `${base.replace(/\/+$/, '')}/spapi/data/v2/image/${encodeURIComponent(String(id))}?size=${size}`;
}
