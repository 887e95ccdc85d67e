import { expect, type Page, test } from '@playwright/test';
import { createAnApp } from './builderSteps';
import { seriousFindings } from './runnerAxe';

/**
 * Keeps a screenshot of what the administrator sees, as an artefact of the run. During a keyboard
 * drag only the window is taken: a full-page shot resizes the window, and dnd-kit cancels a drag
 * when the window is resized.
 */
async function keep(
  page: Page,
  name: string,
  testInfo: import('@playwright/test').TestInfo,
  fullPage = true,
) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/**
 * Issue 20 item 2: in the builder's File tab the administrator adds a menu folder and moves a page
 * into it with the keyboard alone (dnd-kit's keyboard sensor: Space picks up, the arrow keys move,
 * Space drops), saves, finds it still there after a reload, and sees the folder in the runner's
 * menu. Apps cannot be deleted yet, so each run makes its own app.
 */
test('an administrator moves a page into a menu folder by keyboard', async ({ page }, testInfo) => {
  const run = Date.now().toString(36);
  const name = `Menu Folders ${run}`;
  const slug = `menufolders${run}`;

  await page.setViewportSize({ width: 1440, height: 900 });
  await createAnApp(page, name, slug);

  // The builder opens at the Welcome page; a second page joins the menu.
  await page.goto(`/admin/apps/${slug}`);
  await expect(page).toHaveURL(new RegExp(`/admin/apps/${slug}/welcome$`));
  const fileTab = page.getByRole('tab', { name: 'File' });
  await fileTab.click();
  await page.getByRole('button', { name: 'Add page' }).click();
  const add = page.getByRole('dialog', { name: 'Add page' });
  await add.getByLabel('Page name').fill('Visit log');
  await add.getByRole('button', { name: 'Add page' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/apps/${slug}/visitlog$`));
  await expect(page.getByRole('heading', { level: 1, name: /Visit log$/ })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Page name' })).toHaveValue('Visit log');
  if ((await fileTab.getAttribute('aria-selected')) !== 'true') await fileTab.click();
  const menu = page.getByRole('list', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Visit log' })).toBeVisible();

  // A folder, named, at the end of the menu.
  await page.getByRole('button', { name: 'Add folder to Menu' }).click();
  const folderDialog = page.getByRole('dialog', { name: 'Add folder to Menu' });
  await folderDialog.getByLabel('Folder name').fill('Field records');
  await folderDialog.getByRole('button', { name: 'Add folder' }).click();
  await expect(folderDialog).toBeHidden();
  const folder = page.getByRole('list', { name: 'Folder Field records' });
  await expect(folder).toContainText('No pages in this folder.');

  // By keyboard: the handle picks the page up, the down arrow takes it over the folder, Space drops it in.
  const handle = page.getByRole('button', { name: 'Drag Visit log' });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Picked up Page Visit log.')).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('Page Visit log will move into folder Field records.')).toBeAttached();
  await keep(page, 'dragging-into-folder-1440', testInfo, false);
  await page.keyboard.press('Space');
  await expect(page.getByText('Page Visit log was moved into folder Field records.')).toBeAttached();
  await expect(folder.getByRole('link', { name: 'Visit log' })).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await keep(page, 'moved-into-folder-1440', testInfo);
  expect(await seriousFindings(page)).toEqual([]);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('App was successfully saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  // It stayed there.
  await page.reload();
  await fileTab.click();
  await expect(
    page.getByRole('list', { name: 'Folder Field records' }).getByRole('link', { name: 'Visit log' }),
  ).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await keep(page, 'file-tab-390', testInfo);

  // The runner's menu has the folder, with the page in it.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/apps/${slug}`);
  await expect(page.getByRole('heading', { name: `Welcome to ${name}` })).toBeVisible();
  const appMenu = page.getByRole('navigation', { name: 'App menu' });
  await appMenu.getByRole('button', { name: 'Field records' }).click();
  await page.getByRole('menuitem', { name: 'Visit log' }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/${slug}/visitlog$`));
  await keep(page, 'runner-menu-1440', testInfo);
});
