import { randomUUID } from 'node:crypto';
import type { AnalysisResult } from '@sonhario/contracts/analyses';
import { EMOTIONS, type Emotion } from '@sonhario/contracts/dreams';
import { hasPatterns } from '@sonhario/contracts/patterns';
import {
  COOCCURRENCE_RULES,
  DREAM_SIGN_ERROR_CODES,
  SIGN_GROUPS,
  SIGN_RULES,
  signGroupOf,
  type CooccurrenceKind,
  type CooccurrencePair,
  type DreamSign,
  type DreamSignPin,
  type DreamSignsResponse,
  type PinDreamSignInput,
  type SignDream,
  type SignKind,
} from '@sonhario/contracts/pattern-signs';
import { withTransaction, type RequestContext } from '../../context.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { openResult } from '../analyses/analyses.sealing.ts';
import { groupForms, lexiconIdOf } from '../analyses/text/content-words.ts';
import { openDreamSummary, openTagName } from '../dreams/dreams.sealing.ts';
import { blindToken, foldText, tagToken } from '../dreams/dreams.search.ts';
import { openText, sealText, type UserKeys } from '../keys/keys.crypto.ts';
import { getProfile } from '../profile/profile.service.ts';
import type { PatternAnswerCache } from './answer-cache.ts';
import {
  countJournalDreams,
  countPins,
  countRecentItems,
  deletePin,
  insertPin,
  listDreamSummaries,
  listPinRows,
  listSignDreams,
  listTagNames,
  listAnalysisResults,
  listTagUses,
  listWindowAnalyses,
  lockPins,
  type JournalItems,
  type WindowAnalysisRow,
} from './signs.repository.ts';

/**
 * Dream signs and what goes together (issue 16, docs/decisions/031). Tags, emotions, nightmares and the recurring
 * flag are counted over the whole journal in SQL from plain columns and blind tokens; symbols, people and places
 * from the latest analysis of the dreams of the user's newest SIGN_RULES.analysisWindow analyses (each opened once).
 * Only the tags, dreams and pins an answer names are opened besides.
 */

async function requirePatternsPlan(ctx: RequestContext) {
  const { plan } = await getProfile(ctx);
  if (!hasPatterns(plan)) {
    throw new ForbiddenError('plan_required', 'Os sinais de sonho fazem parte dos planos Lúcido e Oráculo.');
  }
}

// --- pins' sealing ----------------------------------------------------------------------------------------------------

/** A sign's identity under the user's index key: which signs a user pinned is not readable without the key. */
const signHashOf = (keys: UserKeys, kind: SignKind, key: string) => blindToken(keys.index, `sign:${kind}:${key}`);
const pinAad = (userId: string, id: string) => `dream_sign_pin:${id}|user:${userId}`;

interface SealedSign {
  kind: SignKind;
  key: string;
  label: string;
}

const openPin = (keys: UserKeys, userId: string, row: { id: string; signEnc: Buffer }) =>
  JSON.parse(openText(keys.encryption, row.signEnc, pinAad(userId, row.id))) as SealedSign;

/** A sign's key as the answer gives it: folded names (case and accents aside); an emotion's id as it is. */
function normalKey(kind: SignKind, key: string): string {
  if (kind === 'emotion' || kind === 'recurring') return key.trim();
  return foldText(key.trim());
}

/** The user's pins, opened, newest first (the export reads them too). */
export async function listPins(ctx: RequestContext, keys?: UserKeys): Promise<DreamSignPin[]> {
  const rows = await listPinRows(ctx.db, ctx.userId);
  if (rows.length === 0) return [];
  const opened = keys ?? (await ctx.keys.forUser(ctx.userId));
  return rows.map((row) => ({
    id: row.id,
    ...openPin(opened, ctx.userId, row),
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function pinDreamSign(ctx: RequestContext, input: PinDreamSignInput): Promise<DreamSignPin> {
  await requirePatternsPlan(ctx);
  const kind = input.kind;
  const key = normalKey(kind, input.key);
  if (!key) throw new ValidationError('Informe o sinal', [{ path: 'key', message: 'Informe o sinal' }]);
  const keys = await ctx.keys.forUser(ctx.userId);
  const id = randomUUID();
  const sign: SealedSign = { kind, key, label: input.label?.trim() || input.key.trim() };
  const createdAt = ctx.now();
  const isNew = await withTransaction(ctx, async (tx) => {
    await lockPins(tx.db, ctx.userId);
    if ((await countPins(tx.db, ctx.userId)) >= SIGN_RULES.maxPins) {
      throw new ConflictError(
        DREAM_SIGN_ERROR_CODES.tooManyPins,
        `No máximo ${SIGN_RULES.maxPins} sinais fixados: desafixe um para fixar outro.`,
      );
    }
    return insertPin(tx.db, {
      id,
      userId: ctx.userId,
      signHash: signHashOf(keys, kind, key),
      signEnc: sealText(keys.encryption, JSON.stringify(sign), pinAad(ctx.userId, id)),
      createdAt,
    });
  });
  if (!isNew) throw new ConflictError(DREAM_SIGN_ERROR_CODES.alreadyPinned, 'Este sinal já está fixado.');
  return { id, ...sign, createdAt: createdAt.toISOString() };
}

export async function unpinDreamSign(ctx: RequestContext, id: string): Promise<void> {
  await requirePatternsPlan(ctx);
  if (!(await deletePin(ctx.db, ctx.userId, id))) throw new NotFoundError('Sinal fixado não encontrado');
}

// --- signs ------------------------------------------------------------------------------------------------------------

interface Found {
  kind: SignKind;
  key: string;
  label: string;
  count: number;
  base: number;
  /** The dreams it was seen in, when known here (the analysed ones); else looked up. */
  dreams?: { id: string; dreamtOn: string }[];
  /** The tag token (tags) or the emotion the dreams are looked up by. */
  lookup?: string;
  /** Other keys of the same sign (the forms of one word merged into it): a pin on any of them finds it. */
  aliases?: string[];
}

interface AnalysedName {
  kind: SignKind;
  key: string;
  label: string;
  dreams: { id: string; dreamtOn: string }[];
  aliases?: string[];
}

interface AnalysedNames {
  /** `<kind>:<folded>` → the most common spelling and the dreams naming it (forms of one word merged). */
  names: Map<string, AnalysedName>;
  rows: WindowAnalysisRow[];
}

type AnalysisNames = [kind: SignKind, key: string, label: string][];

/** Where the names each analysis holds are kept once opened (PatternAnswerCache.opened, or a map for one call). */
type OpenedMemo = { get(key: string): object | undefined; set(key: string, value: object): unknown };

/**
 * The names an analysis holds (symbols, people, places; folded, once each), by analysis id: a result never changes
 * once stored, so each is opened once per instance, not on every request (as the analyses' stats cache keeps the
 * opened tally, decision 021), in the patterns cache's `opened` (bounded; forgotten with the account).
 */

function namesOf(result: AnalysisResult): AnalysisNames {
  const names: AnalysisNames = [];
  const lists: [SignKind, string[]][] = [
    ['symbol', result.symbols.map((s) => s.symbol)],
    ['person', result.characters],
    ['place', result.settings],
  ];
  for (const [kind, list] of lists) {
    const seen = new Set<string>();
    for (const raw of list) {
      const label = raw.trim();
      const key = foldText(label);
      if (!key || seen.has(key)) continue;
      seen.add(key);
      names.push([kind, key, label]);
    }
  }
  return names;
}

/** The symbols, people and places each analysed dream's latest analysis names, once per dream. */
async function nameAnalysed(
  ctx: RequestContext,
  keys: UserKeys,
  rows: WindowAnalysisRow[],
  opened: OpenedMemo,
): Promise<AnalysedNames> {
  const cacheKey = (id: string) => `${ctx.userId}:analysis-names:${id}`;
  const known = new Map<string, AnalysisNames>();
  for (const row of rows) {
    const names = opened.get(cacheKey(row.id)) as AnalysisNames | undefined;
    if (names) known.set(row.id, names);
  }
  const missing = rows.filter((row) => !known.has(row.id)).map((row) => row.id);
  for (const sealed of await listAnalysisResults(ctx.db, ctx.userId, missing)) {
    const names = namesOf(openResult(keys, ctx.userId, sealed));
    opened.set(cacheKey(sealed.id), names);
    known.set(sealed.id, names);
  }
  const names: AnalysedNames['names'] = new Map();
  for (const row of rows) {
    for (const [kind, key, label] of known.get(row.id) ?? []) {
      const id = `${kind}:${key}`;
      const entry = names.get(id) ?? { kind, key, label, dreams: [] };
      entry.dreams.push({ id: row.dreamId, dreamtOn: row.dreamtOn });
      names.set(id, entry);
    }
  }
  return { names: mergeForms(names), rows };
}

/**
 * The forms of one name as one sign ("Voo" and "Voar", "cachorro" and "cachorros"; symbols the builtin lexicon maps
 * to one entry), in its most common spelling, each dream once (analyses/text/content-words.ts, decision 061).
 */
function mergeForms(names: AnalysedNames['names']): AnalysedNames['names'] {
  const merged: AnalysedNames['names'] = new Map();
  for (const kind of ['symbol', 'person', 'place'] as const) {
    const entries = [...names.values()].filter((entry) => entry.kind === kind);
    const groups = groupForms(entries, (entry) => entry.label, {
      weightOf: (entry) => entry.dreams.length,
      sameAs: kind === 'symbol' ? (word) => lexiconIdOf('symbol', word) : undefined,
    });
    for (const group of groups) {
      const dreams = new Map<string, { id: string; dreamtOn: string }>();
      for (const entry of group.items) for (const dream of entry.dreams) dreams.set(dream.id, dream);
      const keys = [...new Set(group.items.map((entry) => entry.key))];
      const key = keys.includes(group.key) ? group.key : (keys[0] ?? group.key);
      merged.set(`${kind}:${key}`, {
        kind,
        key,
        label: group.form,
        dreams: [...dreams.values()],
        aliases: keys.filter((other) => other !== key),
      });
    }
  }
  return merged;
}

const share = (count: number, base: number) => (base > 0 ? Math.min(1, count / base) : 0);
const isSign = (count: number, base: number) =>
  count >= SIGN_RULES.minDreams && share(count, base) >= SIGN_RULES.minShare;

/** Every sign the counts know of (not only those above the threshold: a pinned one shows whatever its count). */
function allSigns(
  journalDreams: number,
  tagUses: { token: string; uses: number }[],
  recent: JournalItems,
  analysed: AnalysedNames,
): Found[] {
  const found: Found[] = tagUses.map(({ token, uses }) => ({
    kind: 'tag',
    key: '',
    label: '',
    count: uses,
    base: journalDreams,
    lookup: token,
  }));
  const base = recent.dreamCount;
  for (const [item, count] of recent.counts) {
    if (!item.startsWith('e')) continue;
    const emotion = item.slice(1);
    found.push({ kind: 'emotion', key: emotion, label: emotion, count, base, lookup: emotion });
  }
  found.push({
    kind: 'recurring',
    key: 'recurring',
    label: 'recurring',
    count: recent.recurringCount,
    base,
    lookup: 'recurring',
  });
  for (const entry of analysed.names.values()) {
    found.push({ ...entry, count: entry.dreams.length, base: analysed.rows.length });
  }
  return found;
}

const byCount = (a: Found, b: Found) =>
  b.count - a.count || share(b.count, b.base) - share(a.count, a.base) || a.kind.localeCompare(b.kind);

// --- co-occurrence ----------------------------------------------------------------------------------------------------

interface PairItem {
  kind: CooccurrenceKind;
  key: string;
  count: number;
}
interface RawPair {
  a: PairItem;
  b: PairItem;
  together: number;
  dreamCount: number;
  lift: number;
}

const liftOf = (together: number, a: number, b: number, n: number) => (a > 0 && b > 0 ? (together * n) / (a * b) : 0);
const isStrong = (pair: { together: number; lift: number }) =>
  pair.together >= COOCCURRENCE_RULES.minTogether && pair.lift >= COOCCURRENCE_RULES.minLift;

function journalItem(item: string, count: number): PairItem {
  if (item === 'n') return { kind: 'nightmare', key: 'nightmare', count };
  if (item.startsWith('e')) return { kind: 'emotion', key: item.slice(1), count };
  return { kind: 'tag', key: item.slice(1), count }; // the token until labelled
}

/** Tags, emotions and nightmares over the journal: the pairs SQL counted, with their lift. */
function journalPairs(journal: JournalItems): RawPair[] {
  if (journal.dreamCount < COOCCURRENCE_RULES.minDreams) return [];
  const n = journal.dreamCount;
  return journal.pairs.flatMap(({ a, b, together }) => {
    const ca = journal.counts.get(a) ?? 0;
    const cb = journal.counts.get(b) ?? 0;
    const pair = {
      a: journalItem(a, ca),
      b: journalItem(b, cb),
      together,
      dreamCount: n,
      lift: liftOf(together, ca, cb, n),
    };
    return isStrong(pair) ? [pair] : [];
  });
}

/** A symbol with an emotion or with nightmares, over the analysed dreams read. */
function symbolPairs(analysed: AnalysedNames): RawPair[] {
  const n = analysed.rows.length;
  if (n < COOCCURRENCE_RULES.minDreams) return [];
  const byDream = new Map(analysed.rows.map((row) => [row.dreamId, row]));
  const others = new Map<string, number>();
  for (const row of analysed.rows) {
    for (const emotion of new Set(row.emotions)) others.set(`e${emotion}`, (others.get(`e${emotion}`) ?? 0) + 1);
    if (row.isNightmare) others.set('n', (others.get('n') ?? 0) + 1);
  }
  const pairs: RawPair[] = [];
  for (const entry of analysed.names.values()) {
    if (entry.kind !== 'symbol' || entry.dreams.length < COOCCURRENCE_RULES.minTogether) continue;
    const together = new Map<string, number>();
    for (const { id } of entry.dreams) {
      const row = byDream.get(id);
      if (!row) continue;
      for (const emotion of new Set(row.emotions)) together.set(`e${emotion}`, (together.get(`e${emotion}`) ?? 0) + 1);
      if (row.isNightmare) together.set('n', (together.get('n') ?? 0) + 1);
    }
    const symbol: PairItem = { kind: 'symbol', key: entry.key, count: entry.dreams.length };
    for (const [item, count] of together) {
      const other = journalItem(item, others.get(item) ?? 0);
      const pair = {
        a: symbol,
        b: other,
        together: count,
        dreamCount: n,
        lift: liftOf(count, symbol.count, other.count, n),
      };
      if (isStrong(pair)) pairs.push(pair);
    }
  }
  return pairs;
}

// --- the answer -------------------------------------------------------------------------------------------------------

/** The signs (Lucid, Oracle), kept per user while the journal, its analyses and the pins stay as they are. */
export async function getDreamSigns(ctx: RequestContext, answers: PatternAnswerCache): Promise<DreamSignsResponse> {
  await requirePatternsPlan(ctx);
  const pinRows = await listPinRows(ctx.db, ctx.userId);
  return answers.read(ctx, 'signs', pinRows.map((row) => row.id).join(','), () =>
    computeDreamSigns(ctx, pinRows, answers.opened),
  );
}

/**
 * The user's recurring signs as words for a generative analysis's context (patterns/journal-context.ts): images
 * first, then feelings, then tags, as the answer orders them, whatever the plan (the answer is the user's own data;
 * the plan gates the page). Names opened for it are kept in `opened` when given.
 */
export async function listRecurringSigns(
  ctx: RequestContext,
  opened: OpenedMemo = new Map<string, object>(),
): Promise<{ kind: SignKind; label: string; count: number }[]> {
  const pinRows = await listPinRows(ctx.db, ctx.userId);
  const { signs } = await computeDreamSigns(ctx, pinRows, opened);
  return signs
    .filter((sign) => sign.count > 0)
    .map((sign) => ({
      kind: sign.kind,
      label: sign.kind === 'recurring' ? 'recurring dream' : sign.label,
      count: sign.count,
    }));
}

async function computeDreamSigns(
  ctx: RequestContext,
  pinRows: Awaited<ReturnType<typeof listPinRows>>,
  opened: OpenedMemo,
): Promise<DreamSignsResponse> {
  const keys = await ctx.keys.forUser(ctx.userId);
  const pins = pinRows.map((row) => ({ id: row.id, sign: openPin(keys, ctx.userId, row) }));
  const pinnedTags = pins.flatMap(({ sign }) => (sign.kind === 'tag' ? [tagToken(keys.index, sign.key)] : []));
  const journalDreams = await countJournalDreams(ctx.db, ctx.userId);
  const tagUses = await listTagUses(ctx.db, ctx.userId, SIGN_RULES.minDreams, SIGN_RULES.maxSigns, pinnedTags);
  const journal = await countRecentItems(ctx.db, ctx.userId, SIGN_RULES.recentWindow, COOCCURRENCE_RULES.minTogether);
  const windowRows = await listWindowAnalyses(ctx.db, ctx.userId, SIGN_RULES.analysisWindow);
  const analysed = await nameAnalysed(ctx, keys, windowRows, opened);

  // Which signs: the pinned ones (whatever their count), then the most frequent above the threshold.
  const signs = allSigns(journalDreams, tagUses, journal, analysed);
  const tagSigns = new Map(signs.filter((s) => s.kind === 'tag').map((s) => [s.lookup ?? '', s]));
  const pinnedSigns = pins.map(({ id, sign }): Found & { pinId: string } => {
    const lookup =
      sign.kind === 'tag' ? tagToken(keys.index, sign.key) : sign.kind === 'emotion' ? sign.key : undefined;
    const known =
      sign.kind === 'tag'
        ? tagSigns.get(lookup ?? '')
        : signs.find((s) => s.kind === sign.kind && (s.key === sign.key || s.aliases?.includes(sign.key)));
    const base =
      sign.kind === 'symbol' || sign.kind === 'person' || sign.kind === 'place'
        ? windowRows.length
        : sign.kind === 'tag'
          ? journalDreams
          : journal.dreamCount;
    return {
      ...(known ?? { count: 0, base, dreams: sign.kind === 'tag' || sign.kind === 'emotion' ? undefined : [] }),
      kind: sign.kind,
      key: sign.key,
      label: sign.label,
      lookup: known?.lookup ?? lookup ?? (sign.kind === 'recurring' ? 'recurring' : undefined),
      pinId: id,
    };
  });
  const idOf = (s: Found) =>
    s.kind === 'tag' ? [`tag:${s.lookup}`] : [s.key, ...(s.aliases ?? [])].map((key) => `${s.kind}:${key}`);
  const pinnedIds = new Set(pinnedSigns.flatMap(idOf));
  const ranked = signs
    .filter((s) => isSign(s.count, s.base))
    .filter((s) => !idOf(s).some((id) => pinnedIds.has(id)))
    .sort(byCount);
  // Images lead, then feelings, then tags (decision 061); in each, the pinned ones first, then the most frequent.
  // An image named both as a symbol and as a place ("Mar") is shown once, as the kind met most (symbol on ties).
  const shown: (Found & { pinId?: string })[] = SIGN_GROUPS.flatMap((group) => {
    const pinned = pinnedSigns.filter((s) => signGroupOf(s.kind) === group);
    const named = new Set(pinned.map((s) => foldText(s.label)));
    const rest = ranked
      .filter((s) => signGroupOf(s.kind) === group)
      .sort((a, b) => b.count - a.count || Number(b.kind === 'symbol') - Number(a.kind === 'symbol'))
      .filter((s) => group !== 'images' || (!named.has(foldText(s.label)) && named.add(foldText(s.label))));
    return [...pinned, ...rest.slice(0, SIGN_RULES.maxPerGroup[group])];
  });

  const pairs = [...journalPairs(journal), ...symbolPairs(analysed)]
    .sort((x, y) => y.lift - x.lift || y.together - x.together)
    .slice(0, COOCCURRENCE_RULES.maxPairs);

  // Tag names: only the tokens answered.
  const tokens = new Set<string>();
  for (const sign of shown) if (sign.kind === 'tag' && sign.lookup) tokens.add(sign.lookup);
  for (const pair of pairs) for (const item of [pair.a, pair.b]) if (item.kind === 'tag') tokens.add(item.key);
  const tagNames = new Map(
    (await listTagNames(ctx.db, ctx.userId, [...tokens])).map((row) => [row.token, openTagName(keys, ctx.userId, row)]),
  );
  for (const sign of shown) {
    if (sign.kind !== 'tag' || sign.pinId) continue;
    const name = tagNames.get(sign.lookup ?? '') ?? '';
    sign.label = name;
    sign.key = foldText(name.trim());
  }

  // The dreams each sign is in: the analysed ones are known; tags, emotions and recurring are looked up.
  const looked = await listSignDreams(
    ctx.db,
    ctx.userId,
    {
      commonTags: shown.flatMap((s) =>
        s.kind === 'tag' && s.lookup && share(s.count, s.base) >= SIGN_RULES.minShare ? [s.lookup] : [],
      ),
      rareTags: shown.flatMap((s) =>
        s.kind === 'tag' && s.lookup && share(s.count, s.base) < SIGN_RULES.minShare ? [s.lookup] : [],
      ),
      emotions: shown.filter((s) => s.kind === 'emotion' && EMOTIONS.includes(s.key as Emotion)).map((s) => s.key),
      recurring: shown.some((s) => s.kind === 'recurring'),
    },
    SIGN_RULES.dreamsPerSign,
  );
  const dreamsBy = new Map<string, { id: string; dreamtOn: string }[]>();
  for (const row of looked) dreamsBy.set(row.by, [...(dreamsBy.get(row.by) ?? []), row]);
  const newest = (list: { id: string; dreamtOn: string }[]) =>
    [...list]
      .sort((a, b) => b.dreamtOn.localeCompare(a.dreamtOn) || b.id.localeCompare(a.id))
      .slice(0, SIGN_RULES.dreamsPerSign);
  const dreamsOf = shown.map((sign) =>
    sign.dreams ? newest(sign.dreams) : newest(dreamsBy.get(sign.lookup ?? '') ?? []),
  );
  const ids = [...new Set(dreamsOf.flat().map((dream) => dream.id))];
  const titles = new Map(
    (await listDreamSummaries(ctx.db, ctx.userId, ids)).map((row) => [
      row.id,
      openDreamSummary(keys, ctx.userId, row.id, row.summaryEnc).title,
    ]),
  );

  const answered: DreamSign[] = shown.map((sign, i) => ({
    kind: sign.kind,
    group: signGroupOf(sign.kind),
    key: sign.key,
    label: sign.label,
    count: sign.count,
    share: Math.round(share(sign.count, sign.base) * 1000) / 1000,
    pinId: sign.pinId ?? null,
    dreams: (dreamsOf[i] ?? []).flatMap((dream): SignDream[] => {
      const title = titles.get(dream.id);
      return title === undefined ? [] : [{ id: dream.id, title, dreamtOn: dream.dreamtOn }];
    }),
  }));
  const labelOf = (item: PairItem) => (item.kind === 'tag' ? (tagNames.get(item.key) ?? '') : item.key);
  const cooccurrence: CooccurrencePair[] = pairs.map((pair) => {
    const item = (x: PairItem) => ({
      kind: x.kind,
      key: x.kind === 'tag' ? foldText(labelOf(x).trim()) : x.key,
      label: x.kind === 'symbol' ? (analysed.names.get(`symbol:${x.key}`)?.label ?? x.key) : labelOf(x),
      count: x.count,
    });
    return {
      a: item(pair.a),
      b: item(pair.b),
      together: pair.together,
      dreamCount: pair.dreamCount,
      lift: Math.round(pair.lift * 100) / 100,
    };
  });
  return {
    dreamCount: journalDreams,
    analysedCount: windowRows.length,
    recentCount: journal.dreamCount,
    signs: answered,
    cooccurrence: { isTooLittleData: journal.dreamCount < COOCCURRENCE_RULES.minDreams, pairs: cooccurrence },
  };
}
