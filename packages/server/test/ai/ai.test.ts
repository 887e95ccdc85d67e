import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiGenerateUnavailable, extractExpression } from '../../src/ai/aiRoutes.js';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { type SalesSchema, salesSchema } from '../calc/calcSupport.js';
import { ADMIN_PASSWORD, Client, engines, startTestApp, type TestApp } from '../support/testApp.js';

const DESCRIBE = '/aiApi/data/v1/AiCalculation/describe';
const GENERATE = '/aiApi/data/v1/AiCalculation/generate';

/** A tiny OpenAI-compatible chat completions endpoint on loopback, answering from a script. */
async function fakeProvider() {
  const requests: Array<{ url: string; auth: string | undefined; body: any }> = [];
  const answers: Array<{ status: number; content?: string }> = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      requests.push({ url: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(raw || '{}') });
      const next = answers.shift() ?? { status: 500 };
      res.writeHead(next.status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          next.content === undefined
            ? { error: 'nope' }
            : { choices: [{ message: { role: 'assistant', content: next.content } }] },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

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
  let provider: Awaited<ReturnType<typeof fakeProvider>>;
  let aiApp: FastifyInstance;
  let ai: Client;

  beforeAll(async () => {
    t = await startTestApp(engine);
    s = await salesSchema(t);
    provider = await fakeProvider();
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
      provider.answers.push({ status: 200, content: '```\n[Qty] * 2\n```' });
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
      expect(sent.body.messages.at(-1)).toEqual({ role: 'user', content: 'double the quantity' });
      expect(sent.body.messages[0].content).toContain('[Qty] (Int32)');
    });

    it('answers an error for a generated expression that does not compile, or of the wrong type', async () => {
      provider.answers.push({ status: 200, content: '[Qty] *' });
      const bad = await ai.post(GENERATE, {
        Prompt: 'x',
        Variables: [{ Name: '[Qty]', TypeName: 'Int32' }],
      });
      expect(bad.body).toEqual({
        Calculation: '',
        IsError: true,
        ErrorMessage: 'The generated calculation does not compile: Invalid script syntax.',
      });
      provider.answers.push({ status: 200, content: "'text'" });
      const typed = await ai.post(GENERATE, { Prompt: 'x', ReturnType: 'Int32' });
      expect(typed.body.ErrorMessage).toBe(
        'The generated calculation does not compile: Result was of type String but needed to be Int32.',
      );
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
