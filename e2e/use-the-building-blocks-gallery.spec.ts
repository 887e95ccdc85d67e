import { expect, type Page, test } from '@playwright/test';

async function section(page: Page, id: string) {
  const locator = page.getByTestId(`gallery-${id}`);
  await locator.scrollIntoViewIfNeeded();
  return locator;
}

test.beforeEach(async ({ page }) => {
  await page.goto('/_gallery');
  await expect(page.getByRole('heading', { name: 'Building blocks' })).toBeVisible();
});

test('screenshots of the gallery at desktop and mobile width', async ({ page }, testInfo) => {
  await expect(page.getByTestId('gallery-richtext').getByRole('toolbar').first()).toBeVisible();
  const desktop = testInfo.outputPath('gallery-desktop.png');
  await page.screenshot({ path: desktop, fullPage: true });
  await testInfo.attach('gallery-desktop', { path: desktop, contentType: 'image/png' });
  // react-aria's switch is a hidden input inside a label: a person clicks the label's track.
  await page.locator('label', { has: page.getByRole('switch', { name: 'Mobile width (375 px)' }) }).click();
  await page.setViewportSize({ width: 420, height: 900 });
  const mobile = testInfo.outputPath('gallery-mobile.png');
  await page.screenshot({ path: mobile, fullPage: true });
  await testInfo.attach('gallery-mobile', { path: mobile, contentType: 'image/png' });
});

test('each field kind focused, one screenshot per block', async ({ page }, testInfo) => {
  const ids = [
    'text',
    'textarea',
    'numeric',
    'decimal',
    'currency',
    'date',
    'time',
    'datetime',
    'toggle',
    'select',
    'multiselect',
    'picker',
  ];
  for (const id of ids) {
    const block = await section(page, id);
    const focused = block.locator('[data-state="Focused"]');
    // Keyboard focus, as a person tabbing in would give it (focus rings show for keyboard focus only).
    await focused
      .getByRole('button', { name: /^Help for/ })
      .first()
      .focus();
    await page.keyboard.press('Tab');
    await expect(focused.locator(':focus')).toHaveCount(1);
    const file = testInfo.outputPath(`gallery-${id}.png`);
    await block.screenshot({ path: file });
    await testInfo.attach(`gallery-${id}`, { path: file, contentType: 'image/png' });
  }
});

test('type into text, numeric and currency inputs', async ({ page }) => {
  const text = (await section(page, 'text')).locator('[data-state="Empty"]').getByRole('textbox');
  await text.fill('');
  await text.pressSequentially('Acme');
  await expect((await section(page, 'text')).locator('[data-state="Empty"]')).toContainText('4 / 80');

  const numeric = (await section(page, 'numeric')).locator('[data-state="Empty"]').getByRole('textbox');
  await numeric.pressSequentially('12a3.4');
  await expect(numeric).toHaveValue('1234');
  await numeric.fill('');
  await numeric.pressSequentially('999999');
  await numeric.blur();
  await expect(numeric).toHaveValue('100000');
  await expect((await section(page, 'numeric')).locator('[data-state="Empty"]')).toContainText('(max)');

  const currency = (await section(page, 'currency')).locator('[data-state="Empty"]');
  await expect(currency).toContainText('$');
  await currency.getByRole('textbox').pressSequentially('7.5');
  await currency.getByRole('textbox').blur();
  await expect(currency.getByRole('textbox')).toHaveValue('7.50');
});

test('pick a date from the calendar', async ({ page }) => {
  const date = (await section(page, 'date')).locator('[data-state="Empty"]');
  await date.getByRole('button', { name: 'Open calendar' }).click();
  const calendar = page.getByRole('dialog', { name: 'Calendar' });
  await calendar.locator('.pl-calendar__title').click();
  await calendar.getByRole('button', { name: /^\d{4}$/ }).click();
  await calendar.getByRole('button', { name: '2027', exact: true }).click();
  await calendar.getByRole('button', { name: 'March 2027' }).click();
  await calendar.getByRole('button', { name: '14 March 2027' }).click();
  await expect(calendar).toBeHidden();
  await expect(date.getByRole('spinbutton')).toHaveText(['14', '03', '2027']);
});

test('type a time and an incomplete date', async ({ page }) => {
  const time = (await section(page, 'time')).locator('[data-state="Empty"]');
  await time.getByRole('spinbutton').first().click();
  await page.keyboard.type('0745p');
  await expect(time.getByRole('spinbutton')).toHaveText(['07', '45', /pm/i]);
  const date = (await section(page, 'date')).locator('[data-state="Empty"]');
  await date.getByRole('spinbutton').first().click();
  await page.keyboard.type('3');
  await page.getByRole('heading', { name: 'Building blocks' }).click();
  await expect(date).toContainText('Invalid date.');
});

test('choose from a select list with search, and type rich text', async ({ page }) => {
  const select = (await section(page, 'select')).locator('[data-state="Empty"]');
  await select.getByRole('button', { name: 'Stage' }).click();
  await page.keyboard.type('clos');
  await page.getByRole('option', { name: 'Closed Won' }).click();
  await expect(select.getByRole('button', { name: 'Stage: Closed Won' })).toBeVisible();

  const editor = (await section(page, 'richtext')).getByRole('textbox', { name: 'Notes', exact: true });
  await editor.click();
  await page.keyboard.type('Signed ');
  await page.getByRole('button', { name: 'Bold' }).first().click();
  await page.keyboard.type('today');
  await expect(editor.locator('strong')).toHaveText('today');
  await expect(page.getByRole('button', { name: 'Bold' }).first()).toHaveAttribute('aria-pressed', 'true');
});

test('search and pick a demo contact in the picker modal', async ({ page }, testInfo) => {
  const picker = (await section(page, 'picker')).locator('[data-state="Empty"]');
  await picker.getByRole('button', { name: 'Browse Contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Contact' });
  await expect(dialog.getByRole('radio')).toHaveCount(10);
  const first = (await dialog.getByRole('radio').first().getAttribute('aria-label')) ?? '';
  const search = first.split(' ')[0]!;
  await dialog.getByRole('searchbox').fill(search);
  // The server's quick search narrows the rows to the matching contacts.
  await expect
    .poll(async () => {
      const names = await dialog
        .getByRole('radio')
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
      return names.length > 0 && names.every((n) => (n ?? '').toLowerCase().includes(search.toLowerCase()));
    })
    .toBe(true);
  await expect(dialog.getByText('Loading…')).toBeHidden();
  await expect(dialog.getByRole('radio', { name: first })).toBeVisible();
  await testInfo.attach('picker-modal', { body: await page.screenshot(), contentType: 'image/png' });
  await dialog.getByRole('row', { name: first }).dblclick();
  await expect(dialog).toBeHidden();
  await expect(picker.getByRole('button', { name: `Remove ${first}` })).toBeVisible();
});

test('search and pick from the picker dropdown', async ({ page }) => {
  const picker = (await section(page, 'picker')).locator('[data-state="Filled"]');
  await picker.getByRole('textbox', { name: 'Contact' }).click();
  const listbox = page.getByRole('listbox', { name: 'Contact options' });
  await expect(listbox.getByRole('option')).toHaveCount(20);
  await expect(page.getByRole('button', { name: 'Load more' })).toBeVisible();
  const name = (await listbox.getByRole('option').nth(2).textContent()) ?? '';
  const typed = name.slice(0, 4);
  await page.keyboard.type(typed);
  // Wait for the search's answer: clicking the option in the list still showing would race the
  // narrowed list, which moves the option (and a scroll closes the non-modal dropdown).
  await expect
    .poll(async () => {
      const names = await listbox.getByRole('option').allTextContents();
      return names.length < 20 && names.includes(name);
    })
    .toBe(true);
  await listbox.getByRole('option', { name }).click();
  await expect(picker.getByRole('button', { name: `Remove ${name}` })).toBeVisible();
});

test('modals, toasts and the context menu behave in a real browser', async ({ page }) => {
  await (await section(page, 'modals')).getByRole('button', { name: 'Yes / No' }).click();
  const modal = page.getByRole('dialog', { name: 'Modal: Yes / No' });
  await expect(modal.getByRole('button', { name: 'Yes' })).toBeVisible();
  await expect(modal.getByRole('button', { name: 'No' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  await page.getByRole('button', { name: 'No close button' }).click();
  const locked = page.getByRole('dialog', { name: 'Unsaved changes' });
  await page.keyboard.press('Escape');
  await expect(locked).toBeVisible();
  await locked.getByRole('button', { name: 'Discard' }).click();
  await expect(locked).toBeHidden();

  await (await section(page, 'toasts')).getByRole('button', { name: 'Warning' }).click();
  await expect(page.locator('.pl-toast--warning')).toContainText('You cannot select more than 200 items.');

  const area = (await section(page, 'overlays')).getByText('Right-click here for the context menu');
  await area.click({ button: 'right' });
  const menu = page.getByRole('menu', { name: 'Row actions' });
  await expect(menu.getByRole('menuitem', { name: 'Delete' })).toHaveAttribute('aria-disabled', 'true');
  await menu.getByRole('menuitem', { name: /Export/ }).hover();
  await page.getByRole('menu', { name: 'Export' }).getByRole('menuitem', { name: 'CSV' }).click();
  await expect(page.locator('.pl-toast--info')).toContainText('CSV');
  await expect(menu).toBeHidden();
});

test('rich text: a javascript: link is neutralised and paste is sanitised', async ({ page, baseURL }) => {
  const block = await section(page, 'richtext');
  const editor = block.getByRole('textbox', { name: 'Notes', exact: true });
  await editor.click();
  await block.getByRole('button', { name: 'Link' }).first().click();
  const popup = page.getByRole('dialog', { name: 'Insert link' });
  await expect(popup.getByRole('button', { name: 'Insert link' })).toBeDisabled();
  await popup.getByRole('textbox', { name: 'Text' }).fill('click me');
  await popup.getByRole('textbox', { name: 'Link url' }).fill('javascript:alert(document.cookie)');
  await popup.getByRole('button', { name: 'Insert link' }).click();
  const link = editor.getByRole('link', { name: 'click me' });
  await expect(link).toHaveAttribute('href', `${baseURL}/`);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /nofollow/);

  await editor.press('End');
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData(
      'text/html',
      '<p style="color:red">pasted<script>window.hacked=1</script><code>x</code></p>',
    );
    const target = document.querySelector('[aria-label="Notes"][contenteditable="true"]')!;
    target.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  await expect(editor).toContainText('pasted');
  await expect(editor.locator('script, code, [style*="color"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
});

test('long help text opens a dialog acknowledged with OK', async ({ page }) => {
  await (await section(page, 'overlays')).getByRole('button', { name: 'Help for Long help' }).click();
  const dialog = page.getByRole('dialog', { name: 'Long help' });
  await expect(dialog).toContainText('Help longer than 1000 characters opens a dialog.');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
});
