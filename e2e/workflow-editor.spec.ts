import { expect, type Locator, type Page, test } from '@playwright/test';

/**
 * Issue 21 item 1 (decision 0130): an administrator writes a workflow in the admin area. "Mark won"
 * takes an Opportunity and sets its Stage to Closed Won and its Close Date to today; it is saved,
 * read again after a reload, and a broken expression is refused by the server's compile, the
 * refusal shown on the step it names with the edits kept. The journey deletes what it made.
 */

/** Types into the expression editor named `name`, replacing what it holds. */
async function writeExpression(page: Page, scope: Locator, name: string, text: string) {
  const box = scope.getByRole('textbox', { name, exact: true });
  await box.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
  // Hints may be open after typing; Escape closes them without leaving the editor's text.
  await page.keyboard.press('Escape');
}

/** Chooses an option of a select named `name` inside `scope`. */
async function choose(page: Page, scope: Locator, name: RegExp, option: string) {
  await scope.getByRole('button', { name }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an administrator writes the Mark won workflow, and a broken expression is refused', async ({
  page,
}) => {
  const name = `Mark won ${Date.now().toString(36)}`;
  await page.goto('/admin/workflows');
  await page.getByRole('button', { name: 'New workflow' }).click();
  await expect(page).toHaveURL(/\/admin\/workflows\/new$/);
  const about = page.getByRole('region', { name: 'Workflow' });
  await about.getByRole('textbox', { name: /^Name/ }).fill(name);

  await page.getByRole('button', { name: 'Add an argument' }).click();
  const argument = page.getByRole('listitem', { name: 'Argument 1' });
  await argument.getByRole('textbox', { name: /Name/ }).fill('Opportunity');
  await choose(page, argument, /Object/, 'Opportunity');

  await page.getByRole('button', { name: 'Add a step' }).click();
  await page.getByRole('menuitem', { name: 'Set fields' }).click();
  const step = page.getByRole('region', { name: 'Step 1: Set fields' });
  await writeExpression(page, step, 'Step 1: Record', '[Opportunity]');
  // The record's Object comes from its compile: its fields are offered.
  await expect(step.locator('.pl-expr-help').first()).toHaveText('No errors. Gives Entity.');
  await step.getByRole('button', { name: 'Add a value' }).click();
  await choose(page, step, /Set$/, 'Stage');
  await writeExpression(page, step, 'Step 1: value of Stage', "resource(Stage, 'Closed Won')");
  await step.getByRole('button', { name: 'Add a value' }).click();
  await choose(page, step.getByRole('listitem').nth(1), /Set$/, 'Close Date');
  await writeExpression(page, step, 'Step 1: value of Close Date', 'today()');
  await expect(step.locator('.cm-lintRange-error')).toHaveCount(0);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`'${name}' was saved.`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/workflows\/\d+$/);
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);

  // Read again: the workflow and its step are as written.
  await page.reload();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Edit step 1' }).click();
  const saved = page.getByRole('region', { name: 'Step 1: Set fields' });
  await expect(saved.getByRole('textbox', { name: 'Step 1: Record' })).toHaveText('[Opportunity]');
  await expect(saved.getByRole('textbox', { name: 'Step 1: value of Stage' })).toHaveText(
    "resource(Stage, 'Closed Won')",
  );
  await expect(saved.getByRole('textbox', { name: 'Step 1: value of Close Date' })).toHaveText('today()');
  await expect(
    page.getByRole('listitem', { name: 'Argument 1' }).getByRole('textbox', { name: /Name/ }),
  ).toHaveValue('Opportunity');

  // A name the workflow does not have: marked as it is typed, and refused by the save naming the step.
  await writeExpression(page, saved, 'Step 1: value of Close Date', '[Closing]');
  await expect(saved.locator('.cm-lintRange-error')).toHaveText('[Closing]');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(saved.getByRole('alert').first()).toContainText("Step 1 'Set fields', Close Date:");
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await expect(saved.getByRole('textbox', { name: 'Step 1: value of Close Date' })).toHaveText('[Closing]');

  // The list names it, with its one step and everyone allowed to run it.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Workflows' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('1');
  await expect(row).toContainText('Everyone');

  // Deleted after a confirmation that names it.
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const ask = page.getByRole('alertdialog', { name: 'Delete workflow' });
  await expect(ask).toContainText(`Delete the workflow '${name}'?`);
  await ask.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(`'${name}' was deleted.`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});

test('the workflow editor fits 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/admin/workflows/new');
  await page.getByRole('button', { name: 'Add an argument' }).click();
  await page.getByRole('button', { name: 'Add a step' }).click();
  await page.getByRole('menuitem', { name: 'Set fields' }).click();
  const step = page.getByRole('region', { name: 'Step 1: Set fields' });
  await writeExpression(page, step, 'Step 1: Record', '[Nothing]');
  await expect(step.locator('.cm-lintRange-error')).toHaveText('[Nothing]');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  const editor = await step.locator('.pl-expr-editor').boundingBox();
  expect(editor!.x + editor!.width).toBeLessThanOrEqual(390);
});
