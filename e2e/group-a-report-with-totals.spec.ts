import { expect, test } from '@playwright/test';
import { columnTexts, countText, money, openReport, recordRows } from './reportGrid';

const byStage = { alias: 'crm:opportunitiesByStage', title: 'Opportunities by stage' };

test('see a grouped report with its group totals, collapse and expand all groups', async ({ page }) => {
  const report = await openReport(page, byStage.alias, byStage.title);
  const grid = report.getByRole('grid', { name: byStage.title });
  const groups = grid.getByRole('row').and(grid.locator('[aria-expanded]'));

  // Group header rows: the stage with its record count, and the Sum and Average of Amount as
  // amounts, each with its value in full.
  const firstGroup = groups.first();
  await expect(firstGroup).toBeVisible();
  await expect(firstGroup).toContainText(/^▾?[A-Z][\w ]+ \(\d+\)/);
  const totalsOf = firstGroup.getByRole('list', { name: /^Totals of / });
  await expect(totalsOf).toContainText(/Sum of Amount: \$[\d,]+\.\d{2}/);
  await expect(totalsOf).toContainText(/Average of Amount: \$[\d,]+\.\d{2}/);
  await expect(firstGroup).toHaveAttribute('aria-expanded', 'true');
  const stage = (await firstGroup.getAttribute('aria-label')) ?? '';
  // Its records follow it, all in its stage, by amount from the highest.
  const stages = await columnTexts(grid, 'Stage');
  expect(stages.length).toBeGreaterThan(3);
  expect(new Set(stages)).toEqual(new Set([stage]));
  const amounts = (await columnTexts(grid, 'Amount')).map(money);
  expect(amounts).toEqual([...amounts].sort((a, b) => b - a));

  // Grand totals under the grid: the count of every record, the Sum and the Average.
  const totals = grid.getByRole('rowgroup').last().getByRole('row');
  await expect(totals.filter({ hasText: /^Total \(\d+\)/ })).toHaveCount(1);
  await expect(totals.filter({ hasText: 'Sum' })).toContainText(/\$[\d,]+\.\d{2}$/);
  await expect(totals.filter({ hasText: 'Average' })).toContainText(/\$[\d,]+\.\d{2}$/);
  const total = Number(/Total \((\d+)\)/.exec((await totals.first().textContent()) ?? '')?.[1]);
  await expect(countText(report)).toHaveText(new RegExp(`^1-200 of ${total}$`));

  // Collapse All from a group's menu: only the group rows remain, one per stage.
  await firstGroup.getByRole('button', { name: `Group options for ${stage}` }).click();
  await page.getByRole('menuitem', { name: 'Collapse All' }).click();
  await expect(recordRows(grid)).toHaveCount(0);
  await expect(groups.first()).toHaveAttribute('aria-expanded', 'false');
  const count = await groups.count();
  expect(count).toBeGreaterThan(1);
  for (let i = 0; i < count; i++) await expect(groups.nth(i)).toHaveAttribute('aria-expanded', 'false');
  const labels = await groups.evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label')));
  expect(new Set(labels).size).toBe(count);
  // The groups' counts add up to the grand total.
  const counts = await groups.evaluateAll((rows) =>
    rows.map((r) => Number(/\((\d+)\)/.exec(r.textContent ?? '')?.[1] ?? 0)),
  );
  expect(counts.reduce((a, b) => a + b, 0)).toBe(total);

  // The first page of 200 ends inside a group: that group and the ones after it offer Load more.
  if (total > 200) {
    const loadMore = grid.getByRole('button', { name: /^Load more of / });
    await expect(loadMore.first()).toBeVisible();
    const partial = ((await loadMore.first().getAttribute('aria-label')) ?? '').replace('Load more of ', '');
    await loadMore.first().click();
    await expect(grid.getByRole('button', { name: `Load more of ${partial}` })).toHaveCount(0);
    await expect(countText(report)).not.toHaveText(/^1-200 of/);

    // A group further on, none of its rows loaded: its Load more reads its own rows only. The
    // footer counts the rows read in the report's order: they go on only when the group is the
    // next one.
    const remaining = await loadMore.count();
    const later = loadMore.last();
    if (remaining > 0) {
      const laterStage = ((await later.getAttribute('aria-label')) ?? '').replace('Load more of ', '');
      const laterGroup = groups.filter({ has: page.getByRole('button', { name: `Expand ${laterStage}` }) });
      const laterCount = Number(/\((\d+)\)/.exec((await laterGroup.textContent()) ?? '')?.[1] ?? 0);
      const footer = (await countText(report).textContent()) ?? '';
      await later.click();
      await grid.getByRole('button', { name: `Expand ${laterStage}` }).click();
      await expect(recordRows(grid).first()).toBeVisible();
      expect(new Set(await columnTexts(grid, 'Stage'))).toEqual(new Set([laterStage]));
      if (laterCount <= 200)
        await expect(grid.getByRole('button', { name: `Load more of ${laterStage}` })).toHaveCount(0);
      if (remaining > 1) await expect(countText(report)).toHaveText(footer);
      else await expect(countText(report)).not.toHaveText(footer);
      await grid.getByRole('button', { name: `Collapse ${laterStage}` }).click();
      await expect(recordRows(grid)).toHaveCount(0);
    }
  }

  // Expand All brings the records back under their groups.
  await groups
    .last()
    .getByRole('button', { name: /^Group options for / })
    .click();
  await page.getByRole('menuitem', { name: 'Expand All' }).click();
  await expect(groups.first()).toHaveAttribute('aria-expanded', 'true');
  await expect(recordRows(grid).first()).toBeVisible();
  expect(new Set(await columnTexts(grid, 'Stage'))).toEqual(new Set([stage]));

  // One group collapses by its own toggle.
  await grid.getByRole('button', { name: `Collapse ${stage}` }).click();
  await expect(groups.first()).toHaveAttribute('aria-expanded', 'false');
  await expect(groups.nth(1)).toHaveAttribute('aria-expanded', 'true');
  await expect(recordRows(grid).first()).toBeVisible();
  expect(await columnTexts(grid, 'Stage')).not.toContain(stage);

  // Sort descending from a group's menu: the groups come in the reverse order.
  await groups
    .first()
    .getByRole('button', { name: /^Group options for / })
    .click();
  await page.getByRole('menuitem', { name: 'Sort descending' }).click();
  await expect(groups.first()).toHaveAttribute('aria-label', labels.at(-1) ?? '');
  await groups
    .first()
    .getByRole('button', { name: /^Group options for / })
    .click();
  await page.getByRole('menuitem', { name: 'Sort ascending' }).click();
  await expect(groups.first()).toHaveAttribute('aria-label', labels[0] ?? '');
});
