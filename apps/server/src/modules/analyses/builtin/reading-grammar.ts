// The builtin reading's language helpers: lists, quotes, Portuguese contractions, and the dreamer's words said back
// to them ("me" becomes "você").
import type { Person } from './content-people.ts';

type Lang = 'pt' | 'en';

export const quote = (text: string) => `“${text}”`;
const locale = (lang: Lang) => (lang === 'pt' ? 'pt-BR' : 'en');
export const lower = (text: string, lang: Lang) => text.toLocaleLowerCase(locale(lang));
export const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

export function list(items: readonly string[], lang: Lang): string {
  if (items.length <= 1) return items.join('');
  const and = lang === 'pt' ? ' e ' : ' and ';
  return `${items.slice(0, -1).join(', ')}${and}${items.at(-1)}`;
}

// Portuguese contractions before "seu/sua/o/a/um/uma": "do seu avô", "à sua avó", "na planilha".
export function contract(preposition: 'de' | 'a' | 'em', phrase: string): string {
  const [first = '', ...rest] = phrase.split(' ');
  const forms: Record<string, Record<string, string>> = {
    de: { o: 'do', a: 'da', os: 'dos', as: 'das', um: 'de um', uma: 'de uma', seu: 'do seu', sua: 'da sua' },
    a: { o: 'ao', a: 'à', os: 'aos', as: 'às', um: 'a um', uma: 'a uma', seu: 'ao seu', sua: 'à sua' },
    em: { o: 'no', a: 'na', os: 'nos', as: 'nas', um: 'num', uma: 'numa', seu: 'no seu', sua: 'na sua' },
  };
  const joined = forms[preposition]?.[first];
  if (!joined) return `${preposition} ${phrase}`;
  return [joined, ...rest].join(' ');
}

// The dreamer's own words, said back to them: "me" and "eu" become "você" ("disse que me amava" → "que amava você").
const TO_YOU: Record<Lang, [RegExp, string][]> = {
  pt: [
    [/\bcomigo\b/giu, 'com você'],
    [/\bmeus\b/giu, 'seus'],
    [/\bminhas\b/giu, 'suas'],
    [/\bmeu\b/giu, 'seu'],
    [/\bminha\b/giu, 'sua'],
    [/\bme ([\p{L}]+)/giu, '$1 você'],
    [/\bmim\b/giu, 'você'],
    [/\beu\b/giu, 'você'],
  ],
  en: [
    [/\bi was\b/giu, 'you were'],
    [/\bi am\b/giu, 'you are'],
    [/\bmyself\b/giu, 'yourself'],
    [/\bmine\b/giu, 'yours'],
    [/\bmy\b/giu, 'your'],
    [/\bme\b/giu, 'you'],
    [/\bi\b/giu, 'you'],
  ],
};
export const toYou = (text: string, lang: Lang) =>
  TO_YOU[lang].reduce((changed, [pattern, replacement]) => changed.replace(pattern, replacement), text);

// An instruction said back ("told me to…", "me disse pra…"): English keeps the verb after "to"; Portuguese keeps the
// infinitive after "para você" and turns the dreamer's own "me", "meu" into "se", "seu": it is the dreamer who is to do it.
export const toYouDoing = (text: string, lang: Lang) =>
  lang === 'en'
    ? toYou(text, lang)
    : text
        .replace(/\bme\b/giu, 'se')
        .replace(/\bmeus\b/giu, 'seus')
        .replace(/\bminhas\b/giu, 'suas')
        .replace(/\bmeu\b/giu, 'seu')
        .replace(/\bminha\b/giu, 'sua');

export function personName(person: Person | undefined, lang: Lang): string | undefined {
  return person?.name[lang];
}

export const DETERMINER: Record<string, string> = {
  o: 'o',
  a: 'a',
  os: 'os',
  as: 'as',
  um: 'um',
  uma: 'uma',
  uns: 'uns',
  umas: 'umas',
  meu: 'seu',
  minha: 'sua',
  meus: 'seus',
  minhas: 'suas',
  the: 'the',
  an: 'an',
  my: 'your',
  our: 'your',
  some: 'some',
};
export const PT_ARTICLES = new Set('o a os as um uma uns umas meu minha meus minhas'.split(' '));
export const EN_ARTICLES = new Set('the a an my our some'.split(' '));
