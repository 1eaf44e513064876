// The reading's interpretation: the content paragraph (Hall–Van de Castle categories), the classic dreams' notes,
// where the feelings sit, the history of the symbols, the type and the closing.
import { CLASSIC_NOTES } from './classic-dreams.data.ts';
import type { ContentKind } from './content-events.ts';
import type { Bilingual, LexiconEntry } from './lexicon.ts';
import { FEELING_NEAR, isQuotable, LIMITS, type ReadingInput, type Scene } from './reading-facts.ts';
import { list, lower, quote } from './reading-grammar.ts';
import { ANIMALS, imagePhrase, isNamedBy, locative, OBJECTS } from './reading-images.ts';
type Lang = 'pt' | 'en';

// Characters the analyzer names, as the content paragraph says them (Hall–Van de Castle: family, friends, known,
// unknown); people read with their own words (findPeople) take their place.
// prettier-ignore
const CHARACTER_PHRASES: Record<string, Bilingual & { group: 'family' | 'known' | 'unknown' | 'deceased' }> = {
  mae: { pt: 'sua mãe', en: 'your mother', group: 'family' },
  pai: { pt: 'seu pai', en: 'your father', group: 'family' },
  irmao: { pt: 'um irmão ou irmã', en: 'a sibling', group: 'family' },
  avo: { pt: 'um avô ou avó', en: 'a grandparent', group: 'family' },
  filho: { pt: 'um filho ou filha', en: 'a son or daughter', group: 'family' },
  tio: { pt: 'um tio ou tia', en: 'an uncle or aunt', group: 'family' },
  primo: { pt: 'um primo ou prima', en: 'a cousin', group: 'family' },
  parceiro: { pt: 'seu par', en: 'your partner', group: 'family' },
  ex: { pt: 'um ex', en: 'an ex', group: 'known' },
  amigo: { pt: 'amigos', en: 'friends', group: 'known' },
  chefe: { pt: 'a chefia', en: 'a boss', group: 'known' },
  colega_trabalho: { pt: 'colegas de trabalho', en: 'coworkers', group: 'known' },
  professor: { pt: 'um professor ou professora', en: 'a teacher', group: 'known' },
  vizinho: { pt: 'vizinhos', en: 'neighbours', group: 'known' },
  celebridade: { pt: 'uma pessoa famosa', en: 'a famous person', group: 'known' },
  medico: { pt: 'alguém da saúde', en: 'a doctor or nurse', group: 'unknown' },
  policial: { pt: 'a polícia', en: 'the police', group: 'unknown' },
  desconhecido: { pt: 'pessoas desconhecidas', en: 'strangers', group: 'unknown' },
  crianca: { pt: 'uma criança', en: 'a child', group: 'unknown' },
  bebe: { pt: 'um bebê', en: 'a baby', group: 'unknown' },
  falecido: { pt: 'alguém que já morreu', en: 'someone who has died', group: 'deceased' },
};
// The analyzer's character ids a person read by name stands for.
const PERSON_CHARACTER: Record<string, string> = {
  avo_m: 'avo',
  avo_f: 'avo',
  mae: 'mae',
  pai: 'pai',
  irmao: 'irmao',
  irma: 'irmao',
  tio: 'tio',
  tia: 'tio',
  primo: 'primo',
  prima: 'primo',
  filho: 'filho',
  filha: 'filho',
  marido: 'parceiro',
  esposa: 'parceiro',
  namorado: 'parceiro',
  namorada: 'parceiro',
  amigo: 'amigo',
  amiga: 'amigo',
};

const CONTENT_SENTENCE: Record<ContentKind, Bilingual> = {
  friendly: { pt: 'Há gestos de amizade ou afeto: {x}.', en: 'There are friendly or affectionate gestures: {x}.' },
  aggressive: { pt: 'Há agressão: {x}.', en: 'There is aggression: {x}.' },
  sexual: { pt: 'Há um momento de intimidade: {x}.', en: 'There is a moment of intimacy: {x}.' },
  success: { pt: 'Algo dá certo: {x}.', en: 'Something goes right: {x}.' },
  failure: { pt: 'Algo dá errado: {x}.', en: 'Something goes wrong: {x}.' },
  misfortune: { pt: 'Há um infortúnio: {x}.', en: 'There is misfortune: {x}.' },
  goodFortune: { pt: 'Há um golpe de sorte: {x}.', en: 'There is good fortune: {x}.' },
};

/** What is in the dream, in the Hall–Van de Castle categories: only what is there, short. */
/** Below this many earlier dreams, that no symbol repeated is not worth saying. */
const MIN_HISTORY_FOR_NONE = 5;

function contentParagraph({ facts, input }: Scene): string | undefined {
  const { lang } = input;
  const sentences: string[] = [];
  const named = new Set(facts.people.map((person) => PERSON_CHARACTER[person.id]).filter(Boolean));
  const people = facts.people
    .filter((person) => PERSON_CHARACTER[person.id] || person.id === facts.deceased?.id)
    .map((person) =>
      person.id === facts.deceased?.id && facts.hasDeceasedVisit
        ? lang === 'pt'
          ? `${person.name.pt}, que já morreu`
          : `${person.name.en}, who has died`
        : person.name[lang],
    );
  for (const character of input.characters) {
    const phrase = CHARACTER_PHRASES[character.id];
    if (named.has(character.id) || (character.id === 'falecido' && facts.deceased)) continue;
    people.push(phrase ? phrase[lang] : lower(character.name[lang], lang));
  }
  const animals = input.symbols.filter((symbol) => ANIMALS.has(symbol.id)).map((s) => lower(s.name[lang], lang));
  if (people.length > 0 || animals.length > 0) {
    const pt = lang === 'pt';
    const beasts =
      animals.length === 0
        ? []
        : [
            `${animals.length === 1 ? (pt ? 'um animal' : 'an animal') : pt ? 'animais' : 'animals'} (${list(animals, lang)})`,
          ];
    // The one who has died is named last, so that "que já morreu" closes the list ("sua avó e seu avô, que já morreu").
    const lastDead = people.findIndex((name) => /, (que já morreu|who has died)$/u.test(name));
    const dead = lastDead >= 0 ? people.splice(lastDead, 1) : [];
    const beings = [...people, ...beasts, ...dead];
    const isOne =
      beings.length === 1 && animals.length <= 1 && !/^(amigos|colegas|vizinhos|pessoas)/u.test(beings[0] ?? '');
    sentences.push(
      pt
        ? `No sonho ${isOne ? 'aparece' : 'aparecem'} ${list(beings, lang)}.`
        : `Present in the dream: ${list(beings, lang)}.`,
    );
  }
  const places = input.settings.slice(0, 3).map((setting) => locative(setting, lang, facts.doc));
  if (places.length > 0)
    sentences.push(lang === 'pt' ? `A cena se passa ${list(places, lang)}.` : `It takes place ${list(places, lang)}.`);
  // A car that is where the scene happens is said as the place only.
  const objects = input.symbols
    .filter(
      (symbol) =>
        OBJECTS.has(symbol.id) &&
        !input.settings.some((setting) => setting.name[lang] === symbol.name[lang]) &&
        !places.some((place) => isNamedBy(place, symbol, lang)),
    )
    .map((s) => lower(s.name[lang], lang));
  // A thing the lexicon names already ("celular" is the Phone symbol's trigger) is said once.
  const lexiconWords = new Set(
    input.symbols.filter((symbol) => OBJECTS.has(symbol.id)).flatMap((s) => [...s.triggers.pt, ...s.triggers.en]),
  );
  if (isQuotable(input))
    for (const thing of facts.things)
      if (!objects.includes(lower(thing, lang)) && !lexiconWords.has(lower(thing, lang))) objects.push(thing);
  if (objects.length > 0)
    sentences.push(
      lang === 'pt' ? `Objetos: ${list(objects.slice(0, 6), lang)}.` : `Objects: ${list(objects.slice(0, 6), lang)}.`,
    );
  for (const kind of Object.keys(CONTENT_SENTENCE) as ContentKind[]) {
    const names = facts.content.filter((event) => event.kind === kind).map((event) => event.name[lang]);
    if (names.length > 0) sentences.push(CONTENT_SENTENCE[kind][lang].replace('{x}', list(names.slice(0, 3), lang)));
  }
  const feelings = input.emotions.map(({ entry }) => lower(entry.name[lang], lang));
  if (feelings.length > 0)
    sentences.push(lang === 'pt' ? `Sentimentos: ${list(feelings, lang)}.` : `Feelings: ${list(feelings, lang)}.`);
  return sentences.length > 0 ? sentences.join(' ') : undefined;
}

export const TEXT = {
  nothing: {
    pt: 'Nenhum símbolo do dicionário foi reconhecido neste relato; talvez ele fale de algo muito pessoal. Vale anotar as imagens que mais marcaram você.',
    en: 'No symbol from the dictionary was recognized in this account; perhaps it speaks of something very personal. It may help to note the images that stayed with you.',
  },
  closing: {
    pt: 'Estas leituras são possibilidades, não respostas: só você sabe o que o seu sonho significa.',
    en: 'These readings are possibilities, not answers: only you know what your dream means.',
  },
  nightmare: {
    pt: 'Pesadelos costumam trazer à tona tensões do dia a dia. Se eles se repetem e pesam, conversar com alguém de confiança ou com um profissional pode ajudar.',
    en: 'Nightmares often bring everyday tensions to the surface. If they repeat and weigh on you, talking with someone you trust or a professional can help.',
  },
  lucid: {
    pt: 'Houve sinais de lucidez: perceber que se está sonhando é uma chance de observar o sonho com curiosidade.',
    en: 'There were signs of lucidity: noticing that you are dreaming is a chance to observe the dream with curiosity.',
  },
  recurring: {
    pt: 'Sonhos que se repetem costumam apontar para um assunto que ainda pede atenção.',
    en: 'Dreams that repeat often point to a matter that still asks for attention.',
  },
  falseAwakening: {
    pt: 'Há um falso despertar: você acorda dentro do sonho e ele continua. É comum, sobretudo em noites agitadas, e para muita gente é uma porta para a lucidez.',
    en: 'There is a false awakening: you wake up inside the dream and it goes on. It is common, especially on restless nights, and for many people it is a doorway to lucidity.',
  },
  vivid: {
    pt: 'A vividez do sonho sugere que ele tocou em algo importante para você.',
    en: 'How vivid the dream was suggests it touched something important to you.',
  },
  // In a visit from someone who has died, death is the loss already lived, not "an ending" (issue 31).
  griefMeaning: {
    pt: 'Aqui a morte é a de alguém real, que faz falta: em sonhos de luto, ela costuma falar do vínculo e da saudade, não de um fim.',
    en: 'Here death is that of a real person who is missed: in grief dreams it usually speaks of the bond and of missing them, not of an ending.',
  },
  fallbackQuestions: {
    pt: ['Qual imagem do sonho ficou com você ao acordar, e por quê?', 'Se este sonho tivesse um título, qual seria?'],
    en: [
      'Which image from the dream stayed with you when you woke up, and why?',
      'If this dream had a title, what would it be?',
    ],
  },
} satisfies Record<string, Bilingual | { pt: string[]; en: string[] }>;

function historySentence(
  symbols: readonly LexiconEntry[],
  history: ReadingInput['history'],
  lang: Lang,
): string | undefined {
  if (!history || history.dreamCount < 1) return undefined;
  const total = history.dreamCount;
  const repeated = symbols
    .map((symbol) => ({
      symbol,
      count: Math.min(total, Math.max(0, Math.floor(history.symbolCounts[symbol.id] ?? 0))),
    }))
    .filter(({ count }) => count >= 2)
    .sort((a, b) => b.count - a.count)
    .slice(0, LIMITS.historyMentions);
  if (repeated.length === 0) {
    // Said only over enough dreams to mean something (not "nos seus últimos 1 sonhos").
    if (symbols.length === 0 || total < MIN_HISTORY_FOR_NONE) return undefined;
    return lang === 'pt'
      ? `Nenhum destes símbolos se repetiu com frequência nos seus últimos ${total} sonhos registrados.`
      : `None of these symbols came up often in your last ${total} recorded dreams.`;
  }
  return repeated
    .map(({ symbol, count }) =>
      lang === 'pt'
        ? `${quote(symbol.name.pt)} apareceu em ${count} dos seus últimos ${total} sonhos.`
        : `${quote(symbol.name.en)} appeared in ${count} of your last ${total} dreams.`,
    )
    .concat(
      lang === 'pt'
        ? 'Quando um símbolo volta, pode valer perguntar o que ele tem insistido em mostrar.'
        : 'When a symbol keeps returning, it may be worth asking what it keeps trying to show.',
    )
    .join(' ');
}

/** Up to two feelings named in the text beside an image (within a few words): where a feeling seems to come from. */
function feelingSentences(input: ReadingInput): string[] {
  const { emotions, emotionHits, symbols, symbolHits, lang } = input;
  const sentences: string[] = [];
  const used = new Set<LexiconEntry>();
  for (const { entry } of emotions) {
    if (sentences.length === 2) break;
    const at = emotionHits.get(entry)?.positions ?? [];
    let nearest: { symbol: LexiconEntry; distance: number } | undefined;
    for (const symbol of symbols) {
      if (used.has(symbol)) continue;
      for (const position of symbolHits.get(symbol)?.positions ?? []) {
        for (const feeling of at) {
          const distance = Math.abs(feeling - position);
          if (distance <= FEELING_NEAR && (!nearest || distance < nearest.distance)) nearest = { symbol, distance };
        }
      }
    }
    if (!nearest) continue;
    used.add(nearest.symbol);
    const feeling = lower(entry.name[lang], lang);
    const image = quote(nearest.symbol.name[lang]);
    sentences.push(
      lang === 'pt'
        ? `No relato, o sentimento de ${feeling} aparece junto de ${image}: o que acontecia com essa imagem naquele momento pode dizer de onde ele vem.`
        : `In the account, the feeling of ${feeling} comes up beside ${image}: what was happening with that image at that moment may say where it comes from.`,
    );
  }
  return sentences;
}

/** The pull of the feelings; in a visit from someone who has died, sadness beside peace is grief and comfort. */
function toneSentence({ facts, input }: Scene): string | undefined {
  const { emotions, sentiment, lang } = input;
  if (emotions.length === 0) return undefined;
  const light = emotions.find((e) => e.entry.valence > 0);
  const heavy = emotions.find((e) => e.entry.valence < 0);
  const sadness = emotions.find((e) => e.entry.id === 'tristeza');
  if (facts.hasDeceasedVisit) {
    const comfort = light ? lower(light.entry.name[lang], lang) : undefined;
    if (sadness && comfort)
      return lang === 'pt'
        ? `Tristeza e ${comfort} lado a lado são comuns em sonhos de luto: a falta de quem se foi e o conforto de estar com essa pessoa outra vez, ainda que em sonho.`
        : `Sadness and ${comfort} side by side are common in grief dreams: missing the person, and the comfort of being with them again, even in a dream.`;
    if (sadness)
      return lang === 'pt'
        ? 'A tristeza aqui costuma ser a da saudade, e ela diz do tamanho do vínculo.'
        : 'The sadness here is often the sadness of missing someone, and it speaks of how strong the bond is.';
    if (comfort)
      return lang === 'pt'
        ? `Muita gente acorda desses sonhos com ${comfort}, como depois de uma visita.`
        : `Many people wake from these dreams with a sense of ${comfort}, as after a visit.`;
  }
  if (light && heavy) {
    const pair = list(
      [heavy.entry.name[lang], light.entry.name[lang]].map((name) => lower(name, lang)),
      lang,
    );
    return lang === 'pt'
      ? `Sentimentos de lados opostos dividem o sonho (${pair}): vale notar em que momento cada um apareceu e o que mudou entre eles.`
      : `Feelings from opposite sides share the dream (${pair}): it may help to notice when each one came up and what changed between them.`;
  }
  if (sentiment <= -0.3)
    return lang === 'pt'
      ? 'O tom do sonho é pesado. O que se sente num sonho costuma ecoar o que foi vivido nos últimos dias.'
      : 'The dream’s tone is heavy. What is felt in a dream often echoes what was lived in recent days.';
  if (sentiment >= 0.3)
    return lang === 'pt'
      ? 'O tom do sonho é leve. O que se sente num sonho costuma ecoar o que foi vivido nos últimos dias.'
      : 'The dream’s tone is light. What is felt in a dream often echoes what was lived in recent days.';
  return undefined;
}

export function writeInterpretation(scene: Scene): string {
  const { facts, input } = scene;
  const { lang } = input;
  const paragraphs: string[] = [];
  const content = contentParagraph(scene);
  if (content) paragraphs.push(content);
  // A dream of images only (no person, place or thing the content reading names) still opens with what is in it.
  else if (input.symbols.length > 0) {
    const images = list(
      input.symbols.map((symbol) => imagePhrase(scene, symbol)),
      lang,
    );
    paragraphs.push(lang === 'pt' ? `No sonho: ${images}.` : `In the dream: ${images}.`);
  }
  for (const classic of facts.classics.slice(0, LIMITS.classicNotes)) paragraphs.push(CLASSIC_NOTES[classic.id][lang]);
  if (input.hasFalseAwakening) paragraphs.push(TEXT.falseAwakening[lang]);
  const images = feelingSentences(input);
  if (images.length > 0) paragraphs.push(images.join(' '));
  // In a dream that shows distress, the safe paragraph comes first: no "nothing was recognised" after it.
  if (input.symbols.length === 0 && input.themes.length === 0 && facts.classics.length === 0 && !input.distress)
    paragraphs.push(TEXT.nothing[lang]);
  const tone = toneSentence(scene);
  if (tone) paragraphs.push(tone);
  const history = historySentence(input.symbols, input.history, lang);
  if (history) paragraphs.push(history);
  const typeNote = {
    pesadelo: TEXT.nightmare,
    lúcido: TEXT.lucid,
    recorrente: TEXT.recurring,
    vívido: TEXT.vivid,
    comum: undefined,
  }[input.dreamType];
  if (typeNote) paragraphs.push(typeNote[lang]);
  paragraphs.push(TEXT.closing[lang]);
  return paragraphs.join('\n\n');
}
