// The journal under load: the built server on the embedded database (PGlite), one user with 10,000 dreams and 100
// others with a few each, all seeded through the API. Then authenticated autocannon runs on the first list page and
// on a two-word search, beside a bare Fastify route in the same run, so the ratios are what matters.
//
//   npm run build -w @sonhario/server && npx tsx bench/journal.ts
//   (BENCH_DREAMS=10000, BENCH_OTHER_USERS=100, BENCH_DURATION=8 s, BENCH_SEED_CONCURRENCY=8)
import { randomBytes } from 'node:crypto';
import { getApiKeys } from '../apps/server/src/modules/auth/auth.tokens.ts';
import { load, printTable, type LoadResult } from './support/load.ts';
import { startBareFastify, startProductServer } from './support/servers.ts';

const DREAMS = Number(process.env.BENCH_DREAMS ?? 10_000);
const OTHER_USERS = Number(process.env.BENCH_OTHER_USERS ?? 100);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONCURRENCY = Number(process.env.BENCH_SEED_CONCURRENCY ?? 8);
const SEARCH = 'mar voando';
const TARGETS = { listP95: 25, searchP95: 50 };

// --- deterministic pt-BR dream texts ------------------------------------------------------------------------

function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(20261121);
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

const PEOPLE = ['minha mãe', 'meu pai', 'minha avó', 'um amigo de infância', 'uma mulher desconhecida', 'meu irmão', 'minha chefe', 'um gato falante', 'uma criança', 'meu professor antigo', 'um vizinho', 'a minha ex'];
const PLACES = ['numa casa antiga', 'no mar', 'numa floresta escura', 'na escola', 'num aeroporto enorme', 'numa cidade de vidro', 'no alto de uma montanha', 'num hospital vazio', 'na praia', 'num trem', 'no quintal da casa da minha avó', 'numa igreja', 'num labirinto', 'debaixo d’água', 'num shopping abandonado', 'numa estrada sem fim'];
const ACTIONS = ['estava voando', 'corria sem sair do lugar', 'procurava uma porta', 'caía de um prédio', 'nadava com peixes coloridos', 'tentava gritar sem voz', 'perdia os dentes', 'dirigia um carro sem freio', 'encontrava uma chave dourada', 'era perseguido por um cachorro', 'chegava atrasado para uma prova', 'conversava com os mortos', 'descobria um quarto novo', 'flutuava sobre a cidade', 'subia uma escada infinita', 'abraçava alguém que já morreu'];
const DETAILS = ['O céu estava roxo e havia duas luas.', 'Tudo tinha cheiro de chuva.', 'As paredes respiravam devagar.', 'Ninguém me ouvia.', 'Eu sabia que estava sonhando.', 'A água subia cada vez mais.', 'Havia música vindo de longe.', 'Os relógios não tinham ponteiros.', 'Eu estava descalço e sentia frio.', 'As pessoas não tinham rosto.', 'A luz era dourada como fim de tarde.', 'O chão era macio como areia.', 'Tinha medo, mas também curiosidade.', 'Acordei com o coração acelerado.', 'Senti uma paz enorme.', 'O mar estava calmo e transparente.'];
const TAGS = ['voo', 'família', 'trabalho', 'água', 'perseguição', 'escola', 'casa', 'animais', 'morte', 'viagem', 'amor', 'queda'];
const EMOTIONS = ['alegria', 'medo', 'tristeza', 'raiva', 'ansiedade', 'surpresa', 'vergonha', 'culpa', 'amor', 'paz', 'confusão', 'nojo'] as const;

function dreamText(): string {
  const sentences: string[] = [];
  const count = random() < 0.1 ? between(20, 40) : between(3, 12);
  for (let i = 0; i < count; i += 1) {
    const kind = random();
    if (kind < 0.45) sentences.push(`Eu ${pick(ACTIONS)} ${pick(PLACES)} com ${pick(PEOPLE)}.`);
    else if (kind < 0.75) sentences.push(pick(DETAILS));
    else sentences.push(`Depois ${pick(PEOPLE)} ${pick(ACTIONS)} ${pick(PLACES)}.`);
  }
  return sentences.join(' ').replace(/^./, (c) => c.toUpperCase());
}

const DAY_MS = 86_400_000;
function dreamBody() {
  const hasTitle = random() < 0.5;
  return {
    title: hasTitle ? `${pick(ACTIONS)} ${pick(PLACES)}`.replace(/^./, (c) => c.toUpperCase()) : undefined,
    content: dreamText(),
    notes: random() < 0.2 ? pick(DETAILS) : undefined,
    // Spread over ~3 years, ending yesterday.
    dreamtOn: new Date(Date.now() - between(1, 3 * 365) * DAY_MS).toISOString().slice(0, 10),
    mood: between(1, 5),
    emotions: [...new Set([pick(EMOTIONS), pick(EMOTIONS)])].slice(0, between(0, 2)),
    tags: [...new Set([pick(TAGS), pick(TAGS), pick(TAGS)])].slice(0, between(0, 3)),
    lucidity: random() < 0.15 ? between(1, 3) : 0,
    vividness: between(1, 5),
    sleepQuality: between(1, 5),
    isNightmare: random() < 0.12,
    isRecurring: random() < 0.08,
  };
}

// --- seeding through the API --------------------------------------------------------------------------------

const jwtSecret = randomBytes(48).toString('base64url');
const { anonKey } = getApiKeys({ jwtSecret });
const product = await startProductServer({
  AUTH_AUTOCONFIRM: 'true',
  JWT_SECRET: jwtSecret,
  MASTER_KEY: randomBytes(32).toString('base64'),
  RATE_LIMIT_TOKEN: '1000000',
  RATE_LIMIT_VERIFY: '1000000',
  RATE_LIMIT_EMAIL_SENT: '1000000',
});
const bare = await startBareFastify();

async function signUp(label: string): Promise<string> {
  const res = await fetch(`${product.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${label}-${randomBytes(4).toString('hex')}@example.com`, password: 'a sleepy dreamer password' }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!res.ok || !body.access_token) throw new Error(`sign-up failed: ${res.status}`);
  return body.access_token;
}

async function createDream(token: string) {
  const res = await fetch(`${product.url}/api/v1/dreams`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(dreamBody()),
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

/** Runs `count` tasks, `concurrency` at a time. */
async function pool(count: number, concurrency: number, task: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

try {
  const started = performance.now();
  const token = await signUp('heavy');
  await pool(DREAMS, CONCURRENCY, () => createDream(token));
  const seededMain = performance.now();
  await pool(OTHER_USERS, CONCURRENCY, async () => {
    const other = await signUp('light');
    for (let i = between(1, 5); i > 0; i -= 1) await createDream(other);
  });
  const seedSeconds = (performance.now() - started) / 1000;
  console.log(
    `seeded ${DREAMS} dreams for one user in ${((seededMain - started) / 1000).toFixed(1)} s ` +
      `(${Math.round(DREAMS / ((seededMain - started) / 1000))} creates/s at concurrency ${CONCURRENCY}), ` +
      `and ${OTHER_USERS} other users; ${seedSeconds.toFixed(1)} s in all`,
  );

  const headers = { authorization: `Bearer ${token}` };
  const listUrl = `${product.url}/api/v1/dreams`;
  const searchUrl = `${product.url}/api/v1/dreams?q=${encodeURIComponent(SEARCH)}`;
  const first = (await (await fetch(searchUrl, { headers })).json()) as { items: unknown[]; nextCursor: string | null };
  console.log(`search "${SEARCH}": ${first.items.length} on the first page${first.nextCursor ? ', more pages' : ''}`);

  // Warm-up: JIT, PGlite's caches, the key cache.
  await load('warmup', listUrl, { duration: 2, headers });
  await load('warmup', searchUrl, { duration: 2, headers });
  await load('warmup', `${product.url}/api/v1/me`, { duration: 2, headers });
  await load('warmup', `${bare.url}/hello`, { duration: 2 });

  const list = await load('GET /api/v1/dreams (first page, 10k dreams)', listUrl, { duration: DURATION, headers });
  const search = await load(`GET /api/v1/dreams?q=${SEARCH} (10k dreams)`, searchUrl, { duration: DURATION, headers });
  // The floor of any authenticated endpoint: token check, session lookup, one small query.
  const me = await load('GET /api/v1/me (authenticated floor)', `${product.url}/api/v1/me`, { duration: DURATION, headers });
  const hello = await load('GET /hello (bare Fastify)', `${bare.url}/hello`, { duration: DURATION });
  printTable([list, search, me, hello]);
  const ratio = (r: LoadResult, base: LoadResult) => (r.requestsPerSecond / base.requestsPerSecond).toFixed(3);
  console.log(`ratio list / bare = ${ratio(list, hello)}; search / bare = ${ratio(search, hello)}; me / bare = ${ratio(me, hello)}`);
  console.log(`ratio list / me = ${ratio(list, me)}; search / me = ${ratio(search, me)}`);
  const verdict = (name: string, p95: number, target: number) =>
    console.log(`${name}: p97.5 ${p95} ms (target p95 ≤ ${target} ms) ${p95 <= target ? 'OK' : 'MISSED'}`);
  verdict('first page', list.p95, TARGETS.listP95);
  verdict('search', search.p95, TARGETS.searchP95);
  for (const r of [list, search]) if (r.errors || r.non2xx) console.log(`warning: ${r.name}: ${r.errors} errors, ${r.non2xx} non-2xx`);
} finally {
  await product.stop();
  await bare.stop();
}
