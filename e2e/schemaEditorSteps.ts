import { expect, type Locator, type Page } from '@playwright/test';

// Steps of the schema editor (Administration → Objects) that several journeys walk, as a builder
// does them: through the page, never through the API.

/**
 * Creates an Object in the New Object dialog, optionally inheriting from another (a choice Object
 * inherits from Choice Value), and answers its id once its page shows.
 */
export async function createObject(page: Page, name: string, inheritsFrom?: RegExp): Promise<number> {
  await page.getByRole('button', { name: 'New Object', exact: true }).click();
  const create = page.getByRole('dialog', { name: 'New Object' });
  await create.getByRole('textbox', { name: /Object name/ }).fill(name);
  if (inheritsFrom) {
    await create.getByRole('button', { name: /Inherits from/ }).click();
    await page.getByRole('option', { name: inheritsFrom }).click();
  }
  await create.getByRole('button', { name: 'Create Object' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const typeId = Number(/\/admin\/schema\/(\d+)$/.exec(page.url())?.[1]);
  expect(typeId).toBeGreaterThan(0);
  return typeId;
}

/**
 * Opens the dialog of a new field of a kind (as the New field menu names it) and names it; the
 * script name follows the name. Answers the dialog, for more properties before Save.
 */
export async function startField(page: Page, kind: string, name: string): Promise<Locator> {
  await page.getByRole('button', { name: 'New field' }).click();
  await page.getByRole('menuitem', { name: kind, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^New ${escaped(kind)} field on `) });
  await dialog.getByRole('textbox', { name: /Field name/ }).fill(name);
  return dialog;
}

/** Saves a field's dialog and sees the field listed. */
export async function saveField(page: Page, dialog: Locator, name: string): Promise<void> {
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(fieldNamed(page, name)).toBeVisible();
}

/** The Field name cells of the Object page's own fields that read `name`. */
export function fieldNamed(page: Page, name: string): Locator {
  return page
    .getByRole('region', { name: 'Fields' })
    .locator('td[data-label="Field name"]', { hasText: new RegExp(`^${escaped(name)}$`) });
}

/**
 * Adds a relationship in the New relationship dialog: its kind, the related Object and the name on
 * this Object (the other end keeps its proposed name); sees it listed once saved.
 */
export async function addRelationship(
  page: Page,
  relationship: { kind: string; related: string; name: string },
): Promise<void> {
  const panel = page.getByRole('region', { name: 'Relationships' });
  await panel.getByRole('button', { name: 'New relationship' }).click();
  const dialog = page.getByRole('dialog', { name: /^New relationship on / });
  if (relationship.kind !== 'Lookup') {
    await dialog.getByRole('button', { name: /Kind$/ }).click();
    await page.getByRole('option', { name: relationship.kind, exact: true }).click();
  }
  await dialog.getByRole('button', { name: /Related (choice )?Object$/ }).click();
  await page.getByRole('option', { name: relationship.related, exact: true }).click();
  // The first end is this Object's, the second the related one's.
  await dialog
    .getByRole('textbox', { name: /^Name on / })
    .first()
    .fill(relationship.name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('row').filter({ hasText: relationship.name }).first()).toBeVisible();
}

/** Adds a choice value with its colour on a choice Object's page, and sees it listed. */
export async function addChoiceValue(page: Page, name: string, colour: string): Promise<void> {
  const panel = page.getByRole('region', { name: 'Choice values' });
  await panel.getByRole('button', { name: 'New choice value' }).click();
  await panel.getByRole('textbox', { name: /Choice value/ }).fill(name);
  await panel.getByRole('textbox', { name: 'Colour' }).fill(colour);
  await panel.getByRole('button', { name: 'Save choice value' }).click();
  await expect(panel.getByRole('listitem').filter({ hasText: name })).toBeVisible();
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
