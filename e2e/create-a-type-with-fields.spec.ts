import { expect, type Page, test } from '@playwright/test';
import { deleteObjectNamed } from './schemaCleanup';

// An administrator models a new Object in the schema editor (issue 19): "Project" with a text, a
// number, a date and a calculated field written in the expression editor; a duplicate field name
// is refused with the spec's message; then a record is created through the Object's default form.

async function addField(page: Page, kind: string, name: string) {
  await page.getByRole('button', { name: 'New field' }).click();
  await page.getByRole('menuitem', { name: kind, exact: true }).click();
  const dialog = page.getByRole('dialog');
  const nameBox = dialog.getByRole('textbox', { name: /Field name/ });
  await nameBox.fill(name);
  const script = dialog.getByRole('textbox', { name: /Script name/ });
  await script.fill(name.replace(/\W+/g, ''));
  return dialog;
}

test('create a type with fields, refuse a duplicate field, and create a record', async ({ page }) => {
  await page.goto('/admin/schema');
  await deleteObjectNamed(page, 'Project');
  await page.reload();
  await page.getByRole('button', { name: 'New Object', exact: true }).click();
  const create = page.getByRole('dialog', { name: 'New Object' });
  await expect(create.getByText('Creating an Object may incur additional license costs.')).toBeVisible();
  await create.getByRole('textbox', { name: /Object name/ }).fill('Project');
  await expect(create.getByRole('textbox', { name: /Script name/ })).toHaveValue('Project');
  await create.getByRole('button', { name: 'Create Object' }).click();
  await expect(page.getByText('Object details successfully saved.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Project' })).toBeVisible();
  const typeId = Number(/\/admin\/schema\/(\d+)$/.exec(page.url())?.[1]);
  expect(typeId).toBeGreaterThan(0);

  for (const [kind, name] of [
    ['Text', 'Code'],
    ['Number', 'Budget'],
    ['Date', 'Start'],
  ] as const) {
    const dialog = await addField(page, kind, name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('cell', { name, exact: true }).first()).toBeVisible();
  }

  // The calculated field is written in the expression editor, which compiles it against Project.
  const calc = await addField(page, 'Calculation', 'Double budget');
  await calc.getByRole('tab', { name: 'Calculation' }).click();
  const box = calc.getByRole('textbox', { name: 'Calculation', exact: true });
  await box.click();
  await page.keyboard.type('[Budget] * 2');
  await expect(calc.locator('.pl-expr-help')).toHaveText(/No errors\. Gives/);
  await calc.getByRole('button', { name: 'Save' }).click();
  await expect(calc).toBeHidden();
  await expect(page.getByRole('cell', { name: 'Double budget', exact: true })).toBeVisible();

  // A second field named Code: the server's message shows at the name.
  const duplicate = await addField(page, 'Text', 'Code');
  await duplicate.getByRole('textbox', { name: /Script name/ }).fill('otherCode');
  await duplicate.getByRole('button', { name: 'Save' }).click();
  await expect(duplicate.getByText("There is another field with the same 'Field name'.")).toBeVisible();
  await expect(duplicate.getByRole('alert')).toHaveText('Correct errors before saving');
  await duplicate.getByRole('button', { name: 'Cancel' }).click();

  // The Object's default form, through the runner.
  await page.goto(`/apps/crm/_createRecord?cid=${typeId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'New Project' })).toBeVisible();
  await page.getByRole('textbox', { name: /^Name/ }).fill('Bridge');
  await page.getByRole('textbox', { name: /^Code/ }).fill('BR-1');
  const budget = page.getByRole('textbox', { name: /^Budget/ });
  await budget.fill('1200');
  await budget.press('Tab');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Record created')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Bridge' })).toBeVisible();
});
