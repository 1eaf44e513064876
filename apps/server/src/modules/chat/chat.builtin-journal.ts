// The builtin guide's answer about the whole journal: the topics the message names across the dreams given, what else
// comes back among them, a comparison of two, and one question.
import { foldText } from '../dreams/dreams.search.ts';
import { dated, describe, excerpt, placeLabel, quote, ref, type Answer } from './chat.builtin-describe.ts';
import { emotionName, peopleIn, type DreamFacts, type DreamPerson } from './chat.builtin-dreams.ts';
import { griefNote, honestOffer, INTRO } from './chat.builtin-offer.ts';
import { oneQuestion, questionsFor } from './chat.builtin-question.ts';
import { feelingReflection, sharedElements, topicParagraph } from './chat.builtin-reflections.ts';
import {
  asWritten,
  classicNote,
  imageNote,
  sentenceWith,
  symbolFor,
  symbolNote,
  topicsOf,
  type Topic,
  TYPE_WORDS,
} from './chat.builtin-topics.ts';
import { hasStem, list, pick, stemsOf } from './chat.builtin-words.ts';

/**
 * The dreams the message's topics point at: each topic's paragraph and how its latest dream (or the first and the
 * latest of a type) shows it; the newest dreams when no topic is found. Returns the dreams and the word in focus.
 */
function pushTopicParagraphs(
  a: Answer,
  topics: Topic[],
  paragraphs: string[],
): { focus: DreamFacts[]; focusWord: string | null } {
  const { lang, message } = a;
  let focus: DreamFacts[] = [];
  let focusWord: string | null = null;
  for (const topic of topics) {
    paragraphs.push(topicParagraph(topic, a));
    if (focus.length === 0) {
      focus = topic.dreams;
      focusWord = asWritten(a.said, topic.word);
      const latest = topic.dreams.at(-1);
      const earliest = topic.dreams[0];
      const sentence = latest ? sentenceWith(latest, topic.word) : undefined;
      if (TYPE_WORDS.has(topic.word) && earliest && latest && earliest !== latest) {
        // "How have my nightmares changed?": the first and the latest of them, side by side.
        paragraphs.push(describe(earliest, a, { withDate: true }), describe(latest, a, { withDate: true }));
      } else if (latest && sentence) {
        paragraphs.push(
          topic.dreams.length === 1
            ? `${ref(latest)}: ${quote(excerpt(sentence))}.`
            : lang === 'pt'
              ? `No mais recente, ${ref(latest)}: ${quote(excerpt(sentence))}.`
              : `In the latest, ${ref(latest)}: ${quote(excerpt(sentence))}.`,
        );
      }
    }
  }
  const keywordsMissed = message.keywords.filter((word) => !a.facts.some((f) => hasStem(f.stems, word)));
  if (topics.length === 0) {
    const recent = [...a.facts].sort((x, y) => y.dream.dreamtOn.localeCompare(x.dream.dreamtOn)).slice(0, 2);
    const missed = message.isCarried ? [] : keywordsMissed.slice(0, 2).map((word) => quote(asWritten(a.said, word)));
    if (missed.length > 0 && message.feelings.length === 0) {
      paragraphs.push(
        lang === 'pt'
          ? `Não encontrei ${list(missed, lang)} nos seus sonhos. Os mais recentes são estes:`
          : `I didn't find ${list(missed, lang)} in your dreams. These are the most recent:`,
      );
    }
    // The newest dreams are shown when the words found nothing, and on a first turn; not for thanks or a comparison
    // (which shows its own two).
    const showRecent =
      (missed.length > 0 || a.turn === 0 || message.isGreeting) && !message.isThanks && !message.asksComparison;
    if (showRecent) for (const f of recent) paragraphs.push(describe(f, a, { withDate: true }));
    focus = recent;
  }
  return { focus, focusWord };
}

/** The journal answer's one question: on the type or the person asked about, what comes back, or the dream's own. */
function journalQuestion(
  a: Answer,
  {
    focus,
    focusWord,
    shared,
    askedPerson,
    visit,
  }: {
    focus: DreamFacts[];
    focusWord: string | null;
    shared: ReturnType<typeof sharedElements>;
    askedPerson: DreamPerson | undefined;
    visit: DreamPerson | undefined;
  },
): string {
  const { lang } = a;
  const subject = focus.at(-1) ?? a.facts[0];
  const top = shared[0];
  const topName = top ? (top.key.startsWith('image:') ? quote(top.name) : top.name) : '';
  const sharedQuestion = top
    ? lang === 'pt'
      ? [`O que, na sua vida agora, pode estar trazendo ${topName} de volta aos seus sonhos?`]
      : [`What in your life right now might be bringing ${topName} back into your dreams?`]
    : [];
  const personQuestion = !askedPerson
    ? []
    : visit?.key === askedPerson.key
      ? [
          lang === 'pt'
            ? `Se ${askedPerson.label.pt} voltasse num próximo sonho, o que você gostaria de dizer?`
            : `If ${askedPerson.label.en} came back in another dream, what would you like to say?`,
        ]
      : [
          lang === 'pt'
            ? `O que está acontecendo entre você e ${askedPerson.label.pt} na vida acordada?`
            : `What is going on between you and ${askedPerson.label.en} in waking life?`,
        ];
  const typeQuestion =
    focusWord !== null && TYPE_WORDS.has(foldText(focusWord))
      ? [
          lang === 'pt'
            ? 'O que andava acontecendo na sua vida perto dessas noites?'
            : 'What was going on in your life around those nights?',
        ]
      : [];
  return oneQuestion(
    [
      ...typeQuestion,
      ...personQuestion,
      ...(focusWord ? [] : sharedQuestion),
      ...questionsFor(subject, a, askedPerson ? null : focusWord),
    ],
    a,
    focusWord ? 1 : 3,
  );
}

export function journalAnswer(a: Answer): string[] {
  const { lang, message, seed } = a;
  if (a.facts.length === 0) {
    return [
      lang === 'pt'
        ? 'Seu diário ainda não tem sonhos para eu consultar. Quando você registrar alguns, posso mostrar quem, onde e que imagens voltam neles, com datas.'
        : 'Your journal has no dreams for me to look at yet. Once you record some, I can show who, where and which images come back in them, with dates.',
    ];
  }
  const paragraphs: string[] = [];
  const topics = topicsOf(a);
  const asksOpen = message.asksSpeculation || message.asksMeaning || message.asksWhy;
  if (message.isThanks) {
    paragraphs.push(
      pick(lang === 'pt' ? ['De nada!', 'Eu que agradeço.'] : ["You're welcome!", 'Thank you, too.'], seed),
    );
  } else if (message.isGreeting) {
    paragraphs.push(
      lang === 'pt'
        ? 'Oi! Posso procurar no seu diário pessoas, lugares, imagens e sentimentos que voltam, com datas.'
        : 'Hi! I can look through your journal for people, places, images and feelings that come back, with dates.',
    );
  }
  const hasVisit = a.facts.some((f) => f.people.some((p) => p.isDeceased));
  const topicDreams = topics[0]?.dreams ?? [];
  const withClassic = topicDreams.find((f) => classicNote(f, a) !== null);
  const journalNote = asksOpen
    ? (symbolNote(a, a.facts) ??
      (withClassic ? classicNote(withClassic, a) : null) ??
      imageNote(a, topicDreams.length > 0 ? topicDreams : a.facts))
    : null;
  const griefSaid = /comuns no luto|visita assim|common in grief|visit like this/u.test(a.asked);
  if (asksOpen) paragraphs.push(honestOffer(a, undefined, (hasVisit && !griefSaid) || journalNote !== null));
  if (message.feelings.length > 0 && !asksOpen) paragraphs.push(feelingReflection(a, a.facts));

  const { focus, focusWord } = pushTopicParagraphs(a, topics, paragraphs);
  // What else comes back across the dreams in view (the topic's, or all of them).
  const pool = focus.length >= 2 && topics.length > 0 ? focus : a.facts;
  const focusStems = focusWord ? stemsOf(foldText(focusWord)) : null;
  const focusSymbol = focusWord ? symbolFor(foldText(focusWord)) : undefined;
  const shared = sharedElements(pool, lang).filter((entry) => {
    if (!focusStems) return true;
    const stems = stemsOf(foldText(entry.name).split(' ').at(-1) ?? '');
    const isFocusSymbol = focusSymbol !== undefined && symbolFor(foldText(entry.name))?.id === focusSymbol.id;
    return stems.pt !== focusStems.pt && stems.en !== focusStems.en && !isFocusSymbol;
  });
  if (shared.length > 0 && !message.asksComparison && !message.isThanks) {
    const names = shared
      .slice(0, 3)
      .map(
        (entry) =>
          `${entry.name} (${entry.dreams.length} ${lang === 'pt' ? 'sonhos' : 'dreams'}: ${list(entry.dreams.slice(0, 4).map(ref), lang)})`,
      );
    paragraphs.push(
      pick(
        lang === 'pt'
          ? [
              `Nesses sonhos também ${names.length > 1 ? 'voltam' : 'volta'} ${list(names, lang)}.`,
              `O que mais se repete entre eles: ${list(names, lang)}.`,
            ]
          : [
              `In these dreams, ${list(names, lang)} also ${names.length > 1 ? 'come' : 'comes'} back.`,
              `What else repeats among them: ${list(names, lang)}.`,
            ],
        seed >>> 2,
      ),
    );
  }
  if (message.asksComparison) {
    const [x, y] = pool.length >= 2 ? pool.slice(-2) : a.facts.slice(0, 2);
    if (x && y) paragraphs.push(comparison(x, y, a));
  }
  // An open question about dreams already counted: what the latest of them hold, in prose.
  if (asksOpen && topics.length > 0 && a.asked.length > 0)
    for (const f of focus.slice(-2).reverse()) paragraphs.push(describe(f, a, { withDate: true }));
  const [askedPerson] = focusWord !== null ? peopleIn(focusWord) : [];
  // Someone who died, asked about or in the dreams of an open question: what such visits commonly are, once.
  const visit =
    focus.flatMap((f) => f.people).find((p) => p.isDeceased && (!askedPerson || p.key === askedPerson.key)) ??
    undefined;
  if (visit && !griefSaid && (asksOpen || askedPerson?.key === visit.key))
    paragraphs.push(griefNote(visit, a, { isDescribed: true }));
  else if (asksOpen && journalNote) paragraphs.push(journalNote);
  if (a.turn === 0 && !a.request.summary) paragraphs.push(INTRO[lang]);
  paragraphs.push(journalQuestion(a, { focus, focusWord, shared, askedPerson, visit }));
  return paragraphs;
}

function comparison(x: DreamFacts, y: DreamFacts, a: Answer): string {
  const { lang } = a;
  const names = (f: DreamFacts) =>
    new Map<string, string>([
      ...f.people.map((p): [string, string] => [`p:${p.key}`, p.label[lang]]),
      ...f.places.map((p): [string, string] => [`l:${p.key}`, placeLabel(f, p, lang)]),
      ...f.images.map((i): [string, string] => [`i:${foldText(i)}`, i]),
      ...f.emotions.map((e): [string, string] => [`e:${e}`, emotionName(e, lang)]),
    ]);
  const nx = names(x);
  const ny = names(y);
  const both = [...nx.entries()].filter(([key]) => ny.has(key)).map(([, name]) => name);
  const onlyX = [...nx.entries()].filter(([key]) => !ny.has(key)).map(([, name]) => name);
  const onlyY = [...ny.entries()].filter(([key]) => !nx.has(key)).map(([, name]) => name);
  const parts: string[] = [];
  parts.push(
    both.length > 0
      ? lang === 'pt'
        ? `Entre ${dated(x, lang)} e ${dated(y, lang)}, o que se repete é ${list(both.slice(0, 3), lang)}.`
        : `Between ${dated(x, lang)} and ${dated(y, lang)}, what repeats is ${list(both.slice(0, 3), lang)}.`
      : lang === 'pt'
        ? `${dated(x, lang)} e ${dated(y, lang)} não têm pessoas, lugares ou imagens em comum que eu reconheça.`
        : `${dated(x, lang)} and ${dated(y, lang)} share no people, places or images that I can recognise.`,
  );
  if (onlyX.length > 0 || onlyY.length > 0) {
    parts.push(
      lang === 'pt'
        ? `Só em ${ref(x)}: ${list(onlyX.slice(0, 3), lang) || 'nada de diferente'}; só em ${ref(y)}: ${list(onlyY.slice(0, 3), lang) || 'nada de diferente'}.`
        : `Only in ${ref(x)}: ${list(onlyX.slice(0, 3), lang) || 'nothing different'}; only in ${ref(y)}: ${list(onlyY.slice(0, 3), lang) || 'nothing different'}.`,
    );
  }
  return parts.join(' ');
}
