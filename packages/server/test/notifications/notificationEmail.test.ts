import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { openJobQueue } from '../../src/jobs/openJobQueue.js';
import { type MailLog, registerNotificationJobs } from '../../src/notifications/notificationEmail.js';
import { type Client, engines, startTestApp, type TestApp } from '../support/testApp.js';

/** A message the SMTP server took: its envelope and its raw text. */
interface Received {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback with a user and password; `refuse` makes it turn every message
 * down with a 550, as a server that will not relay does.
 */
async function startSmtpServer() {
  const received: Received[] = [];
  const logins: string[] = [];
  const state = { refuse: false, tries: 0 };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push(`${auth.username}:${auth.password}`);
      if (auth.username === 'plinth' && auth.password === 's3cret pass')
        callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        state.tries++;
        if (state.refuse) {
          const error = new Error('Relay denied') as Error & { responseCode: number };
          error.responseCode = 550;
          callback(error);
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    logins,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A message's headers (unfolded) and its body. */
function parseMessage(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(split + 4) };
}

const until = async (what: () => Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** Issue 21 item 6: notification emails over SMTP, tested against a real server on loopback. */
describe.each(engines)('notification emails on %s', (engine) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let withEmail: number;
  let withoutEmail: number;
  let dealId: number;
  const logged: Array<{ level: string; msg: string; obj: object }> = [];
  const log: MailLog = {
    info: (obj, msg) => logged.push({ level: 'info', msg, obj }),
    warn: (obj, msg) => logged.push({ level: 'warn', msg, obj }),
  };

  const run = (c: Client, body: unknown) => c.post('/spapi/data/v1/notification/run', body);
  const mine = async (c: Client) => (await c.get('/spapi/data/v1/notifications')).body.notifications;

  /** The test app's queue replaced by one that works the email queue, as main.ts's does. */
  async function workEmails(settings: TestApp['services']['mail']) {
    await t.services.jobs?.stop();
    if (settings) t.services.mail = settings;
    else delete t.services.mail;
    t.services.jobs = await openJobQueue(t.services, { pollMs: 20, retryDelayMs: 50 });
    registerNotificationJobs(t.services, log);
    await t.services.jobs.start();
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(engine);
    withEmail = await t.addUser('erin', []);
    withoutEmail = await t.addUser('nomail', []);
    // Erin's person record holds her email (as the admin area's user form saves it).
    const person = await t.admin.post(`/spapi/admin/v1/users/${withEmail}`, {
      fullName: 'Erin Example',
      email: 'erin@example.com',
    });
    expect(person.status, JSON.stringify(person.body)).toBe(200);
    dealId = (await t.admin.put([{ id: 'new:deal', typeId: 'core:document', fields: { name: 'Deal file' } }]))
      .body.ids['new:deal'];
  });
  beforeEach(() => {
    smtp.received.length = 0;
    smtp.state.refuse = false;
    smtp.state.tries = 0;
    logged.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('emails the recipient through the SMTP server with the subject and message, then marks it sent', async () => {
    await workEmails({
      url: `smtp://plinth:${encodeURIComponent('s3cret pass')}@127.0.0.1:${smtp.port}`,
      from: 'Plinth <plinth@example.com>',
    });
    const answer = await run(t.admin, {
      recipients: [withEmail],
      subject: 'Deal won',
      message: 'The big deal closed.\nWell done, Erin.',
      recordIds: [dealId],
      email: true,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.emailQueued).toBe(true);
    const erin = await t.login('erin');
    expect((await mine(erin))[0].emailState).toBe('pending');
    await t.services.jobs!.drained();

    expect(smtp.logins).toContain('plinth:s3cret pass');
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.from).toBe('plinth@example.com');
    expect(mail!.to).toEqual(['erin@example.com']);
    const { headers, body } = parseMessage(mail!.raw);
    expect(headers.get('subject')).toBe('Deal won');
    expect(headers.get('to')).toBe('Erin Example <erin@example.com>');
    expect(headers.get('from')).toBe('Plinth <plinth@example.com>');
    expect(body.replace(/\r\n/g, '\n')).toContain('The big deal closed.\nWell done, Erin.');
    const [notification] = await mine(erin);
    expect(notification).toMatchObject({ subject: 'Deal won', emailState: 'sent', isRead: false });
    expect(logged.map((l) => l.msg)).toEqual(['A notification email was sent.']);
  });

  it("marks it failed, with a clear log, when the recipient's person has no email", async () => {
    const answer = await run(t.admin, { recipients: [withoutEmail], subject: 'No address', email: true });
    expect(answer.status).toBe(200);
    await t.services.jobs!.drained();
    expect(smtp.received).toHaveLength(0);
    const [notification] = await mine(await t.login('nomail'));
    expect(notification).toMatchObject({ subject: 'No address', emailState: 'failed' });
    expect(logged).toEqual([
      {
        level: 'warn',
        msg: 'A notification email was not sent: its recipient has no email address (their person record has none).',
        obj: { tenantId: t.tenantId, notificationId: answer.body.notificationIds[0], userId: withoutEmail },
      },
    ]);
  });

  it('tries a refused email three times, then marks it failed', async () => {
    smtp.state.refuse = true;
    const answer = await run(t.admin, { recipients: [withEmail], subject: 'Refused', email: true });
    const erin = await t.login('erin');
    await until(async () => (await mine(erin))[0].emailState !== 'pending');
    expect((await mine(erin))[0]).toMatchObject({ subject: 'Refused', emailState: 'failed' });
    expect(smtp.state.tries).toBe(3);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 'warn',
      msg: 'A notification email could not be sent.',
      obj: { notificationId: answer.body.notificationIds[0] },
    });
    expect(String((logged[0]!.obj as { reason: string }).reason)).toMatch(/Relay denied/);
  });

  it('sends nothing when no email is asked for', async () => {
    await run(t.admin, { recipients: [withEmail], subject: 'In the app only' });
    await t.services.jobs!.drained();
    expect(smtp.received).toHaveLength(0);
    expect((await mine(await t.login('erin')))[0]).toMatchObject({
      subject: 'In the app only',
      emailState: 'none',
    });
  });

  it('sends nothing without PLINTH_SMTP_URL: the state is none and nothing is queued', async () => {
    await workEmails(undefined);
    const answer = await run(t.admin, { recipients: [withEmail], subject: 'No SMTP', email: true });
    expect(answer.body.emailQueued).toBe(false);
    await t.services.jobs!.drained();
    expect(smtp.received).toHaveLength(0);
    expect((await mine(await t.login('erin')))[0]).toMatchObject({ subject: 'No SMTP', emailState: 'none' });
  });
});

describe('SMTP settings from the environment', () => {
  it('are off when PLINTH_SMTP_URL is unset or empty', () => {
    expect(loadConfig({}).smtp).toBeUndefined();
    expect(loadConfig({ PLINTH_SMTP_URL: '', PLINTH_SMTP_FROM: 'a@b.c' }).smtp).toBeUndefined();
  });

  it('take an smtp:// or smtps:// URL and a From address', () => {
    const from = 'Plinth <plinth@example.com>';
    expect(
      loadConfig({ PLINTH_SMTP_URL: 'smtps://u:p@mail.example.com:465', PLINTH_SMTP_FROM: from }).smtp,
    ).toEqual({
      url: 'smtps://u:p@mail.example.com:465',
      from,
    });
    expect(
      loadConfig({ PLINTH_SMTP_URL: 'smtp://mail.example.com', PLINTH_SMTP_FROM: ' a@b.c ' }).smtp?.from,
    ).toBe('a@b.c');
  });

  it('refuse a bad URL or a missing From, never repeating the password', () => {
    const bad = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    for (const url of ['not a url', 'http://u:hunter2@mail.example.com', 'smtp://', 'smtp:hunter2'])
      expect(bad({ PLINTH_SMTP_URL: url, PLINTH_SMTP_FROM: 'a@b.c' })).not.toContain('hunter2');
    expect(bad({ PLINTH_SMTP_URL: 'http://mail.example.com', PLINTH_SMTP_FROM: 'a@b.c' })).toMatch(
      /PLINTH_SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(bad({ PLINTH_SMTP_URL: 'smtp://u:hunter2@mail.example.com' })).toMatch(
      /PLINTH_SMTP_FROM must be set/,
    );
    expect(bad({ PLINTH_SMTP_URL: 'smtp://mail.example.com', PLINTH_SMTP_FROM: 'plinth' })).toMatch(
      /PLINTH_SMTP_FROM must be set/,
    );
  });
});
