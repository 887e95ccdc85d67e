import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from './support/testApp.js';

/** Issue 14, item 6: every answer names its request, as its log lines do (decision 0042). */
describe.each(engines)('request ids on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('gives every answer, errors included, its own x-request-id', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/health' }),
      await t.app.inject({ method: 'GET', url: '/spapi/data/v1/no-such-call' }),
      await t.app.inject({ method: 'POST', url: '/spapi/data/v1/entity/put', payload: {} }),
    ];
    const ids = answers.map((a) => a.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
    expect(answers[1]!.statusCode).toBe(404);
    expect(answers[2]!.statusCode).toBe(401);
  });
});
