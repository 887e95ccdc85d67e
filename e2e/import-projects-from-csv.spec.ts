import { expect, test } from '@playwright/test';
import { deleteObjectNamed } from './schemaCleanup';

// An administrator makes an Object from a CSV file and imports its 1,000 rows (issue 19, item 6):
// two rows are bad, the preview names their lines, they are excluded, the other 998 are imported
// all at once with a progress bar, and the records are there in the Object's report.

const objectName = 'Imported project';

/** 1,000 projects in the tenant's way of writing (en-AU: dd/MM/yyyy); lines 101 and 502 are bad. */
function projectsCsv(): string {
  const lines = ['Name,Budget,Start,Done'];
  for (let i = 1; i <= 1000; i++) {
    const line = i + 1;
    const budget = line === 101 ? 'lots' : `${i * 10}.50`;
    const start = line === 502 ? '31/02/2026' : `${String((i % 28) + 1).padStart(2, '0')}/03/2026`;
    lines.push(`Project ${String(i).padStart(4, '0')},${budget},${start},${i % 2 === 0 ? 'yes' : 'no'}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

test('import 1,000 projects from a CSV file, excluding the two bad rows by line', async ({ page }) => {
  await page.goto('/admin/schema');
  await deleteObjectNamed(page, objectName);
  await page.reload();
  await page.getByRole('button', { name: 'New Object from CSV' }).click();
  const create = page.getByRole('dialog', { name: 'New Object from CSV' });
  await create.getByLabel('CSV file').setInputFiles({
    name: 'imported-project.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(projectsCsv()),
  });
  await create.getByRole('button', { name: 'Upload' }).click();

  // The header makes the fields: the bad values kept Budget and Start from being guessed, so the
  // administrator sets their types; Name gives the records' names.
  await expect(create.getByRole('textbox', { name: 'Object name' })).toHaveValue('Imported project');
  await expect(create.getByRole('radio', { name: "Name gives the records' names" })).toBeChecked();
  await expect(create.getByRole('combobox', { name: 'Field type of the column Done' })).toHaveValue(
    'Boolean',
  );
  await expect(create.getByRole('combobox', { name: 'Field type of the column Budget' })).toHaveValue('Text');
  await create.getByRole('combobox', { name: 'Field type of the column Budget' }).selectOption('Decimal');
  await create.getByRole('combobox', { name: 'Field type of the column Start' }).selectOption('Date');
  await create.getByRole('button', { name: 'Create the Object' }).click();

  const dialog = page.getByRole('dialog', { name: `Import from CSV into '${objectName}'` });
  await expect(dialog.getByRole('combobox', { name: 'Field for the column Budget' })).toHaveValue(/^#\d+$/);
  await dialog.getByRole('button', { name: 'Preview' }).click();

  const bad = dialog.getByRole('region', { name: 'Rows with problems' });
  await expect(bad).toContainText('Line 101: Budget: The value is not a valid number.');
  await expect(bad).toContainText('Line 502: Start: The value is not a valid date.');
  await expect(dialog.getByText(/1,000 rows: 998 are ready to import, 2 have problems/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import 998 records' })).toBeDisabled();

  await bad.getByRole('button', { name: 'Exclude these 2 rows' }).click();
  const importButton = dialog.getByRole('button', { name: 'Import 998 records' });
  await expect(importButton).toBeEnabled();
  await importButton.click();
  await expect(dialog.getByText(new RegExp(`Imported 998 records into '${objectName}'`))).toBeVisible({
    timeout: 30_000,
  });

  await dialog.getByRole('button', { name: 'See the records' }).click();
  const records = dialog.getByRole('table', { name: /: the first 50 records$/ });
  await expect(records.getByRole('cell', { name: 'Project 0001', exact: true })).toBeVisible();
  await expect(records.getByRole('cell', { name: 'Project 0100', exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  // The Object's page, and its records counted by the server: 998, none of the bad lines.
  await expect(page.getByRole('heading', { level: 1, name: objectName })).toBeVisible();
  const typeId = Number(/\/admin\/schema\/(\d+)$/.exec(page.url())?.[1]);
  const usage = await (await page.request.get(`/spapi/data/v1/schema/type/${typeId}/usage`)).json();
  expect(usage.recordCount).toBe(998);
});
