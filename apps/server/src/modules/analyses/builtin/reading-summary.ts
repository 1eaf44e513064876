// The reading's summary: the central event, or the images and the place, then the strongest feelings.
import type { Bilingual } from './lexicon.ts';
import { eventPhrase, PLACED } from './reading-events.ts';
import { LIMITS, type Scene } from './reading-facts.ts';
import { capitalize, list, lower } from './reading-grammar.ts';
import { imagePhrase, isNamedBy, locative } from './reading-images.ts';
import type { DreamType } from '@sonhario/contracts/analyses';

const FRAME: Record<DreamType, Bilingual> = {
  comum: { pt: 'Um sonho', en: 'A dream' },
  pesadelo: { pt: 'Um pesadelo', en: 'A nightmare' },
  lúcido: { pt: 'Um sonho lúcido', en: 'A lucid dream' },
  recorrente: { pt: 'Um sonho que volta', en: 'A recurring dream' },
  vívido: { pt: 'Um sonho vívido', en: 'A vivid dream' },
};

/** Before the event: "Num pesadelo, um cachorro persegue você." Nothing for a plain dream. */
const EVENT_FRAME: Record<DreamType, Bilingual> = {
  comum: { pt: '', en: '' },
  pesadelo: { pt: 'num pesadelo, ', en: 'in a nightmare, ' },
  lúcido: { pt: 'num sonho lúcido, ', en: 'in a lucid dream, ' },
  recorrente: { pt: 'mais uma vez, ', en: 'once again, ' },
  vívido: { pt: 'num sonho vívido, ', en: 'in a vivid dream, ' },
};

export function writeSummary(scene: Scene): string {
  const { facts, input } = scene;
  const { lang } = input;
  const frame = FRAME[input.dreamType][lang];
  const events = facts.classics.slice(0, LIMITS.summaryEvents).map((classic) => eventPhrase(scene, classic));
  let first: string;
  if (events.length > 0) {
    // The event leads ("Seu avô, que já morreu, vem visitar você…"); the type, when it is not a plain dream, frames it.
    // The place, when the dream has one only (with several, which one the event happened in is not known).
    const only = facts.classics.length === 1 && input.settings.length === 1 ? facts.classics[0] : undefined;
    if (only && input.settings[0] && PLACED.has(only.id))
      events[0] = eventPhrase(scene, only, ` ${locative(input.settings[0], lang, facts.doc)}`);
    first = capitalize(`${EVENT_FRAME[input.dreamType][lang]}${list(events, lang)}.`);
  } else {
    // The people first ("Um sonho com sua tia, numa casa."), else the first images not already named as the place.
    const places = new Set(input.settings.map((setting) => setting.name[lang]));
    const where = input.settings[0] ? ` ${locative(input.settings[0], lang, facts.doc)}` : '';
    // Not the image the place already names ("on a train": not "with the train" too).
    const images = input.symbols
      .filter((symbol) => !places.has(symbol.name[lang]) && !isNamedBy(where, symbol, lang))
      .slice(0, 3)
      .map((symbol) => imagePhrase(scene, symbol));
    const people = facts.people.slice(0, 2).map((person) => person.name[lang]);
    const withWord = lang === 'pt' ? 'com' : 'with';
    if (people.length > 0)
      first = `${frame} ${withWord} ${list(people, lang)}${where ? `,${where}` : ''}${images.length > 0 ? `: ${list(images, lang)}` : ''}.`;
    else if (images.length > 0) first = `${frame}${where ? `${where},` : ''} ${withWord} ${list(images, lang)}.`;
    else if (where) first = `${frame}${where}.`;
    else
      first =
        lang === 'pt'
          ? `${frame} sem imagens que o dicionário do Sonhário reconheça.`
          : `${frame} with no images Sonhário’s dictionary recognizes.`;
  }
  const feelings = input.emotions.slice(0, 2).map(({ entry }) => lower(entry.name[lang], lang));
  if (feelings.length === 0) return first;
  if (facts.hasDeceasedVisit && input.emotions.some(({ entry }) => entry.id === 'tristeza')) {
    const comfort = input.emotions.find(({ entry }) => entry.valence > 0);
    const calm = comfort ? lower(comfort.entry.name[lang], lang) : undefined;
    return `${first} ${
      lang === 'pt'
        ? `Há saudade${calm ? ` e, junto dela, ${calm}` : ''}.`
        : `There is longing${calm ? ` and, alongside it, ${calm}` : ''}.`
    }`;
  }
  const second =
    feelings.length === 1
      ? lang === 'pt'
        ? `O sentimento mais forte é ${feelings[0]}.`
        : `The strongest feeling is ${feelings[0]}.`
      : lang === 'pt'
        ? `Os sentimentos mais fortes são ${list(feelings, lang)}.`
        : `The strongest feelings are ${list(feelings, lang)}.`;
  return `${first} ${second}`;
}
