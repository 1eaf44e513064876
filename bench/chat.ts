// The chat about dreams at 10,000 dreams (issue 17, docs/decisions/035): the server's overhead to the first streamed
// token of a journal conversation. One user's journal of BENCH_DREAMS realistic dreams (bench/support/dream-text.ts)
// loaded through POST /me/import, on Oracle with AI consent, against the built server on the embedded database, whose
// AI provider is a local OpenAI-compatible server in this process that answers every request at once (its first
// chunk is written the moment the request's body has arrived). One message at a time, interleaved with GET /me:
// the time from sending the message to reading the first `delta` event (the search over the journal, similar dreams,
// opening the dreams sent, the quota under the user's lock, the provider request), the provider's own part (its
// request's arrival to its first chunk) and the ratio to GET /me in the same run. The budget: ≤ 50 ms.
//
//   npm run bench:chat
//   (BENCH_DREAMS=10000, BENCH_MESSAGES=120, BENCH_PER_THREAD=30)
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getApiKeys } from '../apps/server/src/modules/auth/auth.tokens.ts';
import { CONSENT_VERSION } from '../packages/contracts/src/consents.ts';
import { createDreamGenerator } from './support/dream-text.ts';
import { importGeneratedDreams, signUp } from './support/dreams.ts';
import { currentCommit, loadAverage } from './support/run-info.ts';
import { seedingEnv, startProductServer } from './support/servers.ts';
import { median } from './support/stats.ts';

const DREAMS = Number(process.env.BENCH_DREAMS ?? 10_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 120);
const PER_THREAD = Number(process.env.BENCH_PER_THREAD ?? 30);

const QUESTIONS = [
  'O que volta nos meus sonhos quando durmo mal?',
  'Por que sonho tanto com o mar e com a minha avó?',
  'Quais sonhos falam de uma casa antiga?',
  'O que os sonhos em que eu caía têm em comum?',
  'Sonhei de novo com a escola. Isso aparece muito?',
  'Que sonhos tenho com portas e corredores?',
];

// --- a local OpenAI-compatible provider that answers at once ------------------------------------------------------

const chunk = (delta: Record<string, unknown>, finish: string | null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-bench',
    object: 'chat.completion.chunk',
    created: 1_735_689_600,
    model: 'bench-model',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  })}\n\n`;
const providerTimes: number[] = [];
const provider = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const arrived = performance.now();
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    res.write(chunk({ role: 'assistant', content: 'Em [D1] ' }, null));
    providerTimes.push(performance.now() - arrived);
    res.write(chunk({ content: 'o mar volta. O que ele lembra para você?' }, null));
    res.end(`${chunk({}, 'stop')}data: [DONE]\n\n`);
  });
});
await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
const providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`;

const jwtSecret = randomBytes(48).toString('base64url');
const { anonKey, serviceRoleKey } = getApiKeys({ jwtSecret });
const product = await startProductServer({
  ...seedingEnv(jwtSecret),
  AI_PROVIDER: 'openai',
  AI_BASE_URL: providerUrl,
  AI_MODEL: 'bench-model',
  CHAT_FAIR_USE_PER_DAY: '100000',
});
const api = `${product.url}/api/v1`;

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** Sends one message streamed; resolves with the time to the first `delta` event and the whole answer's. */
async function timeMessage(headers: Record<string, string>, threadId: string, content: string) {
  const at = performance.now();
  const res = await fetch(`${api}/chat/threads/${threadId}/messages`, {
    method: 'POST',
    headers: { ...headers, accept: 'text/event-stream', 'content-type': 'application/json' },
    body: JSON.stringify({ content }),
  });
  if (!res.ok || !res.body) throw new Error(`send: ${res.status} ${await res.text()}`);
  const decoder = new TextDecoder();
  let text = '';
  let first = NaN;
  const reader = res.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    text += decoder.decode(read.value, { stream: true });
    if (Number.isNaN(first) && text.includes('event: delta')) first = performance.now() - at;
  }
  if (!text.includes('event: done')) throw new Error(`no answer: ${text.slice(-300)}`);
  return { first, whole: performance.now() - at, refs: (text.match(/"ref":"D\d+"/g) ?? []).length };
}

try {
  console.log(`commit ${currentCommit()}; load average at start ${loadAverage()}`);
  const started = performance.now();
  const user = await signUp(product.url, anonKey, 'chat', { consent_version: CONSENT_VERSION });
  const headers = { authorization: `Bearer ${user.token}` };
  await importGeneratedDreams(api, user.token, createDreamGenerator(20261124), DREAMS);
  const plan = await fetch(`${api}/admin/users/${user.userId}/plan`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ plan: 'oracle' }),
  });
  if (!plan.ok) throw new Error(`set plan: ${plan.status}`);
  console.log(
    `seeded ${DREAMS} dreams in ${((performance.now() - started) / 1000).toFixed(1)} s; load ${loadAverage()}`,
  );

  const newThread = async () => {
    const res = await fetch(`${api}/chat/threads`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'journal' }),
    });
    if (res.status !== 201) throw new Error(`thread: ${res.status}`);
    return ((await res.json()) as { id: string }).id;
  };

  // Warm-up: a few messages and reads, not counted.
  let threadId = await newThread();
  for (const question of QUESTIONS) await timeMessage(headers, threadId, question);
  for (let i = 0; i < 20; i += 1) await (await fetch(`${api}/me`, { headers })).arrayBuffer();
  providerTimes.length = 0;

  const timings = { first: [] as number[], whole: [] as number[], me: [] as number[] };
  let refs = 0;
  for (let i = 0; i < MESSAGES; i += 1) {
    if (i % PER_THREAD === 0) threadId = await newThread();
    const at = performance.now();
    await (await fetch(`${api}/me`, { headers })).arrayBuffer();
    timings.me.push(performance.now() - at);
    const sent = await timeMessage(headers, threadId, QUESTIONS[i % QUESTIONS.length] ?? '');
    timings.first.push(sent.first);
    timings.whole.push(sent.whole);
    refs += sent.refs;
  }
  const first = median(timings.first);
  const me = median(timings.me);
  console.log(
    `journal chat at ${DREAMS} dreams, ${MESSAGES} messages one at a time (${PER_THREAD} per conversation): ` +
      `first token median ${ms(first)}, p95 ${ms(p95(timings.first))}; whole answer median ${ms(median(timings.whole))}; ` +
      `${(refs / MESSAGES).toFixed(1)} dreams named per answer`,
  );
  console.log(
    `the provider's own part (request arrived → first chunk written): median ${ms(median(providerTimes))}; ` +
      `GET /me median ${ms(me)}, p95 ${ms(p95(timings.me))}; first token = ${(first / me).toFixed(1)}× GET /me; ` +
      `budget 50 ms: ${first - median(providerTimes) <= 50 ? 'met' : 'NOT met'}; load average at end ${loadAverage()}`,
  );
} finally {
  await product.stop();
  await new Promise((resolve) => provider.close(resolve));
}
