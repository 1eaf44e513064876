import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListDreamsResponse } from '@sonhario/contracts/dreams';
import { createListeningTestApp, lastEmailTo, type TestApp } from '../test/harness.ts';
import { getApiKeys } from '../modules/auth/auth.tokens.ts';
import { JOURNAL_TEST_ENV, postDream, signUpUser, type TestUser } from '../modules/dreams/dreams.testing.ts';
import { foldText } from '../modules/dreams/dreams.search.ts';

const SUPPORT_EMAIL = 'suporte@sonhario.test';

// Words that occur nowhere in the server's code or its fixed texts: if one is in the log, a user's value got there.
const SEARCH_WORD = 'Quixabeira';
const UNKNOWN_PARAM_WORD = 'Jabuticabal';
const TAG_WORD = 'Ornitologa';
const SPA_WORD = 'Carambolada';
const SUPPORT_SUBJECT = 'Zabumbeiro esquecido';
const SUPPORT_BODY = 'Minha sogra Filomena perdeu o xaxado';
const SEARCHED = [SEARCH_WORD, UNKNOWN_PARAM_WORD, TAG_WORD, SPA_WORD].map(foldText);
const WRITTEN_TO_SUPPORT = ['zabumbeiro', 'esquecido', 'filomena', 'xaxado'];

// What a real server writes to its log (pino, into a stream the test reads) while a user searches their journal and
// writes to support, with no SMTP server (the outbox path): the routes and the names of the query's parameters,
// never a value, a subject or a body. At the default level and at debug.
describe.each<{ level: string; env: Record<string, string> }>([
  { level: 'default (info)', env: {} },
  { level: 'debug', env: { LOG_LEVEL: 'debug' } },
])('the log at $level', ({ env }) => {
  let t: TestApp & { url: string };
  let user: TestUser;

  beforeAll(async () => {
    t = await createListeningTestApp({ ...JOURNAL_TEST_ENV, SUPPORT_EMAIL, ...env });
    user = await signUpUser(t);
    await postDream(t, user, {
      title: 'Na varanda',
      content: `Uma ${SEARCH_WORD} florida no quintal da casa da minha avó`,
      tags: [TAG_WORD],
    });
  });
  afterAll(() => t.close());

  const get = (url: string) => fetch(`${t.url}${url}`, { headers: user.headers });

  it('holds the search route and its parameter names, never the words searched', async () => {
    const found = await get(`/api/v1/dreams?q=${SEARCH_WORD}&search=${UNKNOWN_PARAM_WORD}`);
    expect(found.status).toBe(200);
    expect((await found.json()) as ListDreamsResponse).toMatchObject({ items: [{ title: 'Na varanda' }] });
    const byTag = await get(`/api/v1/dreams?tag=${TAG_WORD}`);
    expect(((await byTag.json()) as ListDreamsResponse).items).toHaveLength(1);
    // A refused search, a route that does not exist, and a page of the web app.
    expect((await get(`/api/v1/dreams?q=${SEARCH_WORD}&limit=${UNKNOWN_PARAM_WORD}`)).status).toBe(400);
    expect((await get(`/api/v1/nowhere?search=${UNKNOWN_PARAM_WORD}`)).status).toBe(404);
    await (await get(`/app/dreams?search=${SPA_WORD}`)).arrayBuffer();

    const log = t.logs.text;
    expect(log).toContain('"url":"/api/v1/dreams?q&search"');
    expect(log).toContain('"url":"/api/v1/dreams?tag"');
    // No route took it, or the web app's catch-all did (when the web app is built): its template, never the value.
    expect(log).toMatch(/"url":"(\(no route\)|\/\*)\?search"/u);
    for (const word of SEARCHED) expect(foldText(log)).not.toContain(word);
  });

  it('holds neither the subject nor the text of a support message e-mailed through the outbox', async () => {
    const sent = await fetch(`${t.url}/api/v1/support/messages`, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ subject: SUPPORT_SUBJECT, message: SUPPORT_BODY }),
    });
    expect(sent.status).toBe(201);
    // It did go out, through the no-SMTP path whose log line this is about.
    const mail = await lastEmailTo(t.dataDir, SUPPORT_EMAIL);
    expect(mail?.subject).toContain(SUPPORT_SUBJECT);
    expect(t.logs.text).toContain('e-mail written to the outbox');

    const log = foldText(t.logs.text);
    for (const word of WRITTEN_TO_SUPPORT) expect(log).not.toContain(word);
  });

  it('holds none of the values of a query that failed: a 500 is logged with its statement, not its parameters', async () => {
    // The database refuses this one name, so the sign-up's insert fails with the user's values as its parameters.
    const name = 'Quiproquo';
    const email = `quiproquo-${Date.now()}@example.com`;
    await t.database.db.execute(
      sql.raw(
        `alter table auth.users add constraint refuse_one_name check (raw_user_meta_data->>'first_name' <> '${name}')`,
      ),
    );
    try {
      const res = await fetch(`${t.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: getApiKeys(t.app.deps.secrets).anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'correct horse battery', data: { first_name: name } }),
      });
      expect(res.status).toBe(500);
    } finally {
      await t.database.db.execute(sql`alter table auth.users drop constraint refuse_one_name`);
    }
    const log = t.logs.text;
    expect(log).toContain('Failed query: insert into');
    expect(log).toContain('refuse_one_name');
    expect(foldText(log)).not.toContain('quiproquo');
  });
});
