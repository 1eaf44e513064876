import { randomUUID } from 'node:crypto';
import { EMOTIONS, type Emotion } from '@sonhario/contracts/dreams';
import { hasPatterns } from '@sonhario/contracts/patterns';
import {
  COOCCURRENCE_RULES,
  DREAM_SIGN_ERROR_CODES,
  SIGN_GROUPS,
  SIGN_RULES,
  signGroupOf,
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
import { openDreamSummary, openTagName } from '../dreams/dreams.sealing.ts';
import { foldText, tagToken } from '../dreams/dreams.search.ts';
import { sealText, type UserKeys } from '../keys/keys.crypto.ts';
import { getProfile } from '../profile/profile.service.ts';
import type { PatternAnswerCache } from './answer-cache.ts';
import { nameAnalysed, type AnalysedNames, type OpenedMemo } from './signs.analysed.ts';
import { journalPairs, symbolPairs, type PairItem, type RawPair } from './signs.cooccurrence.ts';
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
  listTagUses,
  listWindowAnalyses,
  lockPins,
  type JournalItems,
} from './signs.repository.ts';
import { openPin, pinAad, signHashOf, type SealedSign } from './signs.sealing.ts';

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

// --- pins -------------------------------------------------------------------------------------------------------------

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

type PinRows = Awaited<ReturnType<typeof listPinRows>>;
type PinnedSign = Found & { pinId: string };
type ShownSign = Found & { pinId?: string };
type DreamRef = { id: string; dreamtOn: string };

/** The pinned signs with their counts (a pin the counts do not know of shows 0). */
function pinnedSignsOf(
  keys: UserKeys,
  pins: { id: string; sign: SealedSign }[],
  signs: Found[],
  bases: { analysed: number; journal: number; recent: number },
): PinnedSign[] {
  const tagSigns = new Map(signs.filter((s) => s.kind === 'tag').map((s) => [s.lookup ?? '', s]));
  return pins.map(({ id, sign }): PinnedSign => {
    const lookup =
      sign.kind === 'tag' ? tagToken(keys.index, sign.key) : sign.kind === 'emotion' ? sign.key : undefined;
    const known =
      sign.kind === 'tag'
        ? tagSigns.get(lookup ?? '')
        : signs.find((s) => s.kind === sign.kind && (s.key === sign.key || s.aliases?.includes(sign.key)));
    const base =
      sign.kind === 'symbol' || sign.kind === 'person' || sign.kind === 'place'
        ? bases.analysed
        : sign.kind === 'tag'
          ? bases.journal
          : bases.recent;
    return {
      ...(known ?? { count: 0, base, dreams: sign.kind === 'tag' || sign.kind === 'emotion' ? undefined : [] }),
      kind: sign.kind,
      key: sign.key,
      label: sign.label,
      lookup: known?.lookup ?? lookup ?? (sign.kind === 'recurring' ? 'recurring' : undefined),
      pinId: id,
    };
  });
}

/** The signs the answer shows: in each group the pinned ones first, then the most frequent above the threshold. */
function signsShown(signs: Found[], pinnedSigns: PinnedSign[]): ShownSign[] {
  const idOf = (s: Found) =>
    s.kind === 'tag' ? [`tag:${s.lookup}`] : [s.key, ...(s.aliases ?? [])].map((key) => `${s.kind}:${key}`);
  const pinnedIds = new Set(pinnedSigns.flatMap(idOf));
  const ranked = signs
    .filter((s) => isSign(s.count, s.base))
    .filter((s) => !idOf(s).some((id) => pinnedIds.has(id)))
    .sort(byCount);
  // Images lead, then feelings, then tags (decision 061); in each, the pinned ones first, then the most frequent.
  // An image named both as a symbol and as a place ("Mar") is shown once, as the kind met most (symbol on ties).
  return SIGN_GROUPS.flatMap((group) => {
    const pinned = pinnedSigns.filter((s) => signGroupOf(s.kind) === group);
    const named = new Set(pinned.map((s) => foldText(s.label)));
    const rest = ranked
      .filter((s) => signGroupOf(s.kind) === group)
      .sort((a, b) => b.count - a.count || Number(b.kind === 'symbol') - Number(a.kind === 'symbol'))
      .filter((s) => group !== 'images' || (!named.has(foldText(s.label)) && named.add(foldText(s.label))));
    return [...pinned, ...rest.slice(0, SIGN_RULES.maxPerGroup[group])];
  });
}

/** The names of the tags answered (signs shown unpinned get theirs as label and key), by token. */
async function nameTags(
  ctx: RequestContext,
  keys: UserKeys,
  shown: ShownSign[],
  pairs: RawPair[],
): Promise<Map<string, string>> {
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
  return tagNames;
}

/** The newest dreams of each sign shown, with their titles. */
async function dreamsOfSigns(ctx: RequestContext, keys: UserKeys, shown: ShownSign[]) {
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
  const dreamsBy = new Map<string, DreamRef[]>();
  for (const row of looked) dreamsBy.set(row.by, [...(dreamsBy.get(row.by) ?? []), row]);
  const newest = (list: DreamRef[]) =>
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
  return { dreamsOf, titles };
}

/** The pairs as answered: tags by their names, symbols in their most common spelling. */
function cooccurrenceOf(pairs: RawPair[], tagNames: Map<string, string>, analysed: AnalysedNames): CooccurrencePair[] {
  const labelOf = (item: PairItem) => (item.kind === 'tag' ? (tagNames.get(item.key) ?? '') : item.key);
  return pairs.map((pair) => {
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
}

async function computeDreamSigns(
  ctx: RequestContext,
  pinRows: PinRows,
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
  const pinnedSigns = pinnedSignsOf(keys, pins, signs, {
    analysed: windowRows.length,
    journal: journalDreams,
    recent: journal.dreamCount,
  });
  const shown = signsShown(signs, pinnedSigns);

  const pairs = [...journalPairs(journal), ...symbolPairs(analysed)]
    .sort((x, y) => y.lift - x.lift || y.together - x.together)
    .slice(0, COOCCURRENCE_RULES.maxPairs);

  const tagNames = await nameTags(ctx, keys, shown, pairs);
  const { dreamsOf, titles } = await dreamsOfSigns(ctx, keys, shown);

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
  return {
    dreamCount: journalDreams,
    analysedCount: windowRows.length,
    recentCount: journal.dreamCount,
    signs: answered,
    cooccurrence: {
      isTooLittleData: journal.dreamCount < COOCCURRENCE_RULES.minDreams,
      pairs: cooccurrenceOf(pairs, tagNames, analysed),
    },
  };
}
