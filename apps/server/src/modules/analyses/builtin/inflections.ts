// The forms a lexicon trigger matches: the word itself and its inflections by rule (plural, gender, diminutive,
// augmentative, regular verb endings), all folded (lowercase, no accents). Matching is then an exact lookup of
// each word of a dream, so a trigger never matches a word that merely starts like it ("mudo" is not "mudou",
// "mata" is not "matava") or shares a stem with it ("office" is not "officer"). Irregular forms (knives,
// policemen, fought, morto) are triggers of their own in the lexicon.

const PT_VERB_ENDINGS: Record<'ar' | 'er' | 'ir', readonly string[]> = {
  ar: 'ar ares o as a amos am ei ou ava avas avamos avam aram aste ando ado ada ados adas e es em emos asse assem arei ara arao aria ariam arem'.split(
    ' ',
  ),
  er: 'er eres o es e emos em i eu ia ias iamos iam eram este endo ido ida idos idas a as am esse essem erei era erao eria eriam erem'.split(
    ' ',
  ),
  ir: 'ir ires o es e imos em i iu ia ias iamos iam iram iste indo ido ida idos idas a as am isse issem irei ira irao iria iriam irem'.split(
    ' ',
  ),
};

/**
 * pt stems whose spelling changes before an e or i ending: ataca-r → ataquei, chega-r → cheguei. A "ç" stem (folded to
 * "c": abraça-r, dança-r) keeps its c: abracei, dancei.
 */
function ptVerbStem(stem: string, ending: string, hasCedilla = false): string {
  if (!/^[ei]/.test(ending)) return stem;
  if (stem.endsWith('c') && !hasCedilla) return `${stem.slice(0, -1)}qu`;
  if (stem.endsWith('g')) return `${stem}u`;
  return stem;
}

function ptNounForms(word: string): string[] {
  const forms = [word];
  const stemOf = (w: string) => (/[aeo]$/.test(w) ? w.slice(0, -1) : w);
  // Plural.
  if (/ao$/.test(word)) forms.push(`${word.slice(0, -2)}oes`, `${word.slice(0, -2)}aes`, `${word}s`);
  else if (/[aeiou]$/.test(word)) forms.push(`${word}s`);
  else if (/[rzn]$/.test(word)) forms.push(`${word}es`);
  else if (/al$/.test(word)) forms.push(`${word.slice(0, -2)}ais`);
  else if (/el$/.test(word)) forms.push(`${word.slice(0, -2)}eis`);
  else if (/ol$/.test(word)) forms.push(`${word.slice(0, -2)}ois`);
  else if (/ul$/.test(word)) forms.push(`${word.slice(0, -2)}uis`);
  else if (/il$/.test(word)) forms.push(`${word.slice(0, -2)}is`);
  else if (/m$/.test(word)) forms.push(`${word.slice(0, -1)}ns`);
  // Diminutive and augmentative, in the word's own gender. No other gender by rule: for a noun it is usually
  // another word ("rio" and "ria", "gato" and "gata"); the lexicon lists both genders where both are meant.
  const stem = stemOf(word);
  if (stem.length >= 3) {
    const feminine = word.endsWith('a');
    const suffixes = feminine ? ['inha', 'inhas', 'ona', 'onas'] : ['inho', 'inhos', 'ao', 'oes'];
    for (const suffix of suffixes) forms.push(stem + suffix);
    for (const suffix of feminine ? ['zinha', 'zinhas'] : ['zinho', 'zinhos']) forms.push(word + suffix);
  }
  return forms;
}

/** Words ending like an infinitive that are not verbs. */
const PT_NOT_VERBS = new Set(
  'mar lar bar par altar colar jantar olhar luar militar familiar lugar celular hospitalar mulher prazer talher colher elixir'.split(
    ' ',
  ),
);

/** The forms of a folded pt trigger; `hasCedilla` when the trigger's stem ends in "ç" ("dançar", folded "dancar"). */
export function ptForms(word: string, hasCedilla = false): string[] {
  const verb = /^(.{2,})(ar|er|ir)$/.exec(word);
  if (verb && word.length >= 4 && !PT_NOT_VERBS.has(word)) {
    const [, stem = '', conjugation] = verb;
    const endings = PT_VERB_ENDINGS[conjugation as 'ar' | 'er' | 'ir'];
    return [word, ...endings.map((ending) => ptVerbStem(stem, ending, hasCedilla) + ending)];
  }
  return ptNounForms(word);
}

const VOWEL = /[aeiou]/;

/** run → running, stab → stabbed: one short vowel before a final consonant doubles it. */
function doublesFinal(word: string): boolean {
  return (
    word.length <= 5 &&
    /[bcdfgklmnprstvz]$/.test(word) &&
    VOWEL.test(word.at(-2) ?? '') &&
    !VOWEL.test(word.at(-3) ?? 'a')
  );
}

/**
 * English triggers that are verbs: only these take -ed and -ing. A noun's -ing or -ed is another word far more often
 * than its action ("sanding", "starred", "snaking", "stepped").
 */
const EN_VERBS = new Set(
  'kill murder stab attack bite chase pursue flee escape strangle punch shoot fight argue scream shout drown swim dive hide kiss hug dance sing steal rob vomit burn bleed die levitate glide soar plunge fall crash explode cry sob kidnap'.split(
    ' ',
  ),
);

export function enForms(word: string): string[] {
  const forms = [word];
  // Plural and third person.
  if (/(s|x|z|ch|sh)$/.test(word)) forms.push(`${word}es`);
  else if (/[^aeiou]y$/.test(word)) forms.push(`${word.slice(0, -1)}ies`);
  else forms.push(`${word}s`);
  if (/(?<!f)fe?$/.test(word)) forms.push(word.replace(/fe?$/, 'ves'));
  if (/man$/.test(word)) forms.push(`${word.slice(0, -3)}men`);
  if (!EN_VERBS.has(word)) return forms;
  // Past and gerund.
  if (/ee$/.test(word)) forms.push(`${word}d`, `${word}ing`);
  else if (/e$/.test(word)) forms.push(`${word}d`, `${word.slice(0, -1)}ing`);
  else if (/[^aeiou]y$/.test(word)) forms.push(`${word.slice(0, -1)}ied`, `${word}ing`);
  else if (doublesFinal(word)) forms.push(`${word}${word.at(-1)}ed`, `${word}${word.at(-1)}ing`);
  else forms.push(`${word}ed`, `${word}ing`);
  return forms;
}
