import { expect, type Page } from '@playwright/test';

export const demo = {
  tenant: process.env.PLINTH_E2E_TENANT ?? 'demo',
  username: process.env.PLINTH_E2E_USER ?? 'admin',
  password: process.env.PLINTH_E2E_PASSWORD ?? 'secret123',
};

/**
 * Signs in through the sign-in page, as a person would, and lands on `next` (the app list unless
 * told otherwise; without a next address the root opens the user's only app, decision 0065).
 */
export async function signIn(page: Page, next = '/apps'): Promise<void> {
  await page.goto(`/signin?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Tenant').fill(demo.tenant);
  await page.getByLabel('User name').fill(demo.username);
  await page.getByLabel('Password').fill(demo.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[/?]/g, '\\$&')}$`));
}
