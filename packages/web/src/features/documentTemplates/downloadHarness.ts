import { vi } from 'vitest';

/**
 * Watches the browser downloads a test causes (jsdom has no object URLs and follows no link): each
 * download's file name and the blob it saves.
 */
export function watchDownloads() {
  const downloads: Array<{ fileName: string; blob: Blob }> = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  const create = vi.fn((blob: Blob) => {
    const url = `blob:test/${++next}`;
    blobs.set(url, blob);
    return url;
  });
  const revoke = vi.fn();
  Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href);
    if (blob) downloads.push({ fileName: this.download, blob });
  });
  return { downloads, restore: () => click.mockRestore() };
}
