import { expect, test } from '@playwright/test';

/**
 * Issue 18 item 7 (decision 0097): the administrator writes a role's access rule in the
 * expression editor. The rule check marks an unknown field where it is, with its message on hover
 * and under the editor; `currentuser()` is not flagged; the save keeps the rule. Then the dialog
 * at 390 px, driven by the keyboard.
 */
test('an administrator writes an access rule in the expression editor', async ({ page }) => {
  const role = `Auditors ${Date.now().toString(36)}`;
  await page.goto('/admin/roles');
  await page.getByRole('button', { name: 'New role' }).click();
  const newRole = page.getByRole('dialog', { name: 'New role' });
  await newRole.getByLabel('Name').fill(role);
  await newRole.getByRole('button', { name: 'Create role' }).click();
  await expect(newRole).toBeHidden();

  await page.getByRole('button', { name: `Add rule to ${role}` }).click();
  const dialog = page.getByRole('dialog', { name: `New rule for ${role}` });
  await dialog.getByRole('button', { name: /Type/ }).click();
  await page.getByRole('option', { name: 'Account', exact: true }).click();
  const box = dialog.getByRole('textbox', { name: 'Only the records where (calculation)' });
  await box.click();
  await page.keyboard.type('[nosuch] = 1');
  // The unknown name is underlined where it is, and its message is the help text and the hover.
  const marked = dialog.locator('.cm-lintRange-error');
  await expect(marked).toHaveText('[nosuch]');
  const help = dialog.locator('.pl-expr-help');
  await expect(help).toContainText("'nosuch' is not a recognised field");
  await marked.hover();
  await expect(page.locator('.cm-tooltip-hover, .cm-tooltip-lint').first()).toContainText('nosuch');

  // The save refuses it with the server's message.
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(dialog.getByRole('alert')).toContainText('nosuch');

  await box.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type('[securityOwner] = currentuser()');
  await expect(help).toHaveText('No errors. Gives Bool.');
  await expect(marked).toHaveCount(0);
  await expect(box).toHaveText('[securityOwner] = currentuser()');
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(dialog).toBeHidden();
  const region = page.getByRole('region', { name: role });
  await expect(region.getByText('[securityOwner] = currentuser()')).toBeVisible();
});

test('the rule dialog fits 390 px and is written with the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/admin/roles');
  await page.getByRole('button', { name: 'Add rule to Sales' }).click();
  const dialog = page.getByRole('dialog', { name: 'New rule for Sales' });
  await dialog.getByRole('button', { name: /Type/ }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'Opportunity', exact: true }).focus();
  await page.keyboard.press('Enter');
  const box = dialog.getByRole('textbox', { name: 'Only the records where (calculation)' });
  await box.focus();
  await page.keyboard.type('[nosuch] = 1');
  await expect(dialog.locator('.pl-expr-help')).toContainText("'nosuch' is not a recognised field");
  // Nothing of the dialog is wider than the screen.
  const width = await dialog.evaluate((d) => d.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  const editorBox = await dialog.locator('.pl-expr-editor').boundingBox();
  expect(editorBox!.x + editorBox!.width).toBeLessThanOrEqual(390);
  // Tab leaves the text box (it does not indent): the keyboard reaches the buttons.
  await page.keyboard.press('Tab');
  await expect(box).not.toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Add rule' })).toBeVisible();
  // Escape leaves the dialog without a rule.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
