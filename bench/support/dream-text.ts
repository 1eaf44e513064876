// Realistic dream reports for the scale bench: first-person accounts in pt-BR (careful, colloquial, without accents,
// with typos) and English, composed from phrase banks, with lengths drawn from a log-normal distribution (median
// ~600 characters, a long tail cut at 5,000) like real journal entries. A seeded PRNG makes every run the same.
import { EMOTIONS, type Emotion } from '@sonhario/contracts/dreams';

type Random = () => number;

/** mulberry32: small, fast and good enough to pick phrases. */
function prng(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// --- phrase banks --------------------------------------------------------------------------------------------
// Slots: {person} {place} {action} {object} {animal} {feeling} {detail}. A bank entry may itself hold slots.

interface Bank {
  openings: string[];
  sentences: string[];
  transitions: string[];
  endings: string[];
  person: string[];
  place: string[];
  action: string[];
  object: string[];
  animal: string[];
  feeling: string[];
  detail: string[];
  /** Phrases of one dream in several hundred: the search bench's rare word lives here. */
  rare: string[];
  titles: string[];
  notes: string[];
  tags: string[];
}

const PT: Bank = {
  openings: [
    'Sonhei que eu estava {place}.',
    'Essa noite sonhei com {person}.',
    'Tive um sonho muito estranho.',
    'Lembro pouco, mas eu estava {place} e {person} estava comigo.',
    'O sonho começou {place}.',
    'Sonhei de novo com {person}, pela terceira vez esse mês.',
    'Acordei agora e quero anotar antes de esquecer.',
    'Foi um sonho longo, cheio de partes que não se encaixam.',
    'No começo eu {action} {place}.',
    'Eu estava {place}, mas ao mesmo tempo era a casa onde cresci.',
    'Sonhei que era criança de novo e estava {place}.',
    'Tive um pesadelo horrível.',
  ],
  sentences: [
    'Eu {action} {place} com {person}.',
    '{Person} me entregou {object} e disse que era importante.',
    'De repente eu {action}, sem entender por quê.',
    'Tinha {animal} me seguindo o tempo todo.',
    'Eu sentia {feeling}, mas não conseguia sair dali.',
    '{Detail}',
    '{Person} falava comigo, mas eu não entendia as palavras.',
    'Procurei {object} por toda parte e não achei.',
    'Quando olhei de novo, estava {place}.',
    'Alguém gritou meu nome lá de fora.',
    'Eu sabia que tinha que chegar a algum lugar antes de escurecer.',
    'Encontrei {object} no chão e guardei no bolso.',
    '{Person} estava diferente, mais nova, e ria de tudo.',
    'A casa tinha muito mais quartos do que na vida real.',
    'Eu tentava correr mas as pernas pesavam.',
    'Tinha uma porta que eu não podia abrir, e eu sabia disso.',
    'O caminho até lá parecia não acabar nunca.',
    'Vi {animal} parado no meio da estrada, olhando para mim.',
    'Eu queria contar para {person} o que estava acontecendo, mas não saía voz.',
    'Em algum momento percebi que estava sonhando e tentei voar.',
    'Depois a gente foi parar {place} e lá tinha uma festa.',
    'Eu estava atrasado para uma prova que nem sabia que existia.',
    'A água começou a subir e todo mundo ficou calmo, menos eu.',
    'Lembro de {object} brilhando em cima da mesa.',
    'Fiquei com {feeling} quando {person} foi embora sem se despedir.',
    'As luzes da casa acendiam e apagavam sozinhas.',
    'A casa estava escura e eu procurava o interruptor.',
    'Minha mãe estava na cozinha fazendo café como nos velhos tempos.',
    'Era noite, mas o céu estava claro como de dia.',
    'Eu dirigia um carro sem freio descendo a serra.',
  ],
  transitions: [
    'Depois disso,',
    'Então',
    'Aí',
    'Logo em seguida',
    'Do nada,',
    'Mais tarde,',
    'Nessa hora',
    'De repente',
  ],
  endings: [
    'Acordei com {feeling}.',
    'Aí eu acordei.',
    'Depois disso não lembro de mais nada.',
    'Acordei suando e demorei para entender onde estava.',
    'O despertador tocou bem nessa hora.',
    'Acordei com a sensação de que aquilo era real.',
    'Fiquei pensando nesse sonho o dia inteiro.',
  ],
  person: [
    'minha mãe',
    'meu pai',
    'minha avó',
    'meu avô',
    'um amigo de infância',
    'uma mulher desconhecida',
    'meu irmão',
    'minha irmã',
    'minha chefe',
    'um professor antigo',
    'um vizinho',
    'a minha ex',
    'uma criança que eu não conhecia',
    'meu melhor amigo',
    'um homem de chapéu',
    'minha prima',
  ],
  place: [
    'numa casa antiga',
    'no mar',
    'numa floresta escura',
    'na escola',
    'num aeroporto enorme',
    'numa cidade de vidro',
    'no alto de uma montanha',
    'num hospital vazio',
    'na praia',
    'num trem que não parava',
    'no quintal da casa da minha avó',
    'numa igreja',
    'num labirinto',
    'debaixo d’água',
    'num shopping abandonado',
    'numa estrada sem fim',
    'na casa onde eu morava quando criança',
    'no meu antigo trabalho',
    'numa rodoviária',
    'no sítio do meu tio',
  ],
  action: [
    'estava voando',
    'corria sem sair do lugar',
    'procurava uma porta',
    'caía de um prédio',
    'nadava com peixes coloridos',
    'tentava gritar sem voz',
    'perdia os dentes',
    'encontrava uma chave dourada',
    'era perseguido por um cachorro',
    'conversava com os mortos',
    'descobria um quarto novo',
    'flutuava sobre a cidade',
    'subia uma escada infinita',
    'abraçava alguém que já morreu',
    'me escondia atrás de uma cortina',
    'arrumava uma mala que nunca fechava',
  ],
  object: [
    'uma chave',
    'uma carta antiga',
    'um relógio parado',
    'uma caixa de madeira',
    'um espelho quebrado',
    'um celular que não ligava',
    'uma foto minha de criança',
    'um guarda-chuva vermelho',
    'um anel',
    'um livro sem letras',
  ],
  animal: ['um cachorro preto', 'um gato falante', 'uma cobra', 'um cavalo branco', 'uma coruja', 'um leão manso'],
  feeling: ['medo', 'uma paz enorme', 'saudade', 'angústia', 'alegria', 'vergonha', 'raiva', 'o coração acelerado'],
  detail: [
    'O céu estava roxo e havia duas luas.',
    'Tudo tinha cheiro de chuva.',
    'As paredes respiravam devagar.',
    'Ninguém me ouvia.',
    'Eu sabia que estava sonhando.',
    'Havia música vindo de longe.',
    'Os relógios não tinham ponteiros.',
    'Eu estava descalço e sentia frio.',
    'As pessoas não tinham rosto.',
    'A luz era dourada como fim de tarde.',
    'O chão era macio como areia.',
    'O mar estava calmo e transparente.',
  ],
  rare: ['No meio da sala tinha um ornitorrinco de gravata.', 'Um ornitorrinco enorme nadava na piscina do prédio.'],
  titles: [
    'A casa da minha avó',
    'Voando sobre a cidade',
    'Pesadelo no hospital',
    'O trem',
    'A chave dourada',
    'Perdido no labirinto',
    'Sonho com a minha mãe',
    'Os dentes de novo',
    'A festa na praia',
    'A porta trancada',
    'Mar escuro',
    'Sonho estranho',
  ],
  notes: [
    'Dormi tarde ontem.',
    'Tomei café à noite.',
    'Acho que tem a ver com a mudança.',
    'Esse sonho se repete quando estou ansioso.',
    'Sonhei isso depois de ver um filme de terror.',
  ],
  tags: ['voo', 'família', 'trabalho', 'água', 'perseguição', 'escola', 'casa', 'animais', 'morte', 'viagem', 'amor'],
};

const EN: Bank = {
  openings: [
    'I dreamt I was {place}.',
    'Last night I dreamt about {person}.',
    'I had the weirdest dream.',
    "I don't remember much, but I was {place} and {person} was there too.",
    'The dream started {place}.',
    'Dreamt about {person} again.',
    'Writing this down before it fades.',
    'Long dream, lots of pieces that do not fit together.',
    'At first I {action} {place}.',
    'I was a kid again, {place}.',
    'Had a terrible nightmare.',
  ],
  sentences: [
    'I {action} {place} with {person}.',
    '{Person} handed me {object} and said it mattered.',
    'Suddenly I {action} and did not know why.',
    'There was {animal} following me the whole time.',
    'I felt {feeling} but could not leave.',
    '{Detail}',
    '{Person} kept talking to me but the words made no sense.',
    'I looked everywhere for {object} and never found it.',
    'When I looked again I was {place}.',
    'Someone shouted my name from outside.',
    'I knew I had to get somewhere before dark.',
    'I found {object} on the floor and kept it.',
    'The house had far more rooms than it does in real life.',
    'I tried to run but my legs were heavy.',
    'There was a door I was not allowed to open, and I knew it.',
    'I saw {animal} standing in the middle of the road, staring at me.',
    'At some point I realised I was dreaming and tried to fly.',
    'Then we went {place} and there was a party.',
    'I was late for an exam I did not know I had.',
    'The water kept rising and everyone stayed calm except me.',
    'The house was dark and I kept looking for the light switch.',
    'It was night, but the sky was as bright as noon.',
  ],
  transitions: ['After that,', 'Then', 'Suddenly', 'Later,', 'Out of nowhere,', 'At that point'],
  endings: [
    'I woke up with {feeling}.',
    'Then I woke up.',
    "I don't remember anything after that.",
    'Woke up sweating and it took me a while to know where I was.',
    'The alarm went off right then.',
    'It felt completely real.',
  ],
  person: [
    'my mother',
    'my dad',
    'my grandmother',
    'an old school friend',
    'a woman I did not know',
    'my brother',
    'my sister',
    'my boss',
    'an old teacher',
    'a neighbour',
    'my ex',
    'a child I did not know',
    'my best friend',
  ],
  place: [
    'in an old house',
    'at sea',
    'in a dark forest',
    'at school',
    'in a huge airport',
    'in a city made of glass',
    'on top of a mountain',
    'in an empty hospital',
    'on a beach',
    'on a train that never stopped',
    "in my grandmother's garden",
    'in a church',
    'in a maze',
    'underwater',
    'in an abandoned mall',
    'in the house I grew up in',
  ],
  action: [
    'was flying',
    'was running without moving',
    'was looking for a door',
    'was falling from a building',
    'was swimming with bright fish',
    'was trying to scream with no voice',
    'was losing my teeth',
    'found a golden key',
    'was being chased by a dog',
    'was talking to the dead',
    'found a new room',
    'was floating over the city',
    'was climbing endless stairs',
    'was packing a suitcase that never closed',
  ],
  object: [
    'a key',
    'an old letter',
    'a stopped watch',
    'a wooden box',
    'a broken mirror',
    'a phone that would not turn on',
    'a photo of me as a child',
    'a red umbrella',
    'a ring',
    'a book with no words',
  ],
  animal: ['a black dog', 'a talking cat', 'a snake', 'a white horse', 'an owl', 'a tame lion'],
  feeling: ['fear', 'a huge calm', 'longing', 'dread', 'joy', 'shame', 'anger', 'my heart racing'],
  detail: [
    'The sky was purple and there were two moons.',
    'Everything smelled like rain.',
    'The walls were breathing slowly.',
    'Nobody could hear me.',
    'I knew I was dreaming.',
    'There was music coming from far away.',
    'The clocks had no hands.',
    'I was barefoot and cold.',
    'People had no faces.',
    'The light was golden like late afternoon.',
    'The sea was calm and clear.',
  ],
  rare: ['There was a platypus wearing a tie in the living room.', 'A giant platypus swam in the pool.'],
  titles: [
    "Grandma's house",
    'Flying over the city',
    'Hospital nightmare',
    'The train',
    'The golden key',
    'Lost in the maze',
    'Teeth again',
    'Party on the beach',
    'The locked door',
    'Dark sea',
    'Weird one',
  ],
  notes: [
    'Went to bed late.',
    'Had coffee at night.',
    'Probably about the move.',
    'This one comes back when I am anxious.',
    'Watched a horror film before bed.',
  ],
  tags: ['flying', 'family', 'work', 'water', 'chase', 'school', 'house', 'animals', 'death', 'travel', 'love'],
};

// Colloquial pt-BR as people type it on a phone at 6 a.m.
// A whole word, accents included (`\b` only knows ASCII letters).
const word = (w: string) => new RegExp(`(?<!\\p{L})${w}(?!\\p{L})`, 'gu');
const COLLOQUIAL: [RegExp, string][] = [
  [word('que'), 'q'],
  [word('você'), 'vc'],
  [word('estava'), 'tava'],
  [word('está'), 'tá'],
  [word('para'), 'pra'],
  [word('porque'), 'pq'],
  [word('também'), 'tb'],
  [word('Então'), 'Dai'],
  [word('muito'), 'mt'],
  [word('não'), 'nao'],
];
const COLLOQUIAL_FILLERS = ['tipo,', 'sei la,', 'mano,', 'enfim,', 'cara,', 'nossa,', 'ai'];

const stripAccents = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC');

export interface GeneratedDream {
  language: 'pt-BR' | 'en';
  /** Null: left blank (the server derives one from the first words). */
  title: string | null;
  content: string;
  notes: string | null;
  dreamtOn: string;
  /** When it was written down: the morning after the night, never later than now. */
  recordedAt: string;
  mood: number | null;
  emotions: Emotion[];
  tags: string[];
  lucidity: number;
  vividness: number | null;
  sleepQuality: number | null;
  isNightmare: boolean;
  isRecurring: boolean;
}

export interface DreamGeneratorOptions {
  /** Share of dreams written in pt-BR (the rest in English). */
  ptShare?: number;
  /** Nights are spread over this many years, ending yesterday. */
  years?: number;
  /** Median content length in characters (log-normal). */
  medianLength?: number;
  maxLength?: number;
  now?: Date;
}

const DAY_MS = 86_400_000;

/** A repeatable stream of dreams (and UUIDs) from `seed`. */
export function createDreamGenerator(seed: number, options: DreamGeneratorOptions = {}) {
  const random = prng(seed);
  const ptShare = options.ptShare ?? 0.7;
  const years = options.years ?? 6;
  const medianLength = options.medianLength ?? 600;
  const maxLength = options.maxLength ?? 5_000;
  const now = options.now ?? new Date();
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const chance = (p: number) => random() < p;
  // Box–Muller: a standard normal draw.
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  // sigma 0.75: quartiles ~360 and ~1,000 characters, 1 in 100 past ~3,400, a few per 1,000 at the 5,000 cap.
  const targetLength = () => Math.min(maxLength, Math.max(40, Math.round(medianLength * Math.exp(0.75 * normal()))));

  const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  function fill(template: string, bank: Bank): string {
    return template.replace(/\{(\w+)\}/g, (_match, slot: string) => {
      const key = slot.toLowerCase() as 'person' | 'place' | 'action' | 'object' | 'animal' | 'feeling' | 'detail';
      const value = fill(pick(bank[key]), bank);
      return slot === key ? value : capitalize(value);
    });
  }

  /** Swaps, drops or doubles a letter in about one word in `rate`. */
  function typos(text: string, rate: number): string {
    return text.replace(/\p{L}{4,}/gu, (word) => {
      if (!chance(rate)) return word;
      const i = between(1, word.length - 2);
      const kind = random();
      if (kind < 0.4) return word.slice(0, i) + word[i + 1]! + word[i]! + word.slice(i + 2);
      if (kind < 0.7) return word.slice(0, i) + word.slice(i + 1);
      return word.slice(0, i) + word[i]! + word.slice(i);
    });
  }

  function compose(bank: Bank, target: number): string {
    const sentences = [fill(pick(bank.openings), bank)];
    let length = sentences[0]!.length;
    // Leave room for an ending; a rare phrase in about one dream in 400.
    const hasRare = chance(0.0025);
    while (length < target - 60) {
      let sentence = fill(pick(bank.sentences), bank);
      if (chance(0.3)) {
        const first = sentence.startsWith('I ') ? 'I' : sentence.charAt(0).toLowerCase();
        sentence = `${pick(bank.transitions)} ${first}${sentence.slice(1)}`;
      }
      sentences.push(sentence);
      length += sentence.length + 1;
    }
    if (hasRare) sentences.splice(between(1, sentences.length), 0, pick(bank.rare));
    if (chance(0.7)) sentences.push(fill(pick(bank.endings), bank));
    // Paragraphs every 4–7 sentences in the longer reports.
    let text = '';
    let sinceBreak = 0;
    let breakAt = between(4, 7);
    for (const sentence of sentences) {
      if (text && sinceBreak >= breakAt) {
        text += '\n\n';
        sinceBreak = 0;
        breakAt = between(4, 7);
      } else if (text) text += ' ';
      text += sentence;
      sinceBreak += 1;
    }
    return text;
  }

  /** Ends the text at the last full stop before `maxLength` (the registers above can lengthen it a little). */
  function cap(text: string): string {
    if (text.length <= maxLength) return text;
    const cut = text.lastIndexOf('.', maxLength - 1);
    return text.slice(0, cut > 0 ? cut + 1 : maxLength);
  }

  function writePt(target: number): string {
    let text = compose(PT, target);
    const register = random();
    if (register < 0.3) {
      // Colloquial: abbreviations, fillers, no final full stops now and then.
      for (const [pattern, replacement] of COLLOQUIAL)
        text = text.replace(pattern, (match) => (chance(0.7) ? replacement : match));
      text = text.replace(/\. (\p{Lu})/gu, (_m, letter: string) =>
        chance(0.25) ? `, ${pick(COLLOQUIAL_FILLERS)} ${letter.toLowerCase()}` : `. ${letter}`,
      );
      text = typos(text, 0.02);
    } else if (register < 0.55) {
      // Typed without accents (a keyboard without dead keys), sometimes all lower case.
      text = stripAccents(text);
      if (chance(0.3)) text = text.toLowerCase();
      text = typos(text, 0.01);
    } else if (register < 0.7) {
      text = typos(text, 0.015);
    }
    return text;
  }

  function writeEn(target: number): string {
    let text = compose(EN, target);
    if (chance(0.25)) text = typos(text, 0.015);
    if (chance(0.1)) text = text.toLowerCase();
    return text;
  }

  function next(): GeneratedDream {
    const language = chance(ptShare) ? 'pt-BR' : 'en';
    const bank = language === 'pt-BR' ? PT : EN;
    const content = cap(language === 'pt-BR' ? writePt(targetLength()) : writeEn(targetLength()));
    const night = new Date(now.getTime() - between(1, Math.round(years * 365)) * DAY_MS);
    const dreamtOn = night.toISOString().slice(0, 10);
    // Written the next morning between 05:00 and 11:00 UTC (never later than now).
    const recorded = Math.min(
      now.getTime() - 60_000,
      Date.parse(`${dreamtOn}T00:00:00Z`) + DAY_MS + between(5 * 60, 11 * 60) * 60_000,
    );
    const isNightmare = chance(0.12);
    const emotionCount = between(0, 3);
    const emotions = new Set<Emotion>();
    for (let i = 0; i < emotionCount; i += 1) emotions.add(isNightmare && i === 0 ? 'medo' : pick(EMOTIONS));
    const tags = new Set<string>();
    for (let i = between(0, 3); i > 0; i -= 1) tags.add(pick(bank.tags));
    return {
      language,
      title: chance(0.55) ? pick(bank.titles) : null,
      content,
      notes: chance(0.15) ? pick(bank.notes) : null,
      dreamtOn,
      recordedAt: new Date(recorded).toISOString(),
      mood: chance(0.8) ? between(1, 5) : null,
      emotions: [...emotions],
      tags: [...tags],
      lucidity: chance(0.15) ? between(1, 3) : 0,
      vividness: chance(0.7) ? between(1, 5) : null,
      sleepQuality: chance(0.6) ? between(1, 5) : null,
      isNightmare,
      isRecurring: chance(0.08),
    };
  }

  /** A version-4 UUID from the same stream, so an import file is the same on every run. */
  function uuid(): string {
    const bytes = Array.from({ length: 16 }, () => Math.floor(random() * 256));
    bytes[6] = (bytes[6]! & 0x0f) | 0x40;
    bytes[8] = (bytes[8]! & 0x3f) | 0x80;
    const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  return { next, uuid };
}

/** The body of POST /api/v1/dreams for a generated dream. */
export function toCreateDreamBody(dream: GeneratedDream) {
  return {
    title: dream.title ?? undefined,
    content: dream.content,
    notes: dream.notes ?? undefined,
    dreamtOn: dream.dreamtOn,
    mood: dream.mood,
    emotions: dream.emotions,
    tags: dream.tags,
    lucidity: dream.lucidity,
    vividness: dream.vividness,
    sleepQuality: dream.sleepQuality,
    isNightmare: dream.isNightmare,
    isRecurring: dream.isRecurring,
  };
}

/** Median, 90th and 99th percentile and maximum of the content lengths: to check the distribution. */
export function describeLengths(dreams: readonly GeneratedDream[]) {
  const lengths = dreams.map((d) => d.content.length).sort((a, b) => a - b);
  const at = (q: number) => lengths[Math.min(lengths.length - 1, Math.floor(q * lengths.length))] ?? 0;
  return { median: at(0.5), p90: at(0.9), p99: at(0.99), max: lengths.at(-1) ?? 0 };
}
