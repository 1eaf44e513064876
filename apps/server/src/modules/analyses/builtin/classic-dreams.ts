// The classic dreams (decision 059): the scenes people most often report, each recognised by the event
// (the dreamer falls, something pursues the dreamer, a dead loved one visits), never by a lone word ("escape room",
// "caí no sono", "flying a kite", "behind me" are not), with negation read ("não caí" is no fall). pt-BR as typed on a
// phone (no accents, "tava", "vc", "q") and English. Each has a short, careful note on what people and research
// commonly associate with it, stated as possibilities.
import { CLASSIC_DREAM_IDS, RULES, type ClassicDreamId, type Rule } from './classic-dreams.data.ts';
import { findSpans, overlaps, patternSet, readDoc, type Doc, type PatternSet, type Span } from './content-analysis.ts';
import { findDeceased } from './content-people.ts';

// All rules' patterns in three sets (events, traps, contexts), each pattern tagged with its classic dream and its group
// (a guarded event and its own context share a group number; -1 is the rule's plain events, its traps and its context;
// -2 its scene `against`): a dream is scanned three times, not three times per classic dream.
type Owner = { id: ClassicDreamId; group: number };
type Combined = { set: PatternSet; owner: Owner[] };
const PLAIN = -1;
const AGAINST = -2;
function combine(pick: (rule: Rule) => [group: number, patterns: readonly string[] | undefined][]): Combined {
  const patterns: string[] = [];
  const owner: Owner[] = [];
  for (const id of CLASSIC_DREAM_IDS) {
    for (const [group, list] of pick(RULES[id])) {
      for (const pattern of list ?? []) {
        patterns.push(pattern);
        owner.push({ id, group });
      }
    }
  }
  return { set: patternSet(patterns), owner };
}
const EVENTS = combine((rule) => [
  [PLAIN, rule.events],
  ...(rule.guarded ?? []).map((guard, group): [number, string[]] => [group, guard.events]),
]);
const TRAPS = combine((rule) => [
  [PLAIN, rule.traps],
  [AGAINST, rule.against?.patterns],
]);
const CONTEXTS = combine((rule) => [
  [PLAIN, rule.context?.patterns],
  ...(rule.guarded ?? []).map((guard, group): [number, string[]] => [group, guard.near]),
]);

type Tagged = Span & { group: number };

/** The spans of a combined set, by classic dream. */
function spansById(doc: Doc, { set, owner }: Combined, isNegationRead: boolean): Map<ClassicDreamId, Tagged[]> {
  const byId = new Map<ClassicDreamId, Tagged[]>();
  for (const span of findSpans(doc, set, isNegationRead)) {
    const tag = owner[span.pattern];
    if (!tag) continue;
    const tagged = { ...span, group: tag.group };
    const list = byId.get(tag.id);
    if (list) list.push(tagged);
    else byId.set(tag.id, [tagged]);
  }
  return byId;
}

// A deceased person's visit is read near where the text says they died (the same sentence or the next two).
const DECEASED_REACH = 2;
// "died in the dream": a death inside the dream is not a visit.
const DREAM_DEATH = patternSet([
  '(morreu|morria|morreram|morre|died|dies|dying) (no sonho|in the dream|in my dream|na minha frente|in front of me)',
]);

// The words after an event that its own negation may reach ("não ligava o celular").
const EVENT_REACH = 3;

/** The events of every classic dream that hold: not negated, not inside a trap, with their context. */
function readEvents(doc: Doc): Map<ClassicDreamId, Span[]> {
  const events = spansById(doc, EVENTS, true);
  if (events.size === 0) return events;
  const traps = spansById(doc, TRAPS, false);
  // Contexts are read with their negation, except the words the event's own negation reaches: in "could not open the
  // email" the email is there.
  const contexts = spansById(doc, CONTEXTS, false);
  const held = new Map<ClassicDreamId, Span[]>();
  const sentenceOf = (span: Span) => doc.sentence[span.start] ?? 0;
  const isNear = (spans: readonly Tagged[], group: number, event: Span, reach: number) =>
    spans.some(
      (span) =>
        span.group === group &&
        Math.abs(sentenceOf(span) - sentenceOf(event)) <= reach &&
        (!doc.negated[span.start] || (span.start >= event.start && span.start <= event.end + EVENT_REACH)),
    );
  for (const [id, spans] of events) {
    const rule = RULES[id];
    const trapped = traps.get(id) ?? [];
    const near = contexts.get(id) ?? [];
    const kept = spans.filter(
      (event) =>
        !trapped.some((trap) => trap.group === PLAIN && overlaps(event, trap)) &&
        (!rule.context || isNear(near, PLAIN, event, rule.context.reach)) &&
        (event.group === PLAIN || isNear(near, event.group, event, rule.guarded?.[event.group]?.reach ?? 0)) &&
        (!rule.against || !isNear(trapped, AGAINST, event, rule.against.reach)),
    );
    if (kept.length > 0) held.set(id, kept);
  }
  // A car that will not stop is the car out of control, not a failing device as well.
  const car = held.get('car_out_of_control');
  const device = held.get('device_failure');
  if (car && device) {
    const left = device.filter((span) => !car.some((other) => sentenceOf(other) === sentenceOf(span)));
    if (left.length > 0) held.set('device_failure', left);
    else held.delete('device_failure');
  }
  return held;
}

export type ClassicDream = { id: ClassicDreamId; at: number; sentence: number };

/** The classic dreams a parsed text holds, in the order they first happen. */
export function readClassicDreams(doc: Doc, dreamEndsAt = -1): ClassicDream[] {
  const found: ClassicDream[] = [];
  // What happens after the dreamer really woke up ("acordei e o celular não ligava") is not the dream.
  const isDream = (span: Span) => dreamEndsAt < 0 || span.start < dreamEndsAt;
  const events = readEvents(doc);
  for (const id of CLASSIC_DREAM_IDS) {
    if (id === 'deceased_visit') continue;
    const first = (events.get(id) ?? []).filter(isDream)[0];
    if (first) found.push({ id, at: first.start, sentence: doc.sentence[first.start] ?? 0 });
  }
  const deaths = findDeceased(doc);
  if (deaths.length > 0 && findSpans(doc, DREAM_DEATH).length === 0) {
    const visits = (events.get('deceased_visit') ?? []).filter(isDream);
    for (const death of deaths) {
      const sentence = doc.sentence[death.start] ?? 0;
      const visit = visits.find(
        (span) => !overlaps(span, death) && Math.abs((doc.sentence[span.start] ?? 0) - sentence) <= DECEASED_REACH,
      );
      if (visit) {
        found.push({ id: 'deceased_visit', at: Math.min(death.start, visit.start), sentence });
        break;
      }
    }
  }
  // A fall of the teeth is the teeth dream, not a fall of the dreamer; a grandparent's visit is not "falling".
  return found.sort((a, b) => a.at - b.at);
}

/**
 * The ids of the classic dreams a text holds (the eval's `classic` labels use the same ids). `dreamEndsAt`: the word
 * where the dreamer really woke up (the analyzer's `finalWakeAt`), or -1.
 */
export function findClassicDreams(text: string, dreamEndsAt = -1): ClassicDreamId[] {
  return readClassicDreams(readDoc(text), dreamEndsAt).map((classic) => classic.id);
}
