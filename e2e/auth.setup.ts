import { test as setup } from '@playwright/test';
import { signIn } from './signIn';

/** Where the signed-in browser state is kept for the journeys that start signed in. */
export const signedInState = 'test-results/e2e-signed-in.json';

// Sign in once through the page (the server allows 10 sign-ins a minute) and keep the session.
setup('sign in as the demo administrator', async ({ page }) => {
  await signIn(page);
  await page.context().storageState({ path: signedInState });
});
