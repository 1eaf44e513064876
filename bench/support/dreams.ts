// Seeding helpers shared by the benches: deterministic pt-BR dream texts and sign-up / dream creation through
// the real API.
import { randomBytes } from 'node:crypto';
import { EMOTIONS } from '@sonhario/contracts/dreams';
import type { createDreamGenerator } from './dream-text.ts';

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
export const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

const PEOPLE = [
  'minha mãe',
  'meu pai',
  'minha avó',
  'um amigo de infância',
  'uma mulher desconhecida',
  'meu irmão',
  'minha chefe',
  'um gato falante',
  'uma criança',
  'meu professor antigo',
  'um vizinho',
  'a minha ex',
];
const PLACES = [
  'numa casa antiga',
  'no mar',
  'numa floresta escura',
  'na escola',
  'num aeroporto enorme',
  'numa cidade de vidro',
  'no alto de uma montanha',
  'num hospital vazio',
  'na praia',
  'num trem',
  'no quintal da casa da minha avó',
  'numa igreja',
  'num labirinto',
  'debaixo d’água',
  'num shopping abandonado',
  'numa estrada sem fim',
];
const ACTIONS = [
  'estava voando',
  'corria sem sair do lugar',
  'procurava uma porta',
  'caía de um prédio',
  'nadava com peixes coloridos',
  'tentava gritar sem voz',
  'perdia os dentes',
  'dirigia um carro sem freio',
  'encontrava uma chave dourada',
  'era perseguido por um cachorro',
  'chegava atrasado para uma prova',
  'conversava com os mortos',
  'descobria um quarto novo',
  'flutuava sobre a cidade',
  'subia uma escada infinita',
  'abraçava alguém que já morreu',
];
const DETAILS = [
  'O céu estava roxo e havia duas luas.',
  'Tudo tinha cheiro de chuva.',
  'As paredes respiravam devagar.',
  'Ninguém me ouvia.',
  'Eu sabia que estava sonhando.',
  'A água subia cada vez mais.',
  'Havia música vindo de longe.',
  'Os relógios não tinham ponteiros.',
  'Eu estava descalço e sentia frio.',
  'As pessoas não tinham rosto.',
  'A luz era dourada como fim de tarde.',
  'O chão era macio como areia.',
  'Tinha medo, mas também curiosidade.',
  'Acordei com o coração acelerado.',
  'Senti uma paz enorme.',
  'O mar estava calmo e transparente.',
];
const TAGS = [
  'voo',
  'família',
  'trabalho',
  'água',
  'perseguição',
  'escola',
  'casa',
  'animais',
  'morte',
  'viagem',
  'amor',
  'queda',
];

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
/** A POST /api/v1/dreams body: 3–12 sentences (one in ten 20–40), half with a title, spread over ~3 years. */
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

/** Signs up a fresh email user (the server must run with AUTH_AUTOCONFIRM=true); `data` is the form's metadata. */
export async function signUp(baseUrl: string, anonKey: string, label: string, data?: Record<string, unknown>) {
  const res = await fetch(`${baseUrl}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `${label}-${randomBytes(4).toString('hex')}@example.com`,
      password: 'a sleepy dreamer password',
      data,
    }),
  });
  const body = (await res.json()) as { access_token?: string; user?: { id: string } };
  if (!res.ok || !body.access_token || !body.user) throw new Error(`sign-up failed: ${res.status}`);
  return { token: body.access_token, userId: body.user.id };
}

export async function createDream(baseUrl: string, token: string): Promise<{ id: string }> {
  const res = await fetch(`${baseUrl}/api/v1/dreams`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(dreamBody()),
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string };
}

/** Runs `count` tasks, `concurrency` at a time. */
export async function pool(count: number, concurrency: number, task: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

// --- a generated journal through POST /me/import ---------------------------------------------------------------

/** Dreams per import file when a bench loads a journal. */
const IMPORT_BATCH = 2000;

/** One dream of `createDreamGenerator` (bench/support/dream-text.ts) as an export file holds it. */
function exportedDream(generator: ReturnType<typeof createDreamGenerator>) {
  const { language: _language, ...fields } = generator.next();
  return {
    ...fields,
    id: generator.uuid(),
    title: fields.title ?? fields.content.slice(0, 60),
    isTitleDerived: fields.title === null,
    updatedAt: fields.recordedAt,
    version: 1,
    deletedAt: null,
    purgeAfter: null,
    analyses: [],
  };
}

/**
 * Loads `count` generated dreams into the user's journal through POST /me/import, IMPORT_BATCH per file, the
 * user's own empty export as the template. `post` sends one file (a bench may retry it).
 */
export async function importGeneratedDreams(
  api: string,
  token: string,
  generator: ReturnType<typeof createDreamGenerator>,
  count: number,
  post: (file: object) => Promise<void> = async (file) => {
    const res = await fetch(`${api}/me/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(file),
    });
    if (!res.ok) throw new Error(`import: ${res.status} ${await res.text()}`);
  },
): Promise<void> {
  const exported = await fetch(`${api}/me/export?format=json`, { headers: { authorization: `Bearer ${token}` } });
  const template = (await exported.json()) as object;
  await pool(Math.ceil(count / IMPORT_BATCH), 1, async (i) => {
    const size = Math.min(IMPORT_BATCH, count - i * IMPORT_BATCH);
    const dreams = Array.from({ length: size }, () => exportedDream(generator));
    await post({ ...template, dreams, totals: { dreams: size, analyses: 0 } });
  });
}

/**
 * The latency of the first read of `url` after a journal write (a dream's mood changed), `count` times: what a
 * page kept per user while the journal stays as it is (the patterns answers) costs when it must be computed.
 */
export async function timeFirstReadsAfterAWrite(
  api: string,
  headers: Record<string, string>,
  url: string,
  count: number,
): Promise<number[]> {
  const list = await fetch(`${api}/dreams?limit=1`, { headers });
  const { items } = (await list.json()) as { items: { id: string }[] };
  const id = items[0]?.id;
  if (!id) throw new Error('no dream to edit');
  const timings: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const edit = await fetch(`${api}/dreams/${id}`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ mood: (i % 5) + 1 }),
    });
    if (!edit.ok) throw new Error(`edit: ${edit.status}`);
    const at = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    timings.push(performance.now() - at);
  }
  return timings;
}
