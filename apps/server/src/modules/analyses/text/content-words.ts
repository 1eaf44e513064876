// Content words and the forms of one word (docs/decisions/061): what "Em comum" on similar dreams, the dream signs
// and the monthly report count as a word worth showing, and which words are one. Shared by the three so that a
// word dropped or merged in one is dropped or merged in all.
import { foldText, tokenize } from '../../dreams/dreams.search.ts';
import { DREAM_SYMBOLS, DREAM_THEMES } from '../builtin/lexicon.ts';
import { ptForms } from '../builtin/inflections.ts';

const words = (list: string) => list.split(/\s+/).filter(Boolean);

/**
 * Function words beyond the search's own stopwords (dreams.search.ts drops articles, pronouns, ser/estar's commonest
 * forms): adverbs, quantifiers, demonstratives, connectives. Folded.
 */
const FUNCTION_WORDS = words(`
  nao sim ja so ainda tambem mais menos muito muita muitos muitas pouco pouca poucos poucas bem mal tao tanto tanta
  la ca aqui ali ai onde aonde quando como porque pois entao assim mesmo mesma proprio propria todo toda todos todas
  tudo nada algo alguem ninguem alguma algum alguns algumas nenhum nenhuma outro outra outros outras cada qual quais
  quem cujo esse essa esses essas isso este esta estes estas isto aquele aquela aqueles aquelas aquilo seu sua seus
  suas nosso nossa nossos nossas dele dela deles delas voce voces gente ate apos sobre entre contra desde perto longe
  coisa coisas tipo jeito vez vezes meio parte lado dentro fora cima baixo frente tras junto sem quase talvez acho
  enfim tambem cerca pra pro pras pros num numa duma dum neste nesta nesse nessa naquele naquela daquele daquela
  deste desta desse dessa la lo las los nele nela neles nelas eram sao sou somos fui foi fomos foram vou vai vamos
  vao ia iam ter tem tenho temos tive teve tinha tinham estou esta estamos estao estive esteve estavamos seria seriam
  ha havia houve
  not no yes already only just still also more less much many few very so too well badly there here where when how
  why because then thus same own all every everything nothing something anything someone somebody anyone anybody
  everyone nobody none some any other others another each which who whom whose what whatever these those this that
  his her hers their theirs our ours your yours him us its into onto upon about above below over under through
  between against from near far inside outside up down out off around back front behind along without almost maybe
  perhaps thing things kind sort way lot lots bit part like am are was were be being been has have had having do
  does did doing done will would can could shall should may might must if but than though although while until
  unless since whether either neither nor both such quite rather really actually even ever never always often
  sometimes somewhere anywhere everywhere nowhere yeah okay ok
`);

/** Verbs of seeing, hearing, feeling, thinking, saying, going and dreaming: how a dream is told, not what is in it. */
const PT_TELLING_VERBS = words(`
  olhar enxergar escutar perceber reparar achar pensar lembrar recordar esquecer sonhar acordar despertar
  parecer tentar ficar comecar conseguir continuar falar perguntar responder chamar explicar imaginar notar
  observar acontecer deixar passar voltar saber querer poder
`);
/** Irregular and one-off forms of those verbs (and of ver, ouvir, sentir, dizer, fazer, ir, vir, dar, dormir). */
const PT_TELLING_FORMS = words(`
  ver vejo ve vemos veem via viam vi viu vimos viram vendo visto vista vistos vistas veja verei
  ouvir ouco ouve ouvimos ouvem ouvia ouviam ouvi ouviu ouvimos ouviram ouvindo ouvido
  sentir sinto sente sentimos sentem sentia sentiam senti sentiu sentiram sentindo sentido sentida
  dizer digo diz dizemos dizem dizia diziam disse dissemos disseram dizendo dito dita
  fazer faco faz fazemos fazem fazia faziam fiz fez fizemos fizeram fazendo feito feita
  dormir durmo dorme dormia dormiam dormi dormiu dormindo dormido
  vir venho vem vinha vinham vim veio viemos vieram vindo
  dar dou da damos dao dava davam dei deu demos deram dando
  ir indo ido saber sei sabe sabia sabiam soube souberam sabendo
  querer quero quer queria queriam quis quisemos quiseram querendo
  poder posso pode podia podiam pude pode puderam podendo
  consigo consegue conseguia conseguiu consegui
  acho acha achei achou achava
  lembro lembra lembrei lembrou lembrava lembrando
  olho olha olhei olhou olhava olhando olhavam olharam
  parece pareceu parecia pareciam
  sonhei sonhou sonhava sonhando sonho sonhos sonhar sonhamos
  acordei acordou acordava acordando acordado acordada
  fico fica ficou fiquei ficava ficavam ficaram ficando
`);
const EN_TELLING_FORMS = words(`
  see sees saw seen seeing look looks looked looking watch watched watching notice noticed noticing
  hear hears heard hearing listen listened feel feels felt feeling think thinks thought thinking
  remember remembers remembered remembering recall recalled forget forgot forgotten dream dreams dreamt dreamed
  dreaming wake wakes woke woken waking awake awoke seem seems seemed seeming appear appeared know knew known
  say says said saying tell tells told telling ask asked answer answered talk talked talking speak spoke
  go goes went gone going come comes came coming get gets got gotten getting make makes made making
  take took taken try tried trying start started began begun want wanted realize realized realise realised
  guess suppose believe believed mean meant keep kept let lets
`);
/** Time, sleep and sequence words that frame a dream rather than fill it. */
const TIME_FILLERS = words(`
  noite noites dia dias hoje ontem amanha depois antes agora logo enquanto momento momentos hora horas tempo
  manha tarde cedo sempre nunca novamente primeiro primeira ultimo ultima proximo proxima seguinte de repente derepente
  night nights day days today tonight yesterday tomorrow then later after afterwards before now soon while moment
  moments time times morning evening suddenly again first last next finally
`);
/** Number words (digits are refused by shape). */
const NUMBER_WORDS = words(`
  dois duas tres quatro cinco seis sete oito nove dez cem mil primeiro segundo terceiro
  one two three four five six seven eight nine ten hundred thousand second third
`);

const NOT_CONTENT = new Set([
  ...FUNCTION_WORDS,
  ...PT_TELLING_VERBS.flatMap((verb) => ptVerbForms(verb)),
  ...PT_TELLING_FORMS,
  ...EN_TELLING_FORMS,
  ...TIME_FILLERS,
  ...NUMBER_WORDS,
]);

/** A pt verb's regular forms (ptForms keeps some infinitives, like "olhar", as nouns; here they are verbs). */
function ptVerbForms(verb: string): string[] {
  const forms = ptForms(verb);
  if (forms.length > 20) return forms;
  // ptForms read it as a noun: conjugate a sibling infinitive with the same ending and swap the stem.
  const ending = verb.slice(-2);
  const stem = verb.slice(0, -2);
  const sample = `fal${ending}`;
  return ptForms(sample).map((form) => stem + form.slice(3));
}

/**
 * Whether a word is worth showing as something a dream holds: not a function word (pt or en), not a verb of seeing,
 * saying, feeling or dreaming, not a time filler, not a number. Case and accents aside.
 */
export function isContentWord(word: string): boolean {
  const folded = foldText(word.trim());
  if (folded.length < 3 || /\d/.test(folded)) return false;
  if (tokenize(folded).length === 0) return false; // the search's own stopwords
  return !NOT_CONTENT.has(folded);
}

// --- the forms of one word --------------------------------------------------------------------------------------

/** Endings of a pt verb form that are as often a noun or an adjective ("voo", "casa", "caso"): weak evidence. */
const PT_AMBIGUOUS_ENDINGS = new Set(['o', 'a', 'as', 'e', 'es', 'am', 'em', 'os']);
/** A lemma's last letters (the tail) and sample lemmas with that tail, to learn which endings its forms can have. */
const PT_TAIL_SAMPLES: Record<string, string[]> = {
  '': ['tatu', 'mar', 'luz', 'jardim'],
  o: ['gato'],
  a: ['gata'],
  e: ['ponte'],
  ao: ['coracao'],
  al: ['jornal'],
  el: ['papel'],
  ol: ['farol'],
  ul: ['azul'],
  il: ['funil'],
  m: ['jardim'],
  ar: ['falar', 'olhar', 'lugar'],
  er: ['bater', 'mulher'],
  ir: ['partir'],
};
const PT_TAILS = Object.keys(PT_TAIL_SAMPLES);
/**
 * For each tail, the endings (what follows the lemma without its tail) its forms can have: a word is checked against
 * a candidate lemma (ptForms, a few dozen forms) only when its ending is one of these, which keeps the search cheap.
 */
const PT_TAIL_ENDINGS = new Map(
  Object.entries(PT_TAIL_SAMPLES).map(([tail, samples]) => {
    const endings = new Set<string>();
    for (const sample of samples) {
      const base = sample.slice(0, sample.length - tail.length);
      for (const form of ptForms(sample)) if (form.startsWith(base)) endings.add(form.slice(base.length));
    }
    return [tail, endings];
  }),
);

/** Irregular English forms met in dreams: form → lemma. */
const EN_IRREGULAR: Record<string, string> = Object.fromEntries(
  (
    'flew:fly flown:fly fell:fall fallen:fall ran:run swam:swim swum:swim drove:drive driven:drive rode:ride ' +
    'ridden:ride ate:eat eaten:eat fought:fight caught:catch hid:hide hidden:hide bit:bite bitten:bite sang:sing ' +
    'sung:sing drank:drink drunk:drink threw:throw thrown:throw broke:break broken:break froze:freeze ' +
    'frozen:freeze chose:choose stole:steal stolen:steal sank:sink sunk:sink teeth:tooth feet:foot men:man ' +
    'women:woman children:child mice:mouse geese:goose knives:knife wolves:wolf lives:life leaves:leaf'
  )
    .split(' ')
    .map((pair) => pair.split(':') as [string, string]),
);

interface Candidate {
  lemma: string;
  /** A form only this lemma explains (a gerund, a preterite, a plural); weak ones merge only with a strong one. */
  isStrong: boolean;
}

const candidateMemo = new Map<string, Candidate[]>();
const MEMO_MAX = 20_000;

/** The lemmas a folded word may be a form of (itself included), by pt rule (ptForms) and by English rule. */
function candidatesOf(folded: string): Candidate[] {
  const known = candidateMemo.get(folded);
  if (known) return known;
  const found = new Map<string, boolean>([[folded, true]]);
  const add = (lemma: string, isStrong: boolean) => {
    if (lemma.length < 3 || lemma === folded) return;
    found.set(lemma, (found.get(lemma) ?? false) || isStrong);
  };
  if (folded.length >= 3) {
    // pt: every lemma whose forms (inflections.ts) hold this word.
    for (let cut = 0; cut <= Math.min(7, folded.length - 2); cut += 1) {
      const base = folded.slice(0, folded.length - cut);
      const ending = folded.slice(folded.length - cut);
      for (const tail of PT_TAILS) {
        if (!PT_TAIL_ENDINGS.get(tail)?.has(ending)) continue;
        const lemma = base + tail;
        if (lemma === folded || lemma.length < 3) continue;
        const forms = ptForms(lemma);
        if (!forms.includes(folded)) continue;
        const isVerb = /(ar|er|ir)$/.test(lemma) && forms.length > 20;
        add(lemma, !isVerb || !PT_AMBIGUOUS_ENDINGS.has(ending));
      }
    }
    // en: plurals, third persons, -ed and -ing (with a doubled consonant or a dropped e), and the irregular.
    const irregular = EN_IRREGULAR[folded];
    if (irregular) add(irregular, true);
    const en: [RegExp, string[]][] = [
      [/^(.+)ies$/, ['$1y']],
      [/^(.+(?:s|x|z|ch|sh))es$/, ['$1']],
      [/^(.+[^su])s$/, ['$1']],
      [/^(.+)ied$/, ['$1y']],
      [/^(.+?)([bdgklmnprt])\2(?:ed|ing)$/, ['$1$2']],
      [/^(.+)(?:ed|ing)$/, ['$1', '$1e']],
      [/^(.+e)d$/, ['$1']],
      [/^(.+)ying$/, ['$1ie']],
    ];
    for (const [pattern, replacements] of en) {
      if (!pattern.test(folded)) continue;
      for (const replacement of replacements) add(folded.replace(pattern, replacement), true);
    }
  }
  const list = [...found].map(([lemma, isStrong]) => ({ lemma, isStrong }));
  if (candidateMemo.size >= MEMO_MAX) candidateMemo.clear();
  candidateMemo.set(folded, list);
  return list;
}

/** Which lexicon entry a folded one-word name stands for (its name or one of its one-word triggers), if only one. */
function lexiconIndex(
  entries: readonly { id: string; name: { pt: string; en: string }; triggers: { pt: string[]; en: string[] } }[],
) {
  const index = new Map<string, string | null>();
  for (const entry of entries) {
    const names = [entry.name.pt, entry.name.en, ...entry.triggers.pt, ...entry.triggers.en].map((name) =>
      foldText(name.trim()),
    );
    for (const name of new Set(names)) {
      if (!name || name.includes(' ')) continue;
      const held = index.get(name);
      index.set(name, held === undefined || held === entry.id ? entry.id : null); // null: two entries, no merge
    }
  }
  return index;
}
const SYMBOL_INDEX = lexiconIndex(DREAM_SYMBOLS);
const THEME_INDEX = lexiconIndex(DREAM_THEMES);

/** The builtin lexicon's id for a symbol or theme name ("Voo", "voar", "flying" → voo), when it names exactly one. */
export function lexiconIdOf(kind: 'symbol' | 'theme', name: string): string | undefined {
  return (kind === 'symbol' ? SYMBOL_INDEX : THEME_INDEX).get(foldText(name.trim())) ?? undefined;
}

interface FormGroup<T> {
  /** The group's most common spelling (by weight; first met on ties). */
  form: string;
  /** A stable key: the folded most common form. */
  key: string;
  items: T[];
  weight: number;
}

/**
 * Groups items whose words are forms of one word ("voo", "voar", "voando"; "caí", "caindo", "cair"; "dog",
 * "dogs"), and, when `sameAs` names them, words one dictionary maps to one entry. A word that could be a verb form
 * only by an ending that is as often a noun's ("casa", "caso" for casar) joins a group only through a distinctly
 * verbal form. Multi-word names are grouped by their folded text (and `sameAs`) only.
 */
export function groupForms<T>(
  items: readonly T[],
  wordOf: (item: T) => string,
  options: { weightOf?: (item: T) => number; sameAs?: (word: string) => string | undefined } = {},
): FormGroup<T>[] {
  const weightOf = options.weightOf ?? (() => 1);
  const parent = items.map((_, i) => i);
  const find = (i: number): number => {
    let root = i;
    for (let up = parent[root] ?? root; up !== root; up = parent[root] ?? root) root = up;
    parent[i] = root;
    return root;
  };
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  const byLemma = new Map<string, { strong: number[]; weak: number[] }>();
  const bySame = new Map<string, number>();
  items.forEach((item, i) => {
    const folded = foldText(wordOf(item).trim());
    const same = options.sameAs?.(folded);
    if (same !== undefined) {
      const first = bySame.get(same);
      if (first === undefined) bySame.set(same, i);
      else union(first, i);
    }
    const candidates = /\s/.test(folded) ? [{ lemma: folded, isStrong: true }] : candidatesOf(folded);
    for (const { lemma, isStrong } of candidates) {
      const holders = byLemma.get(lemma) ?? { strong: [], weak: [] };
      (isStrong ? holders.strong : holders.weak).push(i);
      byLemma.set(lemma, holders);
    }
  });
  for (const { strong, weak } of byLemma.values()) {
    const [first] = strong;
    if (first === undefined) continue;
    for (const i of [...strong, ...weak]) union(first, i);
  }
  const groups = new Map<number, { items: T[]; spellings: Map<string, number>; weight: number }>();
  items.forEach((item, i) => {
    const root = find(i);
    const group = groups.get(root) ?? { items: [], spellings: new Map<string, number>(), weight: 0 };
    const weight = weightOf(item);
    group.items.push(item);
    group.weight += weight;
    const spelling = wordOf(item).trim();
    group.spellings.set(spelling, (group.spellings.get(spelling) ?? 0) + weight);
    groups.set(root, group);
  });
  return [...groups.values()].map((group) => {
    let form = '';
    let best = -Infinity;
    for (const [spelling, weight] of group.spellings) {
      if (weight > best) {
        best = weight;
        form = spelling;
      }
    }
    return { form, key: foldText(form), items: group.items, weight: group.weight };
  });
}
