import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/seedDemo.js';
import { ADMIN_PASSWORD, type Client, engines, startTestApp, type TestApp } from '../support/testApp.js';
import { runOk } from './reportSupport.js';

describe.each(engines)("the demo's formatted reports on %s", (engine) => {
  let t: TestApp;
  let demo: Client;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await seedDemo(t.services, { adminPassword: ADMIN_PASSWORD, records: 30 });
    demo = await t.login('admin', ADMIN_PASSWORD, 'demo');
  });
  afterAll(() => t.close());

  it('shows the opportunities with highlighted amounts, a probability bar and coloured stages', async () => {
    for (const alias of ['crm:opportunities', 'crm:opportunitiesByStage']) {
      const { meta, gdata } = await runOk(demo, alias, { pageSize: 50 });
      expect(meta.rcols.amount.cfRule).toMatchObject({ style: 'Highlight' });
      expect(meta.rcols.probability.cfRule).toEqual({
        style: 'ProgressBar',
        rules: [{ bounds: { lower: 0, upper: 100 }, bgcolor: '#2563EB' }],
      });
      expect(meta.rcols.stage.defcfRule.style).toBe('Highlight');
      expect(meta.rcols.stage.defcfRule.rules).toContainEqual({
        bounds: { lower: 'Closed Won', upper: 'Closed Won' },
        bgcolor: '#16A34A',
        fgcolor: '#1f2328',
      });
      // The data gives every template something to draw.
      const probability = meta.rcols.probability.ord;
      expect(gdata.some((r: any) => r.values[probability].val > 0)).toBe(true);
    }
  });
});
