// The builtin guide's answer (docs/decisions/060): what a rule-based guide can say, from the dreams it was given.
// What the dream holds (people, places, images, feelings, type), where the same things come back in the other dreams
// given (with [D<n>] links, how often, since when), the dreamer's own words reflected back, an honest word on what
// it cannot answer with something useful in its place, and at most one question, built from the dream's elements.
// With distress: calm, short, pointing to help, and nothing from unrelated dreams.
// Its parts: chat.builtin-describe.ts (a dream in prose), chat.builtin-topics.ts (what the message points at),
// chat.builtin-reflections.ts, chat.builtin-offer.ts, chat.builtin-question.ts; the journal's answer is
// chat.builtin-journal.ts.
import { foldText } from '../dreams/dreams.search.ts';
import { assessDistress } from '../safety/distress.ts';
import { safeReply } from '../safety/safe-reply.ts';
import { describe, excerpt, quote, ref, STRANGERS, type Answer } from './chat.builtin-describe.ts';
import { emotionName, factsOf, peopleIn } from './chat.builtin-dreams.ts';
import { readMessage, type MessageReading } from './chat.builtin-intents.ts';
import { journalAnswer } from './chat.builtin-journal.ts';
import { griefNote, honestOffer, INTRO } from './chat.builtin-offer.ts';
import { oneQuestion, questionsFor } from './chat.builtin-question.ts';
import { echo, feelingReflection, peopleInOthers, recurrenceInOthers } from './chat.builtin-reflections.ts';
import {
  asWritten,
  classicNote,
  imageNote,
  personAskedAbout,
  sentenceWith,
  symbolNote,
} from './chat.builtin-topics.ts';
import { hasStem, pick, seedOf, type Lang } from './chat.builtin-words.ts';
import type { ChatRequest } from './chat.context.ts';

/**
 * With distress, the safety layer's own reply (docs/decisions/056: the same words whatever the provider, with the
 * line that fits the kind: grounding for panic, where to turn for violence), then, only when the message is about the
 * conversation's dream, one gentle line naming it: no images, no reading, nothing from other dreams.
 */
function distressAnswer(a: Answer): string {
  const { lang, request } = a;
  const paragraphs = safeReply(request.language, assessDistress(request.message).kinds).split('\n\n');
  const subject = request.kind === 'dream' ? a.facts[0] : undefined;
  const aboutDream =
    subject !== undefined &&
    (a.message.keywords.some((word) => hasStem(subject.stems, word)) || /\b(sonh|dream)/iu.test(request.message));
  if (subject && aboutDream) {
    const line =
      lang === 'pt'
        ? `O sonho ${ref(subject)} pode esperar; quando você quiser, voltamos a ele devagar.`
        : `The dream ${ref(subject)} can wait; whenever you are ready, we can come back to it.`;
    paragraphs.splice(Math.max(1, paragraphs.length - 1), 0, line);
  }
  return paragraphs.join('\n\n');
}

function dreamAnswer(a: Answer): string[] {
  const { lang, message, seed } = a;
  const facts = a.facts[0];
  if (!facts)
    return [lang === 'pt' ? 'Não encontrei este sonho no seu diário.' : "I couldn't find this dream in your journal."];
  const paragraphs: string[] = [];
  const person = personAskedAbout(a, facts);
  const asksOpen = message.asksSpeculation || message.asksMeaning || message.asksWhy;
  const felt = new Set(message.feelings.flatMap((feeling) => foldText(feeling.word).split(' ')));
  const inDream = message.keywords.filter((word) => hasStem(facts.stems, word));
  const focusImage = inDream.find((word) => !felt.has(word));
  const focusWord = inDream[0] ? asWritten(a.said, inDream[0]) : null;

  if (message.isThanks) {
    paragraphs.push(
      pick(
        lang === 'pt'
          ? ['Eu que agradeço por dividir esse sonho.', 'De nada — foi bom olhar esse sonho com você.']
          : ['Thank you for sharing this dream.', "You're welcome — it was good to look at this dream with you."],
        seed,
      ),
    );
  } else if (message.isGreeting) {
    paragraphs.push(lang === 'pt' ? 'Oi! Vamos olhar esse sonho juntos.' : "Hi! Let's look at this dream together.");
  }
  const visit = facts.people.find((p) => p.isDeceased);
  const note = asksOpen && !visit ? (symbolNote(a, [facts]) ?? classicNote(facts, a) ?? imageNote(a, [facts])) : null;
  if (asksOpen) paragraphs.push(honestOffer(a, person, note !== null || visit !== undefined));
  else if (message.feelings.length > 0) paragraphs.push(feelingReflection(a, [facts]));
  const stranger = focusImage && STRANGERS.has(focusImage) ? asWritten(a.said, focusImage) : null;
  // "Who was laughing?": the person the dream names in the sentence that holds the word, when there is one.
  const whoSentence = message.asksWho && !person && focusImage ? sentenceWith(facts, focusImage) : undefined;
  const [named] = whoSentence ? peopleIn(whoSentence) : [];
  if (named && whoSentence) {
    paragraphs.push(
      lang === 'pt'
        ? `Pelo relato, é ${named.label.pt}: ${quote(excerpt(whoSentence))}.`
        : `From the dream, it is ${named.label.en}: ${quote(excerpt(whoSentence))}.`,
    );
  } else if (message.asksWho && !person) {
    paragraphs.push(
      stranger
        ? lang === 'pt'
          ? `Quem era esse ${stranger}, o relato não diz: não há nome, só o que acontece.`
          : `Who this ${stranger} was, the dream does not say: there is no name, only what happens.`
        : lang === 'pt'
          ? 'O relato não dá nome a essa pessoa; só você pode reconhecer quem ela lembra.'
          : 'The dream gives this person no name; only you can tell who they remind you of.',
    );
  }
  const showAll = a.turn === 0 || asksOpen || message.asksWho || message.asksWhere || message.isGreeting;
  if (showAll) paragraphs.push(describe(facts, a));
  else if (!focusWord && !message.isThanks && message.feelings.length === 0) paragraphs.push(echo(a, person));
  if (focusWord && inDream[0] && !named) {
    const sentence = sentenceWith(facts, inDream[0]);
    if (sentence) {
      paragraphs.push(
        pick(
          lang === 'pt'
            ? [
                `Você falou de ${quote(focusWord)}. No sonho, aparece assim: ${quote(excerpt(sentence))}.`,
                `Sobre ${quote(focusWord)}, o sonho diz: ${quote(excerpt(sentence))}.`,
              ]
            : [
                `You mentioned ${quote(focusWord)}. In the dream it appears like this: ${quote(excerpt(sentence))}.`,
                `About ${quote(focusWord)}, the dream says: ${quote(excerpt(sentence))}.`,
              ],
          seed >>> 1,
        ),
      );
    }
  }
  const griefSaid = /comuns no luto|visita assim|common in grief|visit like this/u.test(a.asked);
  if (visit && !griefSaid && (asksOpen || message.feelings.length > 0 || person === visit))
    paragraphs.push(griefNote(visit, a, { isDescribed: showAll }));
  else if (note) paragraphs.push(note);
  const others = a.facts.slice(1);
  if (message.asksFrequency || message.asksComparison)
    paragraphs.push(recurrenceInOthers(a, facts, others, inDream[0]));
  else if (others.length > 0 && (a.turn === 0 || person !== undefined)) {
    // Where the dream's people come back in the related dreams given with it, named with links and dates.
    const line = peopleInOthers(a, facts, others, person);
    if (line) paragraphs.push(line);
  }
  if (a.turn === 0 && !a.request.summary) paragraphs.push(INTRO[lang]);
  const imageWord = focusImage && !visit && !stranger ? asWritten(a.said, focusImage) : null;
  const hasSpecific =
    imageWord !== null ||
    stranger !== null ||
    person !== undefined ||
    named !== undefined ||
    facts.people.some((p) => p.speech.length > 0 || p.isDeceased);
  const [feeling] = facts.emotions;
  const lead =
    message.asksFeeling && feeling
      ? [
          lang === 'pt'
            ? `Onde mais, nos últimos dias, você sentiu ${emotionName(feeling, lang)}?`
            : `Where else, in recent days, did you feel ${emotionName(feeling, lang)}?`,
        ]
      : stranger
        ? [
            lang === 'pt'
              ? `Esse ${stranger} lembra alguém da sua vida acordada?`
              : `Does this ${stranger} remind you of anyone in your waking life?`,
          ]
        : (person ?? named) && !(person ?? named)?.isDeceased
          ? [
              lang === 'pt'
                ? `O que está acontecendo entre você e ${(person ?? named)?.label.pt ?? ''} na vida acordada?`
                : `What is going on between you and ${(person ?? named)?.label.en ?? ''} in waking life?`,
            ]
          : [];
  paragraphs.push(
    oneQuestion([...lead, ...questionsFor(facts, a, imageWord)], a, hasSpecific || lead.length > 0 ? 1 : 3),
  );
  return paragraphs;
}

/**
 * A follow-up with no words of its own ("desde quando isso acontece?", "what do they mean?") is about what the
 * dreamer's last message with words named: its key words and people carry over, marked as carried.
 */
function withEarlierTopic(message: MessageReading, turns: ChatRequest['turns']): MessageReading {
  const asks =
    message.asksFrequency ||
    message.asksMeaning ||
    message.asksWhy ||
    message.asksComparison ||
    message.asksSpeculation ||
    message.asksWho ||
    message.asksWhere;
  if (message.keywords.length > 0 || !asks) return message;
  for (const turn of [...turns].reverse()) {
    if (turn.role !== 'user') continue;
    const earlier = readMessage(turn.content);
    if (earlier.keywords.length > 0)
      return { ...message, keywords: earlier.keywords, people: earlier.people, isCarried: true };
  }
  return message;
}

/** The guide's answer, whole (deterministic: the same request gives the same text). */
export function composeGuideAnswer(request: ChatRequest): string {
  const lang: Lang = request.language === 'en' ? 'en' : 'pt';
  const turn = request.turns.filter((t) => t.role === 'assistant').length;
  const a: Answer = {
    request,
    lang,
    seed: seedOf(`${request.message}\u0000${turn}`),
    turn,
    message: withEarlierTopic(readMessage(request.message), request.turns),
    // With distress only the subject dream is read (the answer may name it, gently), never the journal's.
    facts: (request.distress && request.kind === 'journal' ? [] : request.dreams)
      .slice(0, request.distress ? 1 : undefined)
      .map((dream) => factsOf(dream, request.language)),
    asked: request.turns
      .filter((t) => t.role === 'assistant')
      .map((t) => t.content)
      .join('\n'),
    said: [
      request.message,
      ...request.turns
        .filter((t) => t.role === 'user')
        .reverse()
        .map((t) => t.content),
    ].join('\n'),
  };
  // Someone the journal says has died is the same person in the dreams that do not say it again.
  const deceased = new Set(a.facts.flatMap((f) => f.people.filter((p) => p.isDeceased).map((p) => p.key)));
  for (const f of a.facts) for (const p of f.people) if (deceased.has(p.key)) p.isDeceased = true;
  if (request.distress) return distressAnswer(a);
  // What an earlier answer of this conversation already said is not said again (the question has its own rule),
  // unless that would leave the question alone.
  const all = request.kind === 'dream' ? dreamAnswer(a) : journalAnswer(a);
  const fresh = all.filter((paragraph, index) => index === all.length - 1 || !a.asked.includes(paragraph));
  const paragraphs = fresh.length > 1 ? fresh : all;
  return paragraphs.filter(Boolean).join('\n\n');
}
