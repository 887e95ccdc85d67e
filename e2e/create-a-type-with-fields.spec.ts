import { expect, test } from '@playwright/test';
import { deleteObjectNamed } from './schemaCleanup';
import { fieldNamed, saveField, startField } from './schemaEditorSteps';

// An administrator models a new Object in the schema editor (issue 19): "Project" with a text, a
// number, a date and a calculated field written in the expression editor; a duplicate field name
// is refused with the spec's message; then a record is created through the Object's default form.

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
  ] as const)
    await saveField(page, await startField(page, kind, name), name);

  // The calculated field is written in the expression editor, which compiles it against Project.
  const calc = await startField(page, 'Calculation', 'Double budget');
  await calc.getByRole('tab', { name: 'Calculation' }).click();
  const box = calc.getByRole('textbox', { name: 'Calculation', exact: true });
  await box.click();
  await page.keyboard.type('[Budget] * 2');
  await expect(calc.locator('.pl-expr-help')).toHaveText(/No errors\. Gives/);
  await saveField(page, calc, 'Double budget');

  // A second field named Code: the server's message shows at the name.
  const duplicate = await startField(page, 'Text', 'Code');
  await duplicate.getByRole('textbox', { name: /Script name/ }).fill('otherCode');
  await duplicate.getByRole('button', { name: 'Save' }).click();
  await expect(duplicate.getByText("There is another field with the same 'Field name'.")).toBeVisible();
  await expect(duplicate.getByRole('alert')).toHaveText('Correct errors before saving');
  await duplicate.getByRole('button', { name: 'Cancel' }).click();
  await expect(fieldNamed(page, 'Code')).toHaveCount(1);

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
