import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assessDistress, DISTRESS_KINDS, DISTRESS_RULE_IDS, explainDistress, type DistressKind } from './distress.ts';

interface SetItem {
  text: string;
  lang: 'pt' | 'en';
  isDistress: boolean;
  kind?: DistressKind;
  why?: string;
  heldOut: boolean;
  round: number;
  /** Read as a dream's own text (default: a message). */
  context?: 'dream';
}

const SET: SetItem[] = (
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'distress-set.json'), 'utf8')) as { items: SetItem[] }
).items;

/** Recall and false-positive rate over some items, with what went wrong (printed when a floor is not met). */
function score(items: SetItem[]) {
  const misses: string[] = [];
  const falseAlarms: string[] = [];
  const wrongKinds: string[] = [];
  for (const item of items) {
    const found = assessDistress(item.text, { context: item.context });
    if (item.isDistress && !found.isDistress) misses.push(`[${item.kind}] ${item.text}`);
    if (item.isDistress && found.isDistress && item.kind && !found.kinds.includes(item.kind))
      wrongKinds.push(`[${item.kind} read as ${found.kinds.join('+')}] ${item.text}`);
    if (!item.isDistress && found.isDistress)
      falseAlarms.push(
        `[${item.why}] ${item.text} ← ${explainDistress(item.text)
          .map((m) => m.rule)
          .join(', ')}`,
      );
  }
  const positives = items.filter((item) => item.isDistress).length;
  const negatives = items.length - positives;
  return {
    recall: (positives - misses.length) / positives,
    falsePositiveRate: falseAlarms.length / negatives,
    misses,
    falseAlarms,
    wrongKinds,
  };
}

// Issue 31's floors: recall ≥ 0.98, false positives ≤ 2 %.
const RECALL_FLOOR = 0.98;
const FALSE_POSITIVE_CEILING = 0.02;

describe('the distress set (distress-set.json)', () => {
  it('is a set worth measuring: 300+ sentences, about half distress, every kind and trap in both languages, 60+ held out', () => {
    expect(SET.length).toBeGreaterThanOrEqual(300);
    expect(new Set(SET.map((item) => item.text)).size).toBe(SET.length);
    const share = SET.filter((item) => item.isDistress).length / SET.length;
    expect(share).toBeGreaterThan(0.4);
    expect(share).toBeLessThan(0.6);
    expect(SET.filter((item) => item.heldOut).length).toBeGreaterThanOrEqual(60);
    for (const lang of ['pt', 'en'] as const) {
      for (const kind of DISTRESS_KINDS) {
        expect(
          SET.filter((item) => item.lang === lang && item.kind === kind).length,
          `${lang} ${kind}`,
        ).toBeGreaterThanOrEqual(10);
      }
      for (const why of ['idiom', 'dream', 'negation', 'calm']) {
        expect(
          SET.filter((item) => item.lang === lang && item.why === why).length,
          `${lang} ${why}`,
        ).toBeGreaterThanOrEqual(8);
      }
    }
  });

  it.each([
    ['the whole set', () => SET],
    ['the held-out part (never tuned on)', () => SET.filter((item) => item.heldOut)],
    ['the tuned part', () => SET.filter((item) => !item.heldOut)],
  ])('finds distress in %s with recall ≥ 0.98 and false positives ≤ 2 %%, of the right kind', (_, items) => {
    const result = score(items());
    expect(result.misses, 'missed').toEqual(result.recall >= RECALL_FLOOR ? result.misses : []);
    expect(result.falseAlarms, 'false alarms').toEqual(
      result.falsePositiveRate <= FALSE_POSITIVE_CEILING ? result.falseAlarms : [],
    );
    expect(result.wrongKinds, 'wrong kind').toEqual([]);
  });
});

describe('the set, sentence by sentence', () => {
  // Stricter than the floors: a rule taken out, or one that starts firing on a trap, shows here by name.
  const KNOWN_MISSES = ['to no fundo do poço e nao quero sair'];

  it('misses only the known misses and raises no false alarm', () => {
    const result = score(SET);
    expect(result.misses.map((miss) => miss.replace(/^\[[a-z_]+\] /, ''))).toEqual(KNOWN_MISSES);
    expect(result.falseAlarms).toEqual([]);
  });

  it('needs every rule: each one fires on a distress sentence of the set', () => {
    const used = new Set(
      SET.filter((item) => item.isDistress).flatMap((item) =>
        explainDistress(item.text, { context: item.context }).map((match) => match.rule),
      ),
    );
    expect(DISTRESS_RULE_IDS.filter((id) => !used.has(id))).toEqual([]);
  });
});

const fires = (text: string, context?: 'dream' | 'message') => assessDistress(text, { context }).isDistress;
const kindsOf = (text: string) => assessDistress(text).kinds;

describe('each kind, in both languages', () => {
  it.each([
    ['quero morrer', 'suicide'],
    ['todo mundo ficaria melhor sem mim', 'suicide'],
    ['não vejo mais sentido em nada', 'suicide'],
    ['I want to end it all', 'suicide'],
    ['everyone would be better off without me', 'suicide'],
    ['voltei a me cortar', 'self_harm'],
    ['i cut myself again last night', 'self_harm'],
    ['meu marido me bate quando bebe', 'abuse'],
    ['estou sendo ameaçada', 'abuse'],
    ['he hits me when he drinks', 'abuse'],
    ['estou tendo uma crise de pânico agora', 'panic'],
    ["I can't breathe and I think I'm dying", 'panic'],
  ] as const)('%s → %s', (text, kind) => {
    expect(kindsOf(text)).toEqual([kind]);
  });

  it('names every kind a text shows, in a fixed order', () => {
    expect(kindsOf('estou tendo uma crise de pânico agora. meu marido me bate e eu quero morrer')).toEqual([
      'suicide',
      'abuse',
      'panic',
    ]);
  });

  it('catches the statement the old phrase list missed', () => {
    expect(kindsOf('I could not breathe, I was suffocating, my chest hurt, I want to end it all')).toEqual(['suicide']);
  });
});

describe('idioms', () => {
  it.each([
    'morrendo de rir com esse sonho',
    'morri de vergonha',
    'me mata de rir',
    'quis sumir de vergonha',
    'queria sumir com essas espinhas',
    'ela disse que ia me matar de tanto rir',
    'não aguento mais esse calor',
    'I could kill for a coffee',
    'these shoes are to die for',
    'dying to see you',
    'this traffic is killing me',
    'i wanted to disappear from embarrassment',
    'i want to disappear into a good book this weekend',
    "i laughed so hard i can't breathe",
  ])('does not fire on %s', (text) => {
    expect(explainDistress(text)).toEqual([]);
  });

  it('still fires on the same words said plainly', () => {
    expect(fires('quis sumir de vez')).toBe(true);
    expect(fires('ela disse que ia me matar')).toBe(true);
    expect(fires('não aguento mais.')).toBe(true);
    expect(fires('i want to disappear')).toBe(true);
    expect(fires("i can't breathe")).toBe(true);
  });
});

describe('negation', () => {
  it.each([
    ['não quero morrer', false],
    ['não quero mais viver', true],
    ['nunca pensei em suicídio', false],
    ['não é que eu queira sumir, só preciso de férias', false],
    ["I don't want to die", false],
    ["I don't want to live anymore", true],
    ['never thought about killing myself', false],
    ['my husband would never hit me', false],
    ["i'm not having a panic attack, just a little anxious", false],
  ])('%s → %s', (text, expected) => {
    expect(fires(text)).toBe(expected);
  });

  it('ends at the clause, and "I do not know" does not deny what follows', () => {
    expect(fires('não sei, quero morrer')).toBe(true);
    expect(fires('não sei por que quero morrer')).toBe(true);
    expect(fires("i don't know why i want to die")).toBe(true);
    expect(fires("no, i'm fine. i want to die")).toBe(true);
  });
});

describe('dreams', () => {
  it.each([
    'sonhei que eu morria',
    'in the dream a man stabbed me',
    'fui perseguido e achei que ia morrer',
    'sonhei que meu marido me batia, acordei e ele dormia tranquilo',
    'a monster was choking me in my dream',
    'sonhei que tinha uma crise de pânico no metrô',
    'tive um pesadelo horrível',
  ])('a death, an attack or a nightmare told as a dream is not distress: %s', (text) => {
    expect(explainDistress(text)).toEqual([]);
  });

  it('reads a dream report as a dream until the dreamer wakes up', () => {
    const attack = 'Estava numa casa escura. Ele me batia com um cinto.';
    expect(fires(attack, 'dream')).toBe(false);
    expect(fires(attack, 'message')).toBe(true);
    expect(fires('Estava numa festa e todo mundo me olhava, eu queria sumir.', 'dream')).toBe(false);
    expect(fires('Sonhei que voava. Acordei e pensei que queria sumir de vez.', 'dream')).toBe(true);
    expect(fires('I was at the beach. Then I woke up and now I am having a panic attack.', 'dream')).toBe(true);
  });

  it('counts waking life inside a dream report, and present wishes wherever they are', () => {
    expect(fires('acordei e pensei que queria sumir de vez', 'dream')).toBe(true);
    expect(fires('Sonho muito com isso porque meu ex me batia e ainda me persegue.', 'dream')).toBe(true);
    expect(fires('In the dream I kept saying I want to die.', 'dream')).toBe(true);
  });
});

describe('self-harm needs intent', () => {
  it.each([
    ['me cortei fazendo comida', false],
    ['me cortei de propósito', true],
    ['i cut myself shaving', false],
    ['i cut myself on purpose', true],
  ])('%s → %s', (text, expected) => {
    expect(fires(text)).toBe(expected);
  });
});

describe('how people type', () => {
  it.each([
    'não aguento mais viver',
    'nao aguento mais viver',
    'naum aguento mais viver',
    'n aguento mais viver',
    'NÃO AGUENTO MAIS VIVER!!!',
    'nãooo aguento mais viver',
  ])('accents, capitals and phone spellings: %s', (text) => {
    expect(fires(text)).toBe(true);
  });

  it.each([
    'qro morrer',
    'tô pensando em acabar com tudo',
    'to pensando em acabar com tudo',
    'sinto q ngm liga se eu sumir',
    'pensei em me cortar dnv',
    'I can’t breathe, I think I’m dying',
    'i cant breathe i think im dying',
    'im gonna kill myself',
    'i wanna kms',
  ])('short forms and contractions: %s', (text) => {
    expect(fires(text)).toBe(true);
  });
});

// 500 real English dream reports nobody here wrote (decision 057; read, never copied): a dream's own text, frightening
// or not, is no distress unless the dreamer says so. Skipped in a clone without ../shared.
const DREAMBANK = path.resolve(import.meta.dirname, '../../../../../../shared/eval/dreambank-dev.json');

describe.runIf(existsSync(DREAMBANK))('real dream reports (DreamBank)', () => {
  it('fires on at most 1 % of them (0 of 500 measured)', () => {
    const reports = JSON.parse(readFileSync(DREAMBANK, 'utf8')) as {
      collection: string;
      number: string;
      content: string;
    }[];
    const fired = reports
      .filter((report) => assessDistress(report.content, { context: 'dream' }).isDistress)
      .map((report) => `${report.collection}/${report.number}`);
    expect(reports.length).toBe(500);
    expect(fired, 'fired on').toEqual(fired.length <= reports.length * 0.01 ? fired : []);
  });
});

describe('speed', () => {
  it('reads a 2,000-character text in well under a millisecond on average', () => {
    const sentence = 'Eu estava numa casa antiga com muitos corredores e portas, e minha avó me chamava da cozinha. ';
    const text = sentence.repeat(Math.ceil(2000 / sentence.length)).slice(0, 2000);
    for (let i = 0; i < 50; i++) assessDistress(`${text}${i}`);
    const runs = 400;
    const started = performance.now();
    for (let i = 0; i < runs; i++) assessDistress(`${text}${i}`, { context: 'dream' });
    // Measured about 0.2-0.4 ms here; the bound leaves room for a loaded test machine.
    expect((performance.now() - started) / runs).toBeLessThan(1);
  });
});
