// The people of a dream (content-analysis.ts): who they are to the dreamer, and a person the text says has died.
import { findSpans, patternSet, PERSON_WORDS, type Doc } from './content-analysis.ts';
import type { Bilingual } from './lexicon.ts';

/** A person of the dreamer's life, named as the reading addresses the dreamer ("seu avô", "your grandfather"). */
export type Person = { id: string; name: Bilingual; isFemale: boolean };

// Folded word → person. "vô" and "vó" fold to the same word: the article or possessive before it decides.
const PEOPLE: Record<string, [id: string, pt: string, en: string, isFemale: boolean]> = {
  avo_m: ['avo_m', 'seu avô', 'your grandfather', false],
  avo_f: ['avo_f', 'sua avó', 'your grandmother', true],
  mae: ['mae', 'sua mãe', 'your mother', true],
  pai: ['pai', 'seu pai', 'your father', false],
  irmao: ['irmao', 'seu irmão', 'your brother', false],
  irma: ['irma', 'sua irmã', 'your sister', true],
  tio: ['tio', 'seu tio', 'your uncle', false],
  tia: ['tia', 'sua tia', 'your aunt', true],
  primo: ['primo', 'seu primo', 'your cousin', false],
  prima: ['prima', 'sua prima', 'your cousin', true],
  filho: ['filho', 'seu filho', 'your son', false],
  filha: ['filha', 'sua filha', 'your daughter', true],
  marido: ['marido', 'seu marido', 'your husband', false],
  esposa: ['esposa', 'sua esposa', 'your wife', true],
  namorado: ['namorado', 'seu namorado', 'your boyfriend', false],
  namorada: ['namorada', 'sua namorada', 'your girlfriend', true],
  amigo: ['amigo', 'seu amigo', 'your friend', false],
  amiga: ['amiga', 'sua amiga', 'your friend', true],
  madrinha: ['madrinha', 'sua madrinha', 'your godmother', true],
  padrinho: ['padrinho', 'seu padrinho', 'your godfather', false],
  cachorro: ['cachorro', 'seu cachorro', 'your dog', false],
  gato: ['gato', 'seu gato', 'your cat', false],
};
const PERSON_BY_WORD: Record<string, string> = {
  vovo: 'avo_m',
  bisavo: 'avo_m',
  mamae: 'mae',
  mainha: 'mae',
  papai: 'pai',
  painho: 'pai',
  esposo: 'marido',
  cachorrinho: 'cachorro',
  cachorrinha: 'cachorro',
  gatinho: 'gato',
  grandfather: 'avo_m',
  grandpa: 'avo_m',
  papa: 'avo_m',
  grandmother: 'avo_f',
  grandma: 'avo_f',
  granny: 'avo_f',
  nana: 'avo_f',
  gran: 'avo_f',
  mom: 'mae',
  mum: 'mae',
  mother: 'mae',
  mommy: 'mae',
  dad: 'pai',
  father: 'pai',
  daddy: 'pai',
  brother: 'irmao',
  sister: 'irma',
  uncle: 'tio',
  aunt: 'tia',
  cousin: 'primo',
  son: 'filho',
  daughter: 'filha',
  husband: 'marido',
  wife: 'esposa',
  boyfriend: 'namorado',
  girlfriend: 'namorada',
  friend: 'amigo',
  dog: 'cachorro',
  puppy: 'cachorro',
  cat: 'gato',
  godmother: 'madrinha',
  godfather: 'padrinho',
};
const FEMININE_BEFORE = new Set('minha a da na dela sua ma'.split(' '));

/** The person a word at `at` names, or undefined. */
export function personAt(doc: Doc, at: number): Person | undefined {
  const word = doc.words[at] ?? '';
  let id = PERSON_BY_WORD[word] ?? (PEOPLE[word] ? word : undefined);
  if (word === 'vo' || word === 'avo') {
    const raw = doc.raw[at] ?? '';
    const isFemale = raw.endsWith('ó') || (!raw.endsWith('ô') && FEMININE_BEFORE.has(doc.words[at - 1] ?? ''));
    id = isFemale ? 'avo_f' : 'avo_m';
  }
  if (word === 'vovo') id = (doc.raw[at] ?? '').endsWith('ó') ? 'avo_f' : 'avo_m';
  const row = id ? PEOPLE[id] : undefined;
  return row ? { id: row[0], name: { pt: row[1], en: row[2] }, isFemale: row[3] } : undefined;
}

// "meu vô", "my grandma", "o pai dela": the dreamer's own people, or people of theirs named with a possessive or an
// article ("um amigo" is somebody; "o cachorro" may be any dog, so pets need "meu"/"my").
const POSSESSIVES = new Set('meu minha meus minhas my our nosso nossa'.split(' '));
const PERSON_ADJECTIVES = new Set(
  'late falecido falecida finado finada querido querida dear old best saudoso saudosa'.split(' '),
);
const OF_SOMEONE = new Set('da do das dos de dela dele delas deles of'.split(' '));
const DETERMINERS = new Set('o a do da no na pro pra com my our the seu sua meu minha'.split(' '));

/** The people the dream names, in order of first mention, each once. */
export function findPeople(doc: Doc): { person: Person; at: number }[] {
  const found: { person: Person; at: number }[] = [];
  doc.words.forEach((word, at) => {
    if (!PERSON_WORDS.has(word)) return;
    const person = personAt(doc, at);
    if (!person) return;
    let back = at - 1;
    while (back > at - 3 && PERSON_ADJECTIVES.has(doc.words[back] ?? '')) back--;
    const before = doc.words[back] ?? '';
    const isPet = person.id === 'cachorro' || person.id === 'gato';
    if (isPet ? !POSSESSIVES.has(before) : !DETERMINERS.has(before) && !POSSESSIVES.has(before)) return;
    // Someone else's: "a filha da vizinha", "o pai dela", "the daughter of my neighbour" (not "minha filha do meio").
    if (!POSSESSIVES.has(before) && OF_SOMEONE.has(doc.words[at + 1] ?? '')) return;
    if (!found.some((entry) => entry.person.id === person.id)) found.push({ person, at });
  });
  return found;
}

// A person the text says has died: "meu vô que já morreu", "minha avó falecida", "my late grandmother", "my dad, who
// died two years ago". Not a death that happens in the dream ("meu pai morria no sonho").
const DEATH_MARKERS = patternSet([
  '@person ~2 que (ja|tinha|ja) ~1 (morreu|faleceu|falecido|falecida|partiu|morrido|falecido)',
  '@person ~2 que (morreu|faleceu|partiu)',
  '@person (ja|que) ~1 (falecid*|finad*|morto|morta)',
  '@person (falecid*|finad*)',
  '(falecid*|finad*) (vo|avo|vovo|mae|pai|tio|tia|marido|esposa|irmao|irma|amigo|amiga)',
  '@person ~3 (morreu|faleceu) (ha|faz) ~2',
  '@person ~3 (morreu|faleceu) (ano|mes) passado',
  '@person ~3 (morreu|faleceu) (no|em) (ano|mes|inicio|final|comeco)',
  'desde que (ele|ela) (morreu|faleceu|partiu|se foi)',
  'mesmo (ele|ela) (ja|tendo) ~1 (morto|morta|morrido|falecido|falecida)',
  'late @person',
  '@person ~2 who (died|passed|had died|has died|is dead|was dead|had passed|has passed)',
  '@person ~3 (died|passed away|passed) ~3 (ago|last year|last month|years|months)',
  '@person ~3 (passed away|has passed|had passed|has died|had died)',
  'since (he|she) (died|passed)',
  'in memory of',
  'deceased @person',
  '@person (who|that) ~1 (is|was) (gone|dead|no longer)',
  'dead @person',
  // "she is actually dead in reality", "[He died in September.]", "ela morreu ano passado": said of the real person.
  '(is|was|are) (actually|really|already) dead',
  'dead in (reality|real life)',
  '(morreu|faleceu|morta|morto) na vida real',
  '(he|she|ele|ela) (died|passed away|morreu|faleceu|partiu) (in|last|em|no|na|ano|mes|ha|faz|years|months|two|three|a)',
  'even though (he|she) ~2 (dead|died|gone)',
]);

/** Where the text says someone has died, and who (the person named in the marker), if anyone. */
export function findDeceased(doc: Doc): { person: Person | undefined; start: number; end: number }[] {
  return findSpans(doc, DEATH_MARKERS).map(({ start, end }) => {
    let person: Person | undefined;
    for (let at = start; at < end && !person; at++) person = personAt(doc, at);
    // "meu vô que já morreu" names the person before the marker; "o finado meu avô" after it.
    for (let at = end; at < end + 3 && !person; at++)
      if (doc.sentence[at] === doc.sentence[start]) person = personAt(doc, at);
    return { person, start, end };
  });
}
