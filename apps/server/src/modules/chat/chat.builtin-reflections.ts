// What the builtin guide reflects back about a conversation's dream: where its people, places and images come back in
// the related dreams given, the dreamer's own words, and the feelings they name.
import { foldText } from '../dreams/dreams.search.ts';
import { cap, dated, excerpt, placeLabel, quote, type Answer } from './chat.builtin-describe.ts';
import { emotionName, type DreamFacts, type DreamPerson } from './chat.builtin-dreams.ts';
import { feelingWords } from './chat.builtin-intents.ts';
import { asWritten, symbolFor, type Topic } from './chat.builtin-topics.ts';
import { contentWords, formatDate, hasStem, list, pick, type Lang } from './chat.builtin-words.ts';

/** "de" contracted with the label's article or possessive: "do seu avô", "da sua mãe", "de um amigo". */
/**
 * How often and since when the asked word (or the dream's people, places and images) comes back in the related dreams
 * given with a conversation's dream (chat.service relatedDreams: the search and similar dreams), with links and dates.
 */
export function recurrenceInOthers(
  a: Answer,
  facts: DreamFacts,
  others: DreamFacts[],
  word: string | undefined,
): string {
  const { lang } = a;
  if (others.length === 0) {
    return lang === 'pt'
      ? 'Não encontrei no seu diário outros sonhos parecidos com este; quando houver, mostro aqui onde as mesmas pessoas, lugares e imagens voltam. No Oráculo você pode procurar no diário inteiro.'
      : 'I found no other dreams in your journal like this one; when there are, I will show where the same people, places and images come back. In the Oracle you can search your whole journal.';
  }
  if (word) {
    const symbol = symbolFor(word);
    const dreams = [facts, ...others]
      .filter((f) => hasStem(f.stems, word) || (symbol !== undefined && f.symbolIds.has(symbol.id)))
      .sort((x, y) => x.dream.dreamtOn.localeCompare(y.dream.dreamtOn));
    if (dreams.length > 1) return topicParagraph({ word, dreams }, a);
    const shown = quote(asWritten(a.said, word));
    return lang === 'pt'
      ? `Entre os ${others.length} sonhos mais parecidos com este que consultei, ${shown} não volta: aparece só aqui.`
      : `Among the ${others.length} dreams most like this one that I looked at, ${shown} does not come back: it appears only here.`;
  }
  const shared = sharedElements([facts, ...others], lang).filter((entry) => entry.dreams.includes(facts));
  if (shared.length === 0) {
    return lang === 'pt'
      ? `Entre os ${others.length} sonhos mais parecidos com este que consultei, nenhuma pessoa, lugar ou imagem deste sonho se repete.`
      : `Among the ${others.length} dreams most like this one that I looked at, no person, place or image of this dream comes back.`;
  }
  const names = shared.slice(0, 3).map((entry) => {
    const sorted = [...entry.dreams].sort((x, y) => x.dream.dreamtOn.localeCompare(y.dream.dreamtOn));
    return `${entry.name} (${list(
      sorted.filter((f) => f !== facts).map((f) => dated(f, lang)),
      lang,
    )})`;
  });
  return lang === 'pt'
    ? `Deste sonho, ${names.length > 1 ? 'voltam' : 'volta'} em outros: ${list(names, lang)}.`
    : `From this dream, these come back in others: ${list(names, lang)}.`;
}

/** The dream's people (or the one asked about) who appear in the related dreams too, with links and dates. */
export function peopleInOthers(
  a: Answer,
  facts: DreamFacts,
  others: DreamFacts[],
  asked: DreamPerson | undefined,
): string | null {
  const { lang } = a;
  const people = asked ? [asked] : facts.people;
  for (const person of people) {
    const withPerson = others
      .filter((f) => f.people.some((p) => p.key === person.key))
      .sort((x, y) => x.dream.dreamtOn.localeCompare(y.dream.dreamtOn));
    if (withPerson.length === 0) continue;
    const refs = list(
      withPerson.map((f) => dated(f, lang)),
      lang,
    );
    const name = person.label[lang];
    return lang === 'pt' ? `${cap(name)} também aparece em ${refs}.` : `${cap(name)} also appears in ${refs}.`;
  }
  return null;
}

const ofPt = (label: string) =>
  label
    .replace(/^seu /u, 'do seu ')
    .replace(/^sua /u, 'da sua ')
    .replace(/^(?!d[oa] )/u, 'de ');

/**
 * Free text on a later turn: the dreamer's own sentence said back (reflective listening), tied to the dream's person
 * when it speaks of them ("Ele sempre dizia isso" → a memory of "seu avô").
 */
export function echo(a: Answer, person: DreamPerson | undefined): string {
  const { lang, seed } = a;
  const sentences = a.request.message
    .split(/(?<=[.!?…])\s+|\n+/u)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
  const best = [...sentences].sort((x, y) => contentWords(y).length - contentWords(x).length)[0] ?? a.request.message;
  const said = quote(excerpt(best));
  if (person) {
    return lang === 'pt'
      ? `Você trouxe algo ${ofPt(person.label.pt)} fora do sonho: ${said}. Isso diz mais sobre o sonho do que qualquer regra.`
      : `You brought something of ${person.label.en} from outside the dream: ${said}. That says more about the dream than any rule.`;
  }
  return pick(
    lang === 'pt'
      ? [`Você escreveu: ${said}. Fico com isso.`, `Guardo o que você disse: ${said}.`]
      : [`You wrote: ${said}. I'll keep that in view.`, `I'm holding on to what you said: ${said}.`],
    seed,
  );
}

export function feelingReflection(a: Answer, facts: DreamFacts[]): string {
  const { lang } = a;
  const words = feelingWords(a.message, lang, (emotion) => emotionName(emotion, lang));
  const felt = list(
    words.slice(0, 2).map((feeling) => feeling.word),
    lang,
  );
  const isNoun = words[0]?.isNoun ?? true;
  const withIt = facts.filter((f) =>
    a.message.feelings.some(
      (feeling) =>
        f.emotions.includes(feeling.emotion) || feeling.word.split(' ').every((w) => hasStem(f.stems, foldText(w))),
    ),
  );
  const opening = pick(
    lang === 'pt'
      ? [
          `${isNoun ? `Você ficou com ${felt}` : `Você se sentiu ${felt}`}. Faz sentido ficar com isso depois de um sonho assim.`,
          `${cap(felt)} — é isso que ficou em você. É um sentimento que merece espaço.`,
        ]
      : [
          `You felt ${felt}. It makes sense to carry that after a dream like this.`,
          `${cap(felt)} — that is what stayed with you. It deserves some room.`,
        ],
    a.seed,
  );
  if (withIt.length === 0 || a.request.kind === 'dream') return opening;
  const sorted = [...withIt].sort((x, y) => x.dream.dreamtOn.localeCompare(y.dream.dreamtOn));
  return `${opening} ${
    lang === 'pt'
      ? `Entre os sonhos que encontrei, esse sentimento aparece em ${list(
          sorted.slice(0, 5).map((f) => dated(f, lang)),
          lang,
        )}${sorted.length > 1 ? ` (${sorted.length} de ${facts.length})` : ''}.`
      : `Among the dreams I found, that feeling shows up in ${list(
          sorted.slice(0, 5).map((f) => dated(f, lang)),
          lang,
        )}${sorted.length > 1 ? ` (${sorted.length} of ${facts.length})` : ''}.`
  }`;
}

/** Elements (people, places, images, feelings) in two or more of the given dreams, most shared first. */
export function sharedElements(facts: DreamFacts[], lang: Lang): { key: string; name: string; dreams: DreamFacts[] }[] {
  const byKey = new Map<string, { key: string; name: string; dreams: DreamFacts[] }>();
  const add = (key: string, name: string, f: DreamFacts) => {
    const entry = byKey.get(key) ?? { key, name, dreams: [] };
    if (!entry.dreams.includes(f)) entry.dreams.push(f);
    byKey.set(key, entry);
  };
  for (const f of facts) {
    for (const person of f.people) add(`person:${person.key}`, person.label[lang], f);
    for (const place of f.places) add(`place:${place.key}`, placeLabel(f, place, lang), f);
    for (const image of f.images) add(`image:${foldText(image)}`, image, f);
    for (const emotion of f.emotions) add(`emotion:${emotion}`, emotionName(emotion, lang), f);
  }
  return [...byKey.values()]
    .filter((entry) => entry.dreams.length >= 2)
    .sort((x, y) => y.dreams.length - x.dreams.length);
}

export function topicParagraph(topic: Topic, a: Answer): string {
  const { lang, seed } = a;
  const word = quote(asWritten(a.said, topic.word));
  const total = a.facts.length;
  const refs = list(
    topic.dreams.slice(0, 6).map((f) => dated(f, lang)),
    lang,
  );
  const first = topic.dreams[0];
  const last = topic.dreams.at(-1);
  if (!first || !last) return '';
  const more =
    total >= 10
      ? lang === 'pt'
        ? ' (procuro até 10 de cada vez; pode haver mais)'
        : ' (I look at up to 10 at a time; there may be more)'
      : '';
  if (total === 1) return lang === 'pt' ? `${cap(word)} aparece em ${refs}.` : `${cap(word)} appears in ${refs}.`;
  if (topic.dreams.length === 1) {
    return lang === 'pt'
      ? `${cap(word)} aparece em ${refs}, o único entre os ${total} sonhos que consultei${more}.`
      : `${cap(word)} appears in ${refs}, the only one among the ${total} dreams I looked at${more}.`;
  }
  const since = formatDate(first.dream.dreamtOn, lang);
  const latest = formatDate(last.dream.dreamtOn, lang);
  return pick(
    lang === 'pt'
      ? [
          `${cap(word)} aparece em ${topic.dreams.length} dos ${total} sonhos que consultei${more}: ${refs}. O primeiro é de ${since}; o mais recente, de ${latest}.`,
          `Encontrei ${word} em ${topic.dreams.length} sonhos${more}: ${refs}. Desde ${since}, e a última vez em ${latest}.`,
        ]
      : [
          `${cap(word)} appears in ${topic.dreams.length} of the ${total} dreams I looked at${more}: ${refs}. The first is from ${since}; the latest from ${latest}.`,
          `I found ${word} in ${topic.dreams.length} dreams${more}: ${refs}. Since ${since}, most recently on ${latest}.`,
        ],
    seed,
  );
}
