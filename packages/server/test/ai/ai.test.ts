import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../../../../e2e/fakeOpenAi.js';
import { aiGenerateUnavailable, extractExpression } from '../../src/ai/generate.js';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { type SalesSchema, salesSchema } from '../calc/calcSupport.js';
import { ADMIN_PASSWORD, Client, engines, startTestApp, type TestApp } from '../support/testApp.js';

const DESCRIBE = '/aiApi/data/v1/AiCalculation/describe';
const GENERATE = '/aiApi/data/v1/AiCalculation/generate';

async function loginTo(app: FastifyInstance): Promise<Client> {
  const res = await app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { tenant: 'acme', username: 'admin', password: ADMIN_PASSWORD },
  });
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return new Client(app, { cookie, csrf: JSON.parse(res.body).csrfToken });
}

describe.each(engines)('AI explain and generate on %s', (engine) => {
  let t: TestApp;
  let s: SalesSchema;
  let provider: FakeOpenAi;
  let aiApp: FastifyInstance;
  let ai: Client;

  beforeAll(async () => {
    t = await startTestApp(engine);
    s = await salesSchema(t);
    provider = await startFakeOpenAi();
    aiApp = await buildApp(t.services, {
      ai: { aiBaseUrl: provider.baseUrl, aiApiKey: 'test-key', aiModel: 'tiny' },
    });
    ai = await loginTo(aiApp);
  });
  afterAll(async () => {
    await aiApp.close();
    await provider.close();
    await t.close();
  });

  describe('describe (built-in explainer)', () => {
    it('explains an expression that compiles with a description and numbered steps', async () => {
      const res = await t.admin.post(DESCRIBE, {
        AppName: 'Sales',
        PageName: 'Order',
        Calculation: "iif([Qty] > 10, 'Bulk', 'Single')",
        Variables: [{ Name: '[Qty]', TypeName: 'Int32', IsList: false, IsDynamicType: false }],
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        Description: expect.stringContaining('The result is text, worked out from the variables [Qty].'),
        Steps: [
          'Step 1: Check whether the variable [Qty] is greater than 10.',
          "Step 2: If the result of step 1 is true, give the text 'Bulk'; otherwise give the text 'Single'.",
        ],
      });
      expect(res.body.IsError).toBeUndefined();
    });

    it("reads the record's own fields when the request names its type", async () => {
      const calculation = "iif([Qty] > 10, 'Bulk', 'Single')";
      const without = await t.admin.post(DESCRIBE, { Calculation: calculation, Variables: [] });
      expect(without.body.IsError).toBe(true);
      const res = await t.admin.post(DESCRIBE, {
        Calculation: calculation,
        Variables: [],
        ContextType: s.order,
      });
      expect(res.status).toBe(200);
      expect(res.body.IsError).toBeUndefined();
      expect(res.body.Steps.length).toBeGreaterThan(0);
    });

    it('explains records, lists, queries and functions step by step', async () => {
      const res = await t.admin.post(DESCRIBE, {
        Calculation: 'count([Orders] where [Qty] >= 2)',
        Variables: [
          { Name: '[Orders]', TypeName: 'Entity', TypeRef: s.order, IsList: true, IsDynamicType: false },
        ],
      });
      expect(res.body.Steps).toEqual([
        'Step 1: Check whether the Qty field is at least 2.',
        'Step 2: Keep only the items of the variable [Orders] for which the result of step 1 is true.',
        'Step 3: Count the result of step 2.',
      ]);
      expect(res.body.Description).toMatch(/^Count \(keep only the items of the variable \[Orders\]/);
      const many = await t.admin.post(DESCRIBE, {
        Calculation: Array.from({ length: 60 }, (_, i) => `${i}`).join(' + '),
      });
      expect(many.body.Steps).toHaveLength(41);
      expect(many.body.Steps.at(-1)).toBe('…and 19 further steps of the same kind.');
      const literal = await t.admin.post(DESCRIBE, { Calculation: "'hello'" });
      expect(literal.body.Steps).toEqual(["Step 1: Give the text 'hello'."]);
    });

    it('answers IsError with the compile message for one that does not compile', async () => {
      const res = await t.admin.post(DESCRIBE, { Calculation: '[Qty] * ', Variables: [] });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        IsError: true,
        Description:
          'The calculation cannot be explained because it has an error: Invalid script syntax. (line 1, column 9)',
        Message: 'Invalid script syntax.',
      });
      const empty = await t.admin.post(DESCRIBE, { Calculation: '' });
      expect(empty.body).toMatchObject({ IsError: true, Message: 'Empty expression' });
    });

    it('needs a signed-in caller', async () => {
      const res = await t.app.inject({ method: 'POST', url: DESCRIBE, payload: { Calculation: '1' } });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('generate', () => {
    it('is off without a configured endpoint: the flag says so and the call answers the spec text', async () => {
      expect((await t.admin.get('/spapi/data/v1/featureFlags')).body).toEqual({
        aiGenerate: false,
        aiExplain: true,
      });
      const res = await t.admin.post(GENERATE, { Prompt: 'double the quantity', Variables: [] });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ Calculation: '', IsError: true, ErrorMessage: aiGenerateUnavailable });
      expect(aiGenerateUnavailable).toBe('AI Generate is currently unavailable. Please try again later.');
      expect(provider.requests).toHaveLength(0);
    });

    it('reads AI_BASE_URL, AI_API_KEY and AI_MODEL from the environment', () => {
      expect(
        loadConfig({ AI_BASE_URL: 'http://127.0.0.1:1/v1', AI_API_KEY: 'k', AI_MODEL: 'm' }),
      ).toMatchObject({
        aiBaseUrl: 'http://127.0.0.1:1/v1',
        aiApiKey: 'k',
        aiModel: 'm',
      });
      expect(loadConfig({}).aiBaseUrl).toBeUndefined();
    });

    it('asks the configured endpoint and returns an expression that compiles', async () => {
      expect((await ai.get('/spapi/data/v1/featureFlags')).body.aiGenerate).toBe(true);
      provider.answers.push({ content: '```\n[Qty] * 2\n```' });
      const res = await ai.post(GENERATE, {
        Prompt: 'double the quantity',
        Variables: [{ Name: '[Qty]', TypeName: 'Int32', IsList: false, IsDynamicType: false }],
        CurrentCalculation: '[Qty]',
        ReturnType: 'Int32',
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ Calculation: '[Qty] * 2', IsError: false, ErrorMessage: '' });
      const sent = provider.requests.at(-1)!;
      expect(sent.url).toBe('/v1/chat/completions');
      expect(sent.auth).toBe('Bearer test-key');
      expect(sent.body.model).toBe('tiny');
      expect(sent.body.messages!.at(-1)).toEqual({ role: 'user', content: 'double the quantity' });
      expect(sent.body.messages![0]!.content).toContain('[Qty] (Int32)');
      // The model is told every function with its signature.
      expect(sent.body.messages![0]!.content).toContain('iif(condition: Bool, then: Any, else: Any): Any');
      expect(sent.body.messages![0]!.content).toContain(
        'datediff(part: DatePart, start: Any, end: Any): Int32',
      );
    });

    it("tells the model the record's fields and compiles its answer against them", async () => {
      provider.answers.push({ content: '[Qty] * 2' });
      const res = await ai.post(GENERATE, { Prompt: 'double the quantity', ContextType: s.order });
      expect(res.body).toEqual({ Calculation: '[Qty] * 2', IsError: false, ErrorMessage: '' });
      expect(provider.requests.at(-1)!.body.messages![0]!.content).toMatch(
        /record's fields.*\[Qty\] \(Number\)/,
      );
    });

    it('asks once more with the diagnostics when the first answer does not compile, and returns the fix', async () => {
      const before = provider.requests.length;
      provider.answers.push({ content: '[Qty] * * 2' }, { content: '[Qty] * 2' });
      const res = await ai.post(GENERATE, {
        Prompt: 'double the quantity',
        Variables: [{ Name: '[Qty]', TypeName: 'Int32', IsList: false, IsDynamicType: false }],
        ReturnType: 'Int32',
      });
      expect(res.body).toEqual({ Calculation: '[Qty] * 2', IsError: false, ErrorMessage: '' });
      const asked = provider.requests.slice(before);
      expect(asked).toHaveLength(2);
      // The second question carries the conversation so far and where the compiler stopped.
      const second = asked[1]!.body.messages!;
      expect(second.slice(0, 2)).toEqual(asked[0]!.body.messages);
      expect(second[2]).toEqual({ role: 'assistant', content: '[Qty] * * 2' });
      expect(second[3]!.role).toBe('user');
      expect(second[3]!.content).toContain('[Qty] * * 2');
      expect(second[3]!.content).toContain('- line 1, column 9: Invalid script syntax.');
    });

    it('answers the error when the second answer does not compile either, or is of the wrong type', async () => {
      const before = provider.requests.length;
      provider.answers.push({ content: '[Qty] *' }, { content: 'twice([Qty])' });
      const bad = await ai.post(GENERATE, {
        Prompt: 'x',
        Variables: [{ Name: '[Qty]', TypeName: 'Int32' }],
      });
      expect(bad.body).toEqual({
        Calculation: '',
        IsError: true,
        ErrorMessage: "The generated calculation does not compile: 'twice' is not a recognised function.",
      });
      expect(provider.requests.length - before).toBe(2);
      provider.answers.push({ content: "'text'" }, { content: "'still text'" });
      const typed = await ai.post(GENERATE, { Prompt: 'x', ReturnType: 'Int32' });
      expect(typed.body.ErrorMessage).toBe(
        'The generated calculation does not compile: Result was of type String but needed to be Int32.',
      );
      expect(provider.requests.at(-1)!.body.messages!.at(-1)!.content).toContain(
        'Result was of type String but needed to be Int32.',
      );
    });

    it('asks no third time, and answers the unavailable message when the second question fails', async () => {
      const before = provider.requests.length;
      provider.answers.push({ content: '[Qty] *' }, { status: 502 }, { content: '[Qty]' });
      const res = await ai.post(GENERATE, { Prompt: 'x', Variables: [{ Name: '[Qty]', TypeName: 'Int32' }] });
      expect(res.body).toEqual({ Calculation: '', IsError: true, ErrorMessage: aiGenerateUnavailable });
      expect(provider.requests.length - before).toBe(2);
      provider.answers.length = 0;
      provider.answers.push({ content: '```\n```' }, { content: '' });
      const empty = await ai.post(GENERATE, { Prompt: 'x' });
      expect(empty.body.ErrorMessage).toBe(
        'The AI did not return a calculation. Try describing it differently.',
      );
    });

    it('stops asking the provider when the caller hangs up', async () => {
      await aiApp.listen({ port: 3323, host: '127.0.0.1' });
      try {
        const before = provider.requests.length;
        provider.answers.push({ content: '[Qty] *', delayMs: 5000 }, { content: '[Qty] * 2' });
        const hangUp = new AbortController();
        const call = fetch(`http://127.0.0.1:3323${GENERATE}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            cookie: ai.auth.cookie!,
            'x-csrf-token': ai.auth.csrf!,
          },
          body: JSON.stringify({ Prompt: 'x', Variables: [{ Name: '[Qty]', TypeName: 'Int32' }] }),
          signal: hangUp.signal,
        }).catch((e: unknown) => e);
        await expect.poll(() => provider.requests.length).toBe(before + 1);
        hangUp.abort();
        await call;
        // The question in flight is dropped at once, and the second is never asked.
        await expect.poll(() => provider.requests.at(-1)!.abandoned, { timeout: 3000 }).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(provider.requests.length).toBe(before + 1);
        provider.answers.length = 0;
      } finally {
        await aiApp.server.close();
      }
    });

    it('answers the unavailable message when the endpoint fails', async () => {
      provider.answers.push({ status: 503 });
      const res = await ai.post(GENERATE, { Prompt: 'x' });
      expect(res.body).toEqual({ Calculation: '', IsError: true, ErrorMessage: aiGenerateUnavailable });
    });

    it('takes the expression out of a chatty answer', () => {
      expect(extractExpression('Expression: `[A] + 1`')).toBe('[A] + 1');
      expect(extractExpression('```calc\ncount([X])\n```')).toBe('count([X])');
    });
  });
});
