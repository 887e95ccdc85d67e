import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';
import { deleteObjectNamed } from './schemaCleanup';
import { createObject } from './schemaEditorSteps';

// An administrator gives a choice value an icon (issue 19 item 4, spec 01 §3 icon formatting
// rules): a new choice Object "Priority" with the value "Urgent", an uploaded PNG as its icon,
// shown beside the value as pickers show it, served by the image call.

const typeName = 'Priority';

/** A 32×32 PNG of one colour, as a user's icon file would be. */
function png(rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(32, 0);
  header.writeUInt32BE(32, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(32 * 3).map((_, i) => rgb[i % 3]!)]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: 32 }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('give a choice value an uploaded icon, shown as pickers show it', async ({ page }) => {
  await page.goto('/admin/schema');
  await deleteObjectNamed(page, typeName);
  await page.reload();
  await createObject(page, typeName, /^Choice Value/);

  const panel = page.getByRole('region', { name: 'Choice values' });
  await panel.getByRole('button', { name: 'New choice value' }).click();
  await panel.getByRole('textbox', { name: /Choice value/ }).fill('Urgent');
  const icon = panel.getByRole('group', { name: 'Icon' });
  await expect(icon.getByText('No icon')).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await icon.getByRole('button', { name: 'Upload icon' }).click();
  await (await chooser).setFiles({ name: 'urgent.png', mimeType: 'image/png', buffer: png([200, 40, 40]) });
  await expect(icon.getByRole('img', { name: 'The current icon' })).toBeVisible();
  await panel.getByRole('button', { name: 'Save choice value' }).click();

  const value = panel.getByRole('listitem').filter({ hasText: 'Urgent' });
  const thumbnail = value.locator('img.pl-picker-option__icon');
  await expect(thumbnail).toBeVisible();
  // The image call serves the uploaded file: the browser draws it at its 32×32.
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(32);
  const { values } = await (
    await page.request.get(
      `${new URL(page.url()).pathname.replace('/admin/schema/', '/spapi/data/v1/schema/type/')}/enumValues`,
    )
  ).json();
  expect(values).toEqual([expect.objectContaining({ name: 'Urgent', iconImageId: expect.any(Number) })]);
});
