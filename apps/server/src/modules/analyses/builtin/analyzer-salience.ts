// Which of the images a dream names matter to it: the symbols by salience, the themes by their mentions.
import type { Hit } from './analyzer-match.ts';
import { DREAM_SYMBOLS, type LexiconEntry } from './lexicon.ts';

// Salience: what the dream is about comes first. Each mention counts, events (a chase, a fall, a death, an attack)
// weigh more than the furniture of the scene, and so does a symbol with a feeling named close to it.
const EVENT_SYMBOLS = new Set(
  'perseguicao ataque briga morte_simbolo queda voo afogamento acidente roubo traicao guerra fim_do_mundo sexo beijo nudez prova_simbolo atraso perda procura esconder choro terremoto enchente casamento festa mudanca gravidez paralisia dentes sangue vomito sequestro'.split(
    ' ',
  ),
);
// Who acts in the scene: animals, creatures, a monster.
const ACTOR_SYMBOLS = new Set(
  'cachorro gato cobra aranha passaro peixe cavalo leao lobo rato inseto borboleta urso macaco jacare coruja vaca monstro dragao sombra anjo alienigena policia celebridade bebe'.split(
    ' ',
  ),
);
// The backdrop of a scene: hands, clothes, light, walls, a bed, a door, a window. They are in most dreams and matter to
// few (on the DreamBank tune split, 17 of the 106 times the reader gave them they were among the images that matter):
// one mention is not enough for them to be a symbol of the dream; something has to keep coming back to them, or an
// event has to happen to or with them.
const BACKDROP_SYMBOLS = new Set(
  'maos roupa luz muro olhos cama sol janela bolsa cabelo arvore chave espelho porta lua boca trancado numero vidro'.split(
    ' ',
  ),
);
const EVENT_WEIGHT = 1.5;
const ACTOR_WEIGHT = 0.5;
const FEELING_NEAR = 5;
const FEELING_WEIGHT = 0.5;
/** Words between an event and the backdrop image it happens to or with. */
const EVENT_NEAR = 3;
const BACKDROP_WEIGHT = 1;
/** Mentions count up to this many: a long dream that names the house ten times is still about what happens in it. */
const MENTIONS_COUNTED = 3;
/** The salience a symbol needs to be one of the dream's (the first always is). */
const SALIENT = 1;

/**
 * The symbols that matter to the dream, most salient first: what happens (a chase, a fall, a kiss), an image that
 * comes back, one with a feeling named beside it; not the backdrop named once. At most `limit`, at least one when the
 * dream names any (decision 063: the cap and the weights measured on the DreamBank tune split).
 */
export function bySalience(
  hits: Map<LexiconEntry, Hit>,
  emotionPositions: readonly number[],
  limit: number,
): LexiconEntry[] {
  const eventPositions = [...hits.entries()].flatMap(([symbol, hit]) =>
    EVENT_SYMBOLS.has(symbol.id) ? hit.positions : [],
  );
  const isNear = (hit: Hit, positions: readonly number[], reach: number) =>
    hit.positions.some((p) => positions.some((q) => q !== p && Math.abs(q - p) <= reach));
  // The backdrop counts when something happens to or with it: the event is named beside it ("voei até a lua").
  const isBackdrop = (symbol: LexiconEntry, hit: Hit) =>
    BACKDROP_SYMBOLS.has(symbol.id) && !isNear(hit, eventPositions, EVENT_NEAR);
  const weight = (symbol: LexiconEntry, hit: Hit) =>
    Math.min(hit.count, MENTIONS_COUNTED) +
    (EVENT_SYMBOLS.has(symbol.id) ? EVENT_WEIGHT : ACTOR_SYMBOLS.has(symbol.id) ? ACTOR_WEIGHT : 0) -
    (isBackdrop(symbol, hit) ? BACKDROP_WEIGHT : 0) +
    (isNear(hit, emotionPositions, FEELING_NEAR) ? FEELING_WEIGHT : 0);
  const ranked = [...hits.entries()]
    .map(([symbol, hit]) => ({ symbol, hit, weight: weight(symbol, hit) }))
    .sort((a, b) => b.weight - a.weight || a.hit.first - b.hit.first);
  return ranked
    .filter((item, at) => at === 0 || item.weight >= SALIENT)
    .slice(0, limit)
    .map(({ symbol }) => symbol);
}

// Themes that matter: a house is where most dreams happen, and the Houses theme ("the house as the self") is the
// dream's only when the house keeps coming back (on the DreamBank tune split it was given 41 times and mattered once);
// water or a trip as the scene, or a movement said in passing (a fall, flying, being lost), needs two mentions; in a
// dream under 30 words one mention is enough, under 90 the Houses theme needs three. Tune split: strict theme
// precision 0.21 -> 0.32, recall 0.77 -> 0.74. (Animals and school with two mentions too gave
// 0.38 / 0.72 there but cost the gold set, whose themes are what each dream is about, a third of its English recall.)
const THEME_MENTIONS: Record<string, number> = { casas: 4, agua: 2, viagem: 2, queda: 2, voo: 2, perdido: 2 };
/** Words per further mention a theme needs: in a short dream, one mention is what it is about ("caí de um prédio"). */
const WORDS_PER_MENTION = 30;
export const themeMentions = (id: string, words: number) =>
  Math.min(THEME_MENTIONS[id] ?? 1, 1 + Math.floor(words / WORDS_PER_MENTION));

const SYMBOL_BY_ID = new Map(DREAM_SYMBOLS.map((symbol) => [symbol.id, symbol]));

/** The symbols of the places a dream is set in (the setting "escola" is the symbol "escola_simbolo"). */
export function settingSymbols(settings: readonly LexiconEntry[]): LexiconEntry[] {
  const found: LexiconEntry[] = [];
  for (const setting of settings) {
    const symbol = SYMBOL_BY_ID.get(setting.id) ?? SYMBOL_BY_ID.get(`${setting.id}_simbolo`);
    if (symbol && !found.includes(symbol)) found.push(symbol);
  }
  return found;
}

export function byAppearance<T>(hits: Map<T, Hit>): T[] {
  return [...hits.entries()].sort((a, b) => a[1].first - b[1].first).map(([target]) => target);
}

export function byWeight<T>(hits: Map<T, Hit>): T[] {
  return [...hits.entries()]
    .sort((a, b) => b[1].count - a[1].count || a[1].first - b[1].first)
    .map(([target]) => target);
}
