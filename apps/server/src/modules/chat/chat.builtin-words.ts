// The words the builtin guide works with (docs/decisions/060): folded like the search folds them, stemmed in both
// languages (journals mix them), without the words that carry no content in a chat about dreams: stopwords, question
// words, "sonhei"/"dreamt", verbs of perception ("vi", "saw", "acordei", "woke") and light verbs ("veio", "went").
import { isContentWord } from '../analyses/text/content-words.ts';
import { foldText, stemEnglish, stemPortuguese } from '../dreams/dreams.search.ts';

export type Lang = 'pt' | 'en';

// Folded. Function words of both languages, then the chat's own filler: question and frequency words, the verbs of
// dreaming and of perceiving, light verbs of motion and being, and greetings (they are intents, not topics).
const STOPWORDS = new Set(
  // Portuguese function words.
  (
    'a o e as os um uma uns umas de do da dos das no na nos nas num numa em ao aos que se por pelo pela pelos pelas ' +
    'para pra pro pros com sem mas ou eu me mim meu minha meus minhas teu tua seu sua seus suas ele ela eles elas lhe ' +
    'lhes nos voce vc voces vcs gente nosso nossa dele dela deles delas isso isto esse essa este esta estes estas ' +
    'esses essas aquilo aquele aquela aqui ali la ai muito muita muitos muitas tanto tanta tantos tantas tao mais ' +
    'menos ja ainda sempre nunca nao sim so tambem tb entao mesmo mesma quando como onde quem qual quais porque pq ' +
    'porque sera seria sobre algo alguma algum alguem coisa coisas vez vezes quantas quantos quanto desde ate ' +
    'frequencia significa significado significam quer querem dizer diz simboliza simbolizam representa representam ' +
    'hoje ontem agora depois antes noite dia outro outra outros outras todo toda todos todas cada nada tudo novo nova ' +
    'manha semana mes ano pouco bem mal assim tipo meio ne pois porem inteiro inteira ' +
    // Comparison words: the comparison is the intent, not a topic to find in the dreams.
    'parecido parecida parecidos parecidas semelhante semelhantes similar similares diferente diferentes diferenca ' +
    'comparar compara compare igual iguais ' +
    // Words about the dreams themselves, sleep and change: the question's frame, not a topic.
    'simbolo simbolos emocao emocoes sentimento sentimentos mostrando mostrar mostra dizem durmo dormir dormi ' +
    'dormindo sono mudaram mudou mudar mudando ultimo ultimos ultima ultimas meses recente recentes mim ' +
    // Portuguese verbs with no topic of their own: being, having, going, dreaming, perceiving.
    'ser sou e era eram foi fui fosse estar estou to tava estava estavam esta estao ter tem tenho tinha tinham teve ' +
    'ir vou vai ia iam indo vir vem veio vindo vinha fazer faz fiz fez fico fica ficou fiquei ficar pode posso podia ' +
    'sonho sonhos sonhei sonhar sonhando sonhava sonhou sonhamos ver vi via vejo viu visto olhei olhar ouvi acordei ' +
    'acordar acordo acordando acordou lembro lembrei lembrar acho achei acha parece parecia sei saber entendo ' +
    'repete repetem repetindo repetir volta voltam voltou recorrente recorrentes comum comuns aparece aparecem ' +
    'apareceu aparecer acontece aconteceu ' +
    'oi ola ei obrigado obrigada obrigadao valeu bom boa dia tarde ' +
    // English function words.
    'the an and or of to in on at is was were be been being it its my me i he she they them we you your yours his ' +
    'her hers their our us him that this these those with for as by from into about so just very there here have ' +
    'has had am are not no yes can could would should will shall might may must do does did doing done why what ' +
    'how when where who which whom whose if then than too also again often many much times time since ever always ' +
    'never really still maybe something anything nothing thing things other others another every each some any ' +
    'today yesterday tonight night day morning evening afternoon week weeks month year last first whole all both ' +
    'few more most own same such only out off over under once like well even back way lot bit kind sort one two ' +
    'because while after before through during without within dont didnt cant couldnt wont wouldnt isnt wasnt ' +
    'arent werent im ive id ill thats theres whats feel feels feeling felt pretty quite ' +
    // English verbs with no topic of their own.
    'mean means meaning meant keep keeps kept dream dreams dreaming dreamt dreamed saw see seen seeing sees watch ' +
    'watched heard hear woke wake waking awoke awake remember remembered think thought know knew seems seemed ' +
    'get got go going went gone come came coming make made appear appears appeared recurring repeat repeats ' +
    'common happen happens happened alike different difference differences compare comparing similar same ' +
    'symbol symbols emotion emotions showing show shows tell telling say sleep slept sleeping badly changed ' +
    'change changing recent months might ' +
    'hi hello hey thanks thank please good morning'
  ).split(' '),
);

/**
 * The content words of a text: folded, split on anything that is not a letter or digit, without the app's fillers
 * (analyses/text/content-words.ts: function words, verbs of perceiving, saying and dreaming in every form, time
 * fillers, numbers) nor the chat's own (question and frequency words, greetings, light verbs).
 */
export function contentWords(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 2 && word.length <= 40 && !STOPWORDS.has(word) && isContentWord(word));
}

/** A word's two stems, as the search keys them: a word matches another when either stem does. */
export function stemsOf(word: string): { pt: string; en: string } {
  let stems = stemCache.get(word);
  if (!stems) {
    stems = { pt: `pt:${stemPortuguese(word)}`, en: `en:${stemEnglish(word)}` };
    // A journal's vocabulary is a few thousand words; the cache is dropped whole past that.
    if (stemCache.size >= 20_000) stemCache.clear();
    stemCache.set(word, stems);
  }
  return stems;
}
const stemCache = new Map<string, { pt: string; en: string }>();

/** Every stem of a text's content words (pt and en), for finding a word in it. */
export function stemSet(texts: (string | null | undefined)[]): Set<string> {
  const set = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const word of contentWords(text)) {
      const { pt, en } = stemsOf(word);
      set.add(pt);
      set.add(en);
    }
  }
  return set;
}

export const hasStem = (set: Set<string>, word: string) => {
  const { pt, en } = stemsOf(word);
  return set.has(pt) || set.has(en);
};

/** Folded words padded with spaces, so a phrase matches on word boundaries with `includes`. */
export function padded(text: string): string {
  return ` ${foldText(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

const PT_MARKERS = new Set(
  'que nao com uma para como mas meu minha voce vc ele ela era estava sonhei sera pq e'.split(' '),
);
const EN_MARKERS = new Set('the and was were with my you he she it is what why how did does dreamt dream i'.split(' '));

/** The language a short text is written in (its function words), to reflect its own words back only in it. */
export function languageOf(text: string): Lang | null {
  let pt = 0;
  let en = 0;
  for (const word of foldText(text).split(/[^\p{L}]+/u)) {
    if (PT_MARKERS.has(word)) pt++;
    if (EN_MARKERS.has(word)) en++;
  }
  if (pt === en) return null;
  return pt > en ? 'pt' : 'en';
}

/** A small, stable number from a text: picks among wordings so answers vary with what was asked, reproducibly. */
export function seedOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

export function pick<T>(options: readonly T[], seed: number): T {
  return options[(seed >>> 0) % options.length] as T;
}

export function list(items: string[], lang: Lang): string {
  const last = items.at(-1);
  if (items.length <= 1 || last === undefined) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${lang === 'pt' ? 'e' : 'and'} ${last}`;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** A dream's night as people write it ("3 de março de 2026", "March 3, 2026"). */
export function formatDate(isoDate: string, lang: Lang): string {
  let format = dateFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang === 'pt' ? 'pt-BR' : 'en', { dateStyle: 'long', timeZone: 'UTC' });
    dateFormats.set(lang, format);
  }
  return format.format(new Date(`${isoDate}T12:00:00Z`));
}

/** Text quoted back without its question marks: an answer asks at most one question, and it is the guide's own. */
export function quiet(text: string): string {
  return text.replace(/[?¿]+/g, '').replace(/\s+/g, ' ').trim();
}
