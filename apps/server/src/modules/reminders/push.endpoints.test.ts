import type { PushPayload } from '@sonhario/contracts/reminders';
import { createServer, type Server } from 'node:http';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolveHost } from '../../lib/outbound-url.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { startFakePushService, type FakePushService } from '../../test/fake-push-service.ts';
import { api, JOURNAL_TEST_ENV, signUpUser } from '../dreams/dreams.testing.ts';
import { createPushSender } from './push.sender.ts';

// Where the server may be made to post (issue 32, item 4; docs/decisions/066): at subscription through the API, and
// again by the sender at each message, with no redirect followed.

const PAYLOAD: PushPayload = {
  kind: 'test',
  title: 'Teste',
  body: 'Teste',
  url: '/app/dreams/new',
  tag: 'sonhario-test',
};

let push: FakePushService;
beforeAll(async () => {
  push = await startFakePushService();
});
afterAll(async () => {
  await push.close();
});

describe('push endpoints at subscription (no loopback stand-ins: NODE_ENV=development)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ ...JOURNAL_TEST_ENV, NODE_ENV: 'development' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses endpoints that lead inside (400 validation_failed on body.endpoint) and takes a known push service', async () => {
    const user = await signUpUser(t);
    const { keys } = push.subscribe();
    for (const endpoint of [
      'https://localhost./x',
      'https://127.1/',
      'https://[::ffff:127.0.0.1]/',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://fcm.googleapis.com./fcm/send/x',
      'http://127.0.0.1:9/push/x',
      'https://no-such-push.invalid/x', // a name that resolves to nothing
    ]) {
      const res = await api(t, user).post('/push/subscriptions', { endpoint, keys });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json(), endpoint).toMatchObject({
        code: 'validation_failed',
        details: [{ path: 'body.endpoint', message: expect.stringContaining('push service') }],
      });
    }
    expect((await api(t, user).get('/reminders')).json()).toMatchObject({ subscriptions: 0 });
    const fcm = await api(t, user).post('/push/subscriptions', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      keys,
    });
    expect(fcm.statusCode).toBe(204);
    expect((await api(t, user).get('/reminders')).json()).toMatchObject({ subscriptions: 1 });
  });
});

describe('the push sender checks each endpoint again when it sends', () => {
  let redirector: Server;
  let redirectorUrl = '';
  const vapid = { subject: 'mailto:ops@sonhos.example', ...webpush.generateVAPIDKeys() };

  beforeAll(async () => {
    // A "push service" that answers every message with a redirect to the real one.
    redirector = createServer((req, res) => {
      req.resume();
      res.writeHead(307, { location: `${push.url}${String(req.url)}` }).end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    const address = redirector.address();
    redirectorUrl = `http://127.0.0.1:${typeof address === 'object' && address ? String(address.port) : '0'}`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        redirector.closeAllConnections();
        redirector.close(() => resolve());
      }),
  );

  it('sends to a loopback stand-in only where one is allowed; elsewhere the subscription is dropped unsent', async () => {
    const browser = push.subscribe();
    const subscription = { endpoint: browser.endpoint, keys: browser.keys };
    expect(await createPushSender(vapid, { isLoopbackAllowed: true }).send(subscription, PAYLOAD)).toEqual({
      kind: 'sent',
    });
    expect(push.received(browser)).toHaveLength(1);

    const strict = createPushSender(vapid, { isLoopbackAllowed: false });
    expect(await strict.send(subscription, PAYLOAD)).toMatchObject({ kind: 'gone' });
    for (const endpoint of ['https://localhost./x', 'https://fcm.googleapis.com:8443/fcm/send/x']) {
      expect(await strict.send({ ...subscription, endpoint }, PAYLOAD), endpoint).toMatchObject({ kind: 'gone' });
    }
    expect(push.received(browser)).toHaveLength(1);
  });

  it('does not post to a name that now resolves inside the network, and keeps it (a name can change back)', async () => {
    const browser = push.subscribe();
    const asked: string[] = [];
    const inside: ResolveHost = (hostname) => {
      asked.push(hostname);
      return Promise.resolve([{ address: '10.0.0.8', family: 4 }]);
    };
    const sender = createPushSender(vapid, { isLoopbackAllowed: false, resolve: inside });
    const outcome = await sender.send({ endpoint: 'https://push.rebound.example/x', keys: browser.keys }, PAYLOAD);
    expect(outcome).toEqual({ kind: 'failed', status: null, reason: 'outbound URL refused: private_address' });
    expect(asked).toEqual(['push.rebound.example']);
  });

  it('follows no redirect: a 307 is a failure and the place it points to gets nothing', async () => {
    const browser = push.subscribe();
    const endpoint = `${redirectorUrl}${new URL(browser.endpoint).pathname}`;
    const outcome = await createPushSender(vapid, { isLoopbackAllowed: true }).send(
      { endpoint, keys: browser.keys },
      PAYLOAD,
    );
    expect(outcome).toMatchObject({ kind: 'failed', status: 307 });
    expect(push.messages.filter((m) => m.path === new URL(browser.endpoint).pathname)).toEqual([]);
  });
});
