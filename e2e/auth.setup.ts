import { test as setup } from '@playwright/test';
import { signedInState } from './signedInState';
import { signIn } from './signIn';

// Sign in once through the page (the server allows 10 sign-ins a minute) and keep the session.
setup('sign in as the demo administrator', async ({ page }) => {
  await signIn(page);
  await page.context().storageState({ path: signedInState });
});
