/**
 * Where the signed-in browser state is kept for the journeys that start signed in: one file per
 * server address, so two runs against two servers on this machine never sign each other out.
 */
const address = new URL(process.env.PLINTH_E2E_URL ?? 'http://127.0.0.1:3111');
export const signedInState = `test-results/e2e-signed-in-${address.port || 'default'}.json`;
