import type { ImageComponentProperties } from '@plinth/schema';
import { useState } from 'react';
import type { PageComponentProps } from '../componentRegistry';

/** Addresses an image may come from: this site's own paths, or http(s). */
export function safeImageUrl(url: string | undefined): string | null {
  const value = url?.trim();
  if (!value) return null;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** A stored document shown in the page (the file store serves it inline). */
export const documentImageUrl = (documentId: number) => `/spapi/data/v2/file/${documentId}?inline=1`;

/**
 * An image from an address or a stored document, with its alt text; it fills its cell, whose
 * aspect ratio (the element's style, 4:3 by default here) keeps the page from jumping as it loads.
 */
export function ImageComponent({ properties }: PageComponentProps<ImageComponentProperties>) {
  const [failed, setFailed] = useState(false);
  const src =
    properties.documentId !== undefined
      ? documentImageUrl(properties.documentId)
      : safeImageUrl(properties.url);
  if (!src || failed)
    return (
      <div
        className="pl-page-image pl-page-image--missing"
        role="img"
        aria-label={properties.altText || 'Image'}
      >
        {src ? 'The image could not be loaded' : 'The image address is not allowed'}
      </div>
    );
  return (
    <img
      className="pl-page-image"
      src={src}
      alt={properties.altText}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}
