import { analysisResultSchema, type AnalysisResult } from '@sonhario/contracts/analyses';
import { EMOTIONS } from '@sonhario/contracts/dreams';
import { describe, expect, it } from 'vitest';
import {
  analyzeDream,
  findSymbolIds,
  type BuiltinAnalysisInput,
  type BuiltinAnalysisOptions,
} from './builtin-analyzer.ts';
import { DREAM_SYMBOLS, DREAM_THEMES, EMOTION_LEXICON } from './lexicon.ts';

const PT: BuiltinAnalysisOptions = { language: 'pt-BR' };
const EN: BuiltinAnalysisOptions = { language: 'en' };

/** Every result must be what the contract accepts; parsing here is the check the server will make. */
function analyze(input: BuiltinAnalysisInput, options: BuiltinAnalysisOptions = PT): AnalysisResult {
  const result = analyzeDream(input, options);
  expect(analysisResultSchema.parse(result)).toEqual(result);
  return result;
}

const symbols = (result: AnalysisResult) => result.symbols.map((s) => s.symbol);
/**
 * Every symbol the reader finds in a text (the matching), by name: the result's `symbols` keep only the few that
 * matter (decision 063), so the tests of what is read at all look here.
 */
const found = (content: string, options: BuiltinAnalysisOptions = PT) =>
  findSymbolIds(content).map(
    (id) => DREAM_SYMBOLS.find((symbol) => symbol.id === id)?.name[options.language === 'en' ? 'en' : 'pt'] ?? id,
  );
const themes = (result: AnalysisResult) => result.themes.map((t) => t.name);
const emotions = (result: AnalysisResult) => result.emotions.map((e) => e.emotion);

describe('builtin analyzer on pt-BR dreams', () => {
  it('does not read the contractions "pela"/"pelas" as nudity ("pelada")', () => {
    const result = analyze({ content: 'Eu olhava pela janela e depois andava pelas ruas da cidade.' });
    expect(result.themes.map((t) => t.name)).not.toContain('Nudez');
    expect(result.symbols.map((s) => s.symbol)).not.toContain('Nudez');
    expect(result.symbols.map((s) => s.symbol)).toContain('Janela');
  });

  it('reads flying over the sea as flight and water, with joy', () => {
    const result = analyze({
      content: 'Sonhei que estava voando sobre o mar, bem alto, e via as ondas lá embaixo. Me senti livre e feliz.',
    });
    expect(symbols(result)).toEqual(['Voo', 'Mar', 'Onda']);
    expect(themes(result)).toEqual(expect.arrayContaining(['Voo', 'Água']));
    expect(emotions(result)).toEqual(['alegria']);
    expect(result.settings).toContain('Mar');
    expect(result.dreamType).toBe('comum');
    expect(result.sentiment).toBeGreaterThan(0);
  });

  it('reads being chased by a dog in a school as a nightmare with fear', () => {
    const result = analyze({
      content:
        'Um cachorro enorme me perseguia pelos corredores da escola. Eu corria e não achava a saída, estava apavorada.',
    });
    expect(symbols(result)).toEqual(expect.arrayContaining(['Cachorro', 'Perseguição']));
    expect(
      found(
        'Um cachorro enorme me perseguia pelos corredores da escola. Eu corria e não achava a saída, estava apavorada.',
      ),
    ).toContain('Escola');
    expect(themes(result)).toEqual(expect.arrayContaining(['Perseguição', 'Animais', 'Escola']));
    expect(emotions(result)).toContain('medo');
    expect(result.settings).toEqual(['Escola']);
    expect(result.dreamType).toBe('pesadelo');
    expect(result.sentiment).toBeLessThan(0);
  });

  it('reads teeth falling out in front of the boss, with shame', () => {
    const result = analyze({
      content:
        'Meus dentes começaram a cair um por um enquanto eu falava com a minha chefe. Fiquei com muita vergonha.',
    });
    expect(symbols(result)).toContain('Dentes');
    expect(themes(result)[0]).toBe('Dentes');
    expect(emotions(result)).toEqual(['vergonha']);
    expect(result.characters).toEqual(['Chefe']);
  });

  it('reads being late for an exam as lateness and exams, with anxiety', () => {
    const result = analyze({
      content: 'Eu estava atrasado para a prova do vestibular, o ônibus não vinha e o relógio corria. Que ansiedade.',
    });
    expect(themes(result)).toEqual(expect.arrayContaining(['Provas', 'Atraso']));
    expect(symbols(result)).toEqual(expect.arrayContaining(['Atraso', 'Prova', 'Relógio']));
    expect(emotions(result)).toEqual(['ansiedade']);
    expect(result.settings).toContain('Ônibus ou trem');
  });

  it('reads a lucid dream from the phrases, with its signals', () => {
    const result = analyze({
      content:
        'Estava numa praia à noite e de repente percebi que estava sonhando. Consegui controlar o sonho e decidi voar até a lua. Foi uma paz enorme.',
    });
    expect(result.dreamType).toBe('lúcido');
    expect(result.luciditySignals).toEqual(['Percebeu que estava sonhando', 'Conseguiu controlar o sonho']);
    expect(symbols(result)).toEqual(['Voo', 'Lua']);
    expect(result.settings).toEqual(['Praia']);
    expect(emotions(result)).toEqual(['paz']);
  });

  it('reads falling and a funeral with fear as a nightmare, without a distress flag', () => {
    const result = analyze({
      content: 'Caí de um prédio muito alto e vi meu próprio enterro. Acordei com muito medo, chorando.',
    });
    expect(result.dreamType).toBe('pesadelo');
    expect(themes(result)).toEqual(expect.arrayContaining(['Queda', 'Morte']));
    expect(emotions(result)).toEqual(expect.arrayContaining(['medo', 'tristeza']));
    expect(result.distress).toBe(false);
  });

  it('finds a family member and the house, with love', () => {
    const result = analyze({
      content:
        'Minha avó estava na casa antiga dela, me abraçou e disse que estava tudo bem. Senti muito amor e saudade.',
    });
    expect(result.characters).toEqual(['Avó ou avô']);
    // Her old house is a house; a childhood home only when the dreamer says so ("nossa casa antiga", "onde cresci").
    expect(result.settings).toEqual(['Casa']);
    expect(symbols(result)).toEqual(expect.arrayContaining(['Casa']));
    expect(themes(result)).toContain('Casas');
    expect(emotions(result)).toEqual(expect.arrayContaining(['amor', 'tristeza']));
  });

  it('matches inflections by stem: plurals and verb forms', () => {
    const result = analyze({
      content: 'As águas dos rios subiam; os cachorros latiam e nós voávamos sobre as montanhas.',
    });
    expect(found('As águas dos rios subiam; os cachorros latiam e nós voávamos sobre as montanhas.')).toEqual(
      expect.arrayContaining(['Água', 'Rio', 'Cachorro', 'Montanha']),
    );
    expect(symbols(result).length).toBeLessThanOrEqual(3);
  });
});

describe('builtin analyzer on English dreams', () => {
  it('reads an English dream with parents, a house and a snake', () => {
    const result = analyze(
      {
        content:
          'I dreamt I was back at my old house and my mother was cooking in the kitchen. A snake came through the window and I was scared, but my dad caught it.',
      },
      EN,
    );
    // By salience: the snake acts in the scene and comes first; the window it came through is the backdrop.
    expect(symbols(result)).toEqual(['Snake', 'House', 'Kitchen']);
    expect(themes(result)).toEqual(expect.arrayContaining(['Houses', 'Animals']));
    expect(result.characters).toEqual(['Mother', 'Father']);
    expect(result.settings).toEqual(['Childhood home', 'House']);
    expect(emotions(result)).toEqual(['medo']);
    // The summary names the scene (decision 059); "not generative AI" is said once, in the web's author line.
    expect(result.summary).toMatch(/^A nightmare with your mother and your father, in a childhood home: a snake/);
  });

  it('reads an English lucid dream and writes the result in Portuguese when asked', () => {
    const result = analyze(
      { content: 'I was flying over the city when I realized I was dreaming, and I could control where I went.' },
      PT,
    );
    expect(result.dreamType).toBe('lúcido');
    expect(symbols(result)).toContain('Voo');
    expect(result.settings).toContain('Cidade');
    expect(result.luciditySignals).toEqual(['Percebeu que estava sonhando', 'Conseguiu controlar o sonho']);
  });

  it('does not read Portuguese stems into English words ("gate" is not "gato")', () => {
    const result = analyze({ content: 'I walked through the garden gate and the house was empty.' }, EN);
    expect(symbols(result)).not.toContain('Cat');
    expect(found('I walked through the garden gate and the house was empty.', EN)).toEqual(
      expect.arrayContaining(['Door', 'House']),
    );
    // A dream is read with the lexicon of its language only: the Portuguese "grade" (bars) is not a school grade.
    expect(symbols(analyze({ content: 'I was back in fifth grade and my teacher was there.' }, EN))).not.toContain(
      'Prison',
    );
  });
});

describe('dream type, sentiment and honesty', () => {
  it('takes the dream type from the fields the dreamer recorded', () => {
    const content = 'Estava num jardim com flores.';
    expect(analyze({ content, isNightmare: true }).dreamType).toBe('pesadelo');
    expect(analyze({ content, lucidity: 2 }).dreamType).toBe('lúcido');
    expect(analyze({ content, isRecurring: true }).dreamType).toBe('recorrente');
    expect(analyze({ content, vividness: 4 }).dreamType).toBe('vívido');
    expect(analyze({ content, vividness: 3 }).dreamType).toBe('comum');
    expect(analyze({ content, lucidity: 3 }).luciditySignals).toEqual(['Lucidez registrada por você: controle total']);
  });

  it('weighs the emotions the dreamer picked above the words', () => {
    const result = analyze({ content: 'Estava com medo do escuro.', emotions: ['alegria'] });
    expect(result.emotions[0]).toEqual({ emotion: 'alegria', intensity: 0.6 });
    expect(emotions(result)).toContain('medo');
  });

  it('leaves the meaning to the dreamer (and says "not generative AI" only in the web\'s author line)', () => {
    const pt = analyze({ content: 'Sonhei com o mar.' });
    expect(`${pt.summary} ${pt.interpretation}`).not.toMatch(/IA generativa/);
    expect(pt.interpretation).toContain('só você sabe o que o seu sonho significa');
    const en = analyze({ content: 'I dreamt of the sea.' }, EN);
    expect(en.interpretation).toContain('only you know what your dream means');
  });

  it("writes an interpretation that adds to the cards instead of repeating the themes' and symbols' meanings", () => {
    for (const [content, options] of [
      [
        'Eu estava numa casa antiga à beira do mar, e a água subia devagar até as janelas. Abri a porta e a água saiu como um rio calmo.',
        PT,
      ],
      ['I was running from a dog through my old school, terrified, and then I fell down the stairs.', EN],
    ] as const) {
      const result = analyze({ content }, options);
      expect(result.symbols.length).toBeGreaterThan(2);
      expect(result.themes.length).toBeGreaterThan(1);
      for (const { meaning } of result.symbols) expect(result.interpretation).not.toContain(meaning);
      for (const { description } of result.themes) expect(result.interpretation).not.toContain(description);
    }
    const pt = analyze({
      content:
        'Eu estava numa casa antiga à beira do mar, e a água subia devagar até as janelas. Abri a porta e a água saiu como um rio calmo.',
    });
    // What the cards do not say: what is in the dream (decision 059) and the image a feeling was named beside.
    expect(pt.interpretation).toContain('A cena se passa numa casa');
    expect(pt.interpretation).toContain('o sentimento de paz aparece junto de “Água”');
    const en = analyze({ content: 'I was happy at the beach, but a huge wave scared me and I woke up.' }, EN);
    expect(en.interpretation).toContain('Feelings from opposite sides share the dream (fear and joy)');
    expect(en.interpretation).not.toContain('The account opens with');
  });

  it('still gives a humble reading and two questions when nothing is recognized', () => {
    const result = analyze({ content: 'Xyzzy plugh.' });
    expect(result.symbols).toEqual([]);
    expect(result.sentiment).toBe(0);
    expect(result.reflectionQuestions.length).toBeGreaterThanOrEqual(2);
    expect(result.interpretation).toContain('Nenhum símbolo do dicionário');
  });

  it("asks between two and four reflection questions made of the dream's own elements", () => {
    const result = analyze({ content: 'Um cachorro me perseguia pela escola e eu caí da escada com medo.' });
    expect(result.reflectionQuestions.length).toBeGreaterThanOrEqual(2);
    expect(result.reflectionQuestions.length).toBeLessThanOrEqual(4);
    // The chase's own question names the pursuer (decision 059) instead of the theme's generic one.
    expect(result.reflectionQuestions[0]).toBe(
      'Se você parasse e se virasse para um cachorro, o que acha que aconteceria?',
    );
    expect(result.reflectionQuestions).not.toContain(DREAM_THEMES.find((t) => t.id === 'perseguicao')!.question.pt);
  });
});

describe('history', () => {
  it('mentions how often a symbol appeared in the last dreams', () => {
    const result = analyze(
      { content: 'Eu nadava num lago de água escura.' },
      { language: 'pt-BR', history: { symbolCounts: { agua: 4, lago: 1 }, dreamCount: 10 } },
    );
    expect(result.interpretation).toContain('“Água” apareceu em 4 dos seus últimos 10 sonhos.');
    expect(result.interpretation).not.toContain('“Lago” apareceu');
  });

  it('writes the history sentence in English', () => {
    const result = analyze(
      { content: 'I was swimming in dark water.' },
      { language: 'en', history: { symbolCounts: { agua: 3 }, dreamCount: 7 } },
    );
    expect(result.interpretation).toContain('“Water” appeared in 3 of your last 7 dreams.');
  });
});

describe('distress', () => {
  it.each([
    ['Acordei e pensei que queria morrer.', PT],
    ['Não aguento mais essa vida.', PT],
    ['Acordei com vontade de me machucar.', PT],
    ['In the dream I kept saying I want to die.', EN],
    ['I thought about how to kill myself.', EN],
  ])('flags %s', (content, options) => {
    expect(analyze({ content }, options).distress).toBe(true);
  });

  it.each([
    ['Sonhei que minha avó morreu e eu caí de um penhasco.', PT],
    ['Um monstro queria me matar? Não, ele só me perseguia.', PT],
    ['I died in the dream, falling from a cliff, and woke up scared.', EN],
  ])('does not flag death or falling alone: %s', (content, options) => {
    expect(analyze({ content }, options).distress).toBe(false);
  });
});

describe('determinism', () => {
  it('gives the same result for the same input', () => {
    const input: BuiltinAnalysisInput = {
      title: 'A casa',
      content: 'Eu voava sobre a casa da minha mãe e tinha medo de cair no rio.',
      emotions: ['medo', 'surpresa'],
      lucidity: 1,
      vividness: 5,
    };
    const options: BuiltinAnalysisOptions = {
      language: 'pt-BR',
      history: { symbolCounts: { rio: 3, casa: 2 }, dreamCount: 8 },
    };
    const first = analyzeDream(input, options);
    for (let i = 0; i < 5; i++) expect(analyzeDream(input, options)).toEqual(first);
    expect(JSON.stringify(analyzeDream(structuredClone(input), structuredClone(options)))).toBe(JSON.stringify(first));
  });
});

describe('lexicon', () => {
  it('has at least 150 symbols, each in both languages with triggers', () => {
    expect(DREAM_SYMBOLS.length).toBeGreaterThanOrEqual(150);
    const ids = new Set<string>();
    for (const symbol of DREAM_SYMBOLS) {
      expect(ids.has(symbol.id), symbol.id).toBe(false);
      ids.add(symbol.id);
      for (const lang of ['pt', 'en'] as const) {
        expect(symbol.name[lang].trim(), symbol.id).not.toBe('');
        expect(symbol.meaning[lang].trim(), symbol.id).not.toBe('');
        expect(symbol.triggers[lang].length, `${symbol.id} ${lang}`).toBeGreaterThan(0);
      }
    }
  });

  it('has the required themes and every emotion of the fixed set', () => {
    const required = [
      'queda',
      'voo',
      'perseguicao',
      'dentes',
      'agua',
      'morte',
      'provas',
      'atraso',
      'nudez',
      'casas',
      'animais',
    ];
    expect(DREAM_THEMES.map((t) => t.id)).toEqual(
      expect.arrayContaining([...required, 'perdido', 'preso', 'ex', 'escola', 'viagem']),
    );
    expect(EMOTION_LEXICON.map((e) => e.id)).toEqual([...EMOTIONS]);
    for (const theme of DREAM_THEMES)
      expect(theme.triggers.pt.length * theme.triggers.en.length, theme.id).toBeGreaterThan(0);
  });
});

describe('builtin analyzer: word senses, negation, salience (issue 12)', () => {
  it.each([
    ['Não tinha ninguém no quarto, só eu e a luz do abajur.', PT, 'Corda'],
    ['I said no and walked out of the room.', EN, 'Rope'],
    ['Do nada apareceu minha tia e não aconteceu nada demais.', PT, 'Nadar'],
    ['Fiquei olhando pela janela enquanto ele falava.', PT, 'Olhos'],
    ['O lugar mudou de repente e eu mudei de roupa.', PT, 'Voz'],
    ['Na escola eu matava aula com meus amigos.', PT, 'Floresta'],
    ['Eu tinha um desejo enorme de comer pizza.', PT, 'Sexo'],
    ['I was a bit lost in the office, my boss wanted to watch the show.', EN, 'Attack'],
    ['I was a bit lost in the office, my boss wanted to watch the show.', EN, 'Police'],
    ['I was a bit lost in the office, my boss wanted to watch the show.', EN, 'Clock'],
    ['I was a bit lost in the office, my boss wanted to watch the show.', EN, 'Stage'],
    ['She called me and I painted the wall orange, then we had to lift the sofa.', EN, 'Phone'],
    ['She called me and I painted the wall orange, then we had to lift the sofa.', EN, 'Fruit'],
    ['She called me and I painted the wall orange, then we had to lift the sofa.', EN, 'Elevator'],
  ])('does not read a word in another sense as a symbol: %s (not %s)', (content, options, symbol) => {
    expect(symbols(analyze({ content }, options))).not.toContain(symbol);
  });

  it('reads killing, stabbing and shooting, irregular forms and colloquial spelling', () => {
    expect(symbols(analyze({ content: 'Um cara esfaqueou meu irmão e depois deu tiros na rua.' }))).toEqual(
      expect.arrayContaining(['Ataque', 'Arma']),
    );
    expect(symbols(analyze({ content: 'The policemen had knives and they stabbed him.' }, EN))).toEqual(
      expect.arrayContaining(['Police', 'Knife', 'Attack']),
    );
    expect(symbols(analyze({ content: 'tava fugindo de um cachoro enorme na rua da minha vo' }))).toContain('Cachorro');
    expect(analyze({ content: 'tava na casa da minha vo' }).characters).toContain('Avó ou avô');
    expect(symbols(analyze({ content: 'A gente transou no quarto dele.' }))).toContain('Sexo');
  });

  it('does not count a negated emotion ("não tive medo", "I wasn\'t scared") but keeps an intensified one', () => {
    expect(emotions(analyze({ content: 'Entrei na caverna escura e não tive medo nenhum.' }))).not.toContain('medo');
    expect(emotions(analyze({ content: "I went into the cave and I wasn't scared at all." }, EN))).not.toContain(
      'medo',
    );
    expect(emotions(analyze({ content: 'Nunca senti tanta paz quanto naquela praia.' }))).toContain('paz');
    expect(emotions(analyze({ content: 'I had no fear, but later I was terrified.' }, EN))).toEqual(['medo']);
  });

  it('takes the dream type from the words "pesadelo" and "nightmare", unless negated', () => {
    expect(analyze({ content: 'Que pesadelo, sonhei que perdia o emprego.' }).dreamType).toBe('pesadelo');
    expect(analyze({ content: 'Last night I had the worst nightmare about my old school.' }, EN).dreamType).toBe(
      'pesadelo',
    );
    expect(analyze({ content: 'Não foi um pesadelo, foi só estranho.' }).dreamType).not.toBe('pesadelo');
  });

  it('puts the central event first in the symbols and the summary', () => {
    const result = analyze({
      content:
        'Eu tava em casa, perto da janela da cozinha, quando um homem começou a me perseguir. Corri pela rua com muito medo e ele continuou me perseguindo.',
    });
    expect(symbols(result)[0]).toBe('Perseguição');
    expect(result.summary).toMatch(/^Num pesadelo, um homem persegue você\./);
  });

  it('counts a symbol in an earlier dream only where a trigger really hit (the history sentence)', () => {
    expect(findSymbolIds('Não tinha ninguém no quarto, só eu no escuro.')).not.toContain('corda');
    expect(findSymbolIds('Amarrei o barco com uma corda grossa.')).toContain('corda');
    expect(findSymbolIds("There was no dog, I didn't see any dog at all.")).not.toContain('cachorro');
    expect(findSymbolIds('My teeth fell out at my desk.')).not.toContain('queda');
    const history = { symbolCounts: { corda: 0, casa: 5 }, dreamCount: 9 };
    const result = analyze({ content: 'Eu tava em casa e não tinha ninguém no quarto.' }, { ...PT, history });
    expect(result.interpretation).toContain('“Casa” apareceu em 5 dos seus últimos 9 sonhos.');
    expect(result.interpretation).not.toContain('Corda');
  });
});

describe("builtin analyzer: only the dream's own images (issue 12)", () => {
  it.each([
    ['Tinha uma aranha do tamanho de uma mão no teto.', PT, 'Mãos'],
    ['A toalha ficou manchada, cor de sangue, e todo mundo ria.', PT, 'Sangue'],
    ['It was the size of a cat and it was sitting on the fridge.', EN, 'Cat'],
    ['Everything looked tiny, like a model train set.', EN, 'Train'],
  ])('reads no symbol in a figure of speech: %s (not %s)', (content, options, symbol) => {
    expect(symbols(analyze({ content }, options))).not.toContain(symbol);
  });

  it('reads no symbol in what the dreamer did after waking, until the report returns to the dream', () => {
    const content =
      'Sonhei que eu tava num barco no meio do mar. Acordei e fui correndo no banheiro. No sonho tinha uma cobra no barco.';
    expect(found(content)).toEqual(expect.arrayContaining(['Barco', 'Mar', 'Cobra']));
    expect(found(content)).not.toContain('Banheiro');
    // The wake-up is the dream's last moment when it says so.
    expect(found('A onda vinha enorme e eu acordo na hora que ela cobre o sol.')).toContain('Sol');
  });

  it('reads no event that was only wanted, feared or almost done, and no name', () => {
    expect(symbols(analyze({ content: 'Fiquei com vontade de chorar, mas segurei.' }))).not.toContain('Choro');
    expect(symbols(analyze({ content: 'The whole time I was waiting to fall.' }, EN))).not.toContain('Fall');
    expect(symbols(analyze({ content: 'The house on Linden Road had a basement.' }, EN))).not.toContain('Road');
  });

  it('reads an ambiguous word in the sense its context gives', () => {
    expect(symbols(analyze({ content: 'No mercado o caixa tava fechado.' }))).not.toContain('Caixa');
    expect(symbols(analyze({ content: 'Abri a caixa e tinha uma carta dentro.' }))).toContain('Caixa');
    expect(symbols(analyze({ content: 'Eu tava com um vestido rosa choque.' }))).not.toContain('Flor');
    expect(symbols(analyze({ content: 'Ele me deu uma rosa vermelha.' }))).toContain('Flor');
    expect(symbols(analyze({ content: 'Minha mãe foi buscar o resultado do exame de sangue.' }))).not.toContain(
      'Prova',
    );
    // A meeting room is no room of a house: the theme Casas needs a house.
    expect(themes(analyze({ content: 'Meu chefe me chamou na sala de reunião.' }))).not.toContain('Casas');
    expect(themes(analyze({ content: 'Na casa da minha vó, a sala era enorme.' }))).toContain('Casas');
  });

  it('reads no image in what was asked, talked or thought about, or expected (to the end of the clause)', () => {
    const dog = 'Then her mom called, asking if we had fed the dog.';
    expect(symbols(analyze({ content: dog }, EN))).not.toContain('Dog');
    expect(symbols(analyze({ content: 'A minha tia ficou perguntando se ela era da igreja.' }))).not.toContain(
      'Igreja',
    );
    const fears = 'Fiquei esperando alguém cair da escada ou pegar fogo na cortina, mas nada.';
    expect(symbols(analyze({ content: fears }))).not.toContain('Escada');
    expect(symbols(analyze({ content: fears }))).not.toContain('Fogo');
    expect(symbols(analyze({ content: 'Eu só pensava em fugir pela saída de emergência.' }))).not.toContain(
      'Perseguição',
    );
    // The scene itself, after the clause, is read.
    expect(symbols(analyze({ content: 'She asked if I was okay, and the dog ran in.' }, EN))).toContain('Dog');
  });

  it('reads no image in real life told in the dream: a year, the present perfect, what is still to come', () => {
    expect(symbols(analyze({ content: 'He told me he had a car in 1979 that caught fire twice.' }, EN))).not.toContain(
      'Fire',
    );
    expect(symbols(analyze({ content: "I'm a nurse now, I haven't been a student in 8 years." }, EN))).not.toContain(
      'Hospital',
    );
    expect(symbols(analyze({ content: 'The wedding is in June and I have no shoes yet.' }, EN))).not.toContain(
      'Wedding',
    );
    expect(
      symbols(analyze({ content: 'She was my first cat and I cried for a week when she died.' }, EN)),
    ).not.toContain('Crying');
  });

  it('reads a word used in another sense as that sense', () => {
    expect(themes(analyze({ content: 'Meu ex gerente dizia que eu tava lenta.' }))).not.toContain('Ex-parceiro');
    expect(themes(analyze({ content: 'Meu ex apareceu na festa.' }))).toContain('Ex-parceiro');
    expect(symbols(analyze({ content: 'Minha irmã disse que eu tava viajando, fiquei quieta.' }))).not.toContain(
      'Viagem',
    );
    expect(symbols(analyze({ content: 'Eu tava viajando pra Bahia de ônibus.' }))).toContain('Viagem');
    expect(symbols(analyze({ content: 'A gente caiu num corredor comprido.' }))).not.toContain('Queda');
    expect(symbols(analyze({ content: 'Escolhi um presente pro aniversário da mãe dele.' }))).not.toContain('Festa');
    expect(symbols(analyze({ content: 'Um carinha do meu trabalho me beijou na praia.' }))).not.toContain('Trabalho');
    expect(symbols(analyze({ content: 'We looked for a dress for my cousin’s wedding.' }, EN))).not.toContain(
      'Wedding',
    );
    expect(symbols(analyze({ content: 'I was running for mayor and lost track of my party.' }, EN))).not.toContain(
      'Party',
    );
    expect(symbols(analyze({ content: 'I had lost my car keys again.' }, EN))).not.toContain('Car');
    expect(symbols(analyze({ content: 'I saw her fall behind the counter.' }, EN))).not.toContain('Fall');
    expect(symbols(analyze({ content: 'I beat up the guy who bullied me in middle school.' }, EN))).not.toContain(
      'School',
    );
  });

  it('makes a nightmare of fear said twice or intensified, and of fear with darkness', () => {
    expect(analyze({ content: 'Eu tava no hospital e me deu um medo que eu não sei explicar.' }).dreamType).toBe(
      'pesadelo',
    );
    expect(analyze({ content: 'A estrada tava sem iluminação nenhuma e eu fiquei com medo.' }).dreamType).toBe(
      'pesadelo',
    );
  });
});

describe('builtin analyzer: what makes a nightmare, on real reports (issue 31, DreamBank tune set)', () => {
  const typeOf = (content: string, options: BuiltinAnalysisOptions = EN) => analyze({ content }, options).dreamType;

  it("reads a feeling glued to a questionnaire's number ('Very frightened3.') as the dreamer's", () => {
    expect(typeOf('My two cousins were trying to kill me. Answers 1. Very frightened2. Unpleasant3. No')).toBe(
      'pesadelo',
    );
  });

  it("does not take someone else's fear for the dreamer's ('much to the boy's horror')", () => {
    const result = analyze(
      { content: 'The rope slipped and the bottle hit the window, much to the boy’s horror. The glass broke.' },
      EN,
    );
    expect(result.emotions.map((e) => e.emotion)).not.toContain('medo');
    expect(result.dreamType).toBe('comum');
  });

  it('takes a fear the dreamer says was small as their measure of it ("a little afraid", "um pouco de medo")', () => {
    const small = 'Some men in a car followed me home from the bus stop. I was a little afraid, so I walked faster.';
    expect(typeOf(small)).toBe('comum');
    expect(typeOf(small.replace('a little afraid', 'very afraid'))).toBe('pesadelo');
    expect(
      typeOf('Uns caras num carro me seguiram até em casa. Fiquei com um pouco de medo e andei mais rápido.', PT),
    ).toBe('comum');
  });

  it('reads "nightmare" said of one moment as a figure of speech, and said of the dream as the type', () => {
    expect(
      typeOf('The office was crowded. Walking to the elevator was a nightmare. Then we had lunch by the sea.'),
    ).toBe('comum');
    expect(typeOf('I was at the office with my sister. It was a nightmare.')).toBe('pesadelo');
    expect(typeOf('I had a nightmare about my old office.')).toBe('pesadelo');
  });

  it('trusts the dreamer who says it was not a scary dream', () => {
    const said = 'Aliens came to the camp and killed many people. I was scared.';
    expect(typeOf(said)).toBe('pesadelo');
    expect(typeOf(`${said} But it did not seem to be a scary dream.`)).toBe('comum');
  });

  it('makes no nightmare of violence the dreamer deals or watches with no fear, but does of violence aimed at them', () => {
    expect(
      typeOf(
        'Our team was hunting a murderer. He had killed a child and murdered two more. We caught the killer and took him away. Later I talked with the killer in a small room in a school gym.',
      ),
    ).toBe('comum');
    expect(
      typeOf(
        'Two men with knives were trying to kill me in the parking lot. I ran and hid behind a car while they stabbed the tyres.',
      ),
    ).toBe('pesadelo');
  });

  it('lets a stronger joy after the fear outweigh it ("at first I am scared but then it is thrilling")', () => {
    const flight = 'The plane flew upside down over the city. At first I am really scared, so scared.';
    expect(typeOf(flight)).toBe('pesadelo');
    expect(typeOf(`${flight} But then it is thrilling and exciting, so much fun.`)).toBe('comum');
  });
});

describe('a child among the characters only when the dream says so', () => {
  it.each([
    ['We went camping with all my friends and a cute boy from my class came along.', EN, 'a child'],
    ['I met a girl I know from work at the station and we talked about the trip.', EN, 'a child'],
    ['Saí com as meninas pra uma festa e um garoto da minha sala tava lá.', PT, 'uma criança'],
  ] as const)('does not read a peer in %j as a child', (content, options, child) => {
    expect(analyze({ content }, options).interpretation).not.toContain(child);
  });

  it.each([
    ['A little girl was standing alone in the middle of the road, holding a balloon.', EN, 'a child'],
    ['Um menino pequeno chorava sozinho na praça e eu tentava achar a mãe dele.', PT, 'uma criança'],
  ] as const)('reads the child in %j', (content, options, child) => {
    expect(analyze({ content }, options).interpretation).toContain(child);
  });
});

describe('word senses in the settings and the people', () => {
  it('reads a building as the city only when it is one: not tension building, nor a school building', () => {
    const tension = analyze(
      { content: 'We sat close on the ski lift and the tension was building the whole way down.' },
      EN,
    );
    expect(tension.interpretation).not.toContain('in a city');
    const school = analyze(
      { content: 'I was lost inside the school building looking for my class and I was late.' },
      EN,
    );
    expect(school.interpretation).not.toContain('in a city');
    const city = analyze({ content: 'I climbed to the top of a tall building and saw the whole city on fire.' }, EN);
    expect(city.interpretation).toContain('in a city');
  });

  it("reads an ex-classmate as no ex, and a five o'clock shadow as no shadow", () => {
    const party = analyze(
      { content: 'We were at the house of an ex-classmate of mine, sitting on the floor in the dark.' },
      EN,
    );
    expect(party.interpretation).not.toContain('an ex');
    const ex = analyze({ content: 'My ex showed up at my door crying and asking to come back.' }, EN);
    expect(ex.interpretation).toContain('an ex');
    const stubble = "He hugged me and his five o'clock shadow scratched my cheek as we rode down the hill.";
    expect(symbols(analyze({ content: stubble }, EN))).not.toContain('Shadow');
  });
});

describe('a search in the summary', () => {
  it.each([
    ['Procurei minha bolsa pela casa toda e não achava em lugar nenhum.', PT, 'não encontra'],
    ['I looked everywhere for my keys and could not find them anywhere.', EN, 'cannot find'],
  ] as const)('says the search failed when %j says so', (content, options, failed) => {
    expect(analyze({ content }, options).summary).toContain(failed);
  });

  it.each([
    ['Eu procurava minha mãe desesperada pela casa toda e ela tava na cozinha rindo.', PT, 'não encontra'],
    [
      'Tava num shopping procurando meu filho, ele sumiu do nada. Depois achei ele tomando sorvete.',
      PT,
      'não encontra',
    ],
    ['I looked all around the basement for her, and then she was standing on the stairs.', EN, 'cannot find'],
  ] as const)('does not say a search failed when %j does not', (content, options, failed) => {
    const { summary } = analyze({ content }, options);
    expect(summary).toMatch(/procura|look for/);
    expect(summary).not.toContain(failed);
  });
});

describe('what a search is for', () => {
  it('names the thing lost, not a place found on the way', () => {
    const { summary } = analyze(
      { content: 'On the trip we found a McDonalds and then I lost my luggage and the tickets we needed.' },
      EN,
    );
    expect(summary).toContain('your luggage');
    expect(summary.toLowerCase()).not.toContain('mcdonalds');
  });

  it('names what a denied finding was about ("não achava a chave")', () => {
    expect(
      analyze({ content: 'Procurava pela casa toda e não achava a chave do carro de jeito nenhum.' }).summary,
    ).toContain('chave');
  });
});

describe("someone else's child", () => {
  it.each([
    [
      "The landlady's daughter came out and hugged me in the hallway of the old apartment.",
      EN,
      /son or daughter|your daughter/,
    ],
    ['A filha da vizinha veio me abraçar no corredor do prédio antigo.', PT, /filho ou filha|sua filha/],
  ] as const)("is not read as the dreamer's child in %j", (content, options, child) => {
    expect(analyze({ content }, options).interpretation).not.toMatch(child);
  });

  it.each([
    ['My daughter was crying in the kitchen and I could not reach her.', EN, 'your daughter'],
    ['Minha filha chorava na cozinha e eu não conseguia chegar até ela.', PT, 'sua filha'],
  ] as const)("is the dreamer's own in %j", (content, options, child) => {
    expect(analyze({ content }, options).interpretation).toContain(child);
  });
});

describe('an intruder at night and a body that will not answer', () => {
  it.each([
    [
      'um homem encapuzado entrava na minha casa de madrugada e eu tentava gritar mas a voz nao saia, tentava correr e as pernas nao mexiam',
      PT,
      ['Intruso', 'Paralisia'],
    ],
    [
      'A hooded man was coming up the stairs of my house at night and I tried to run but my legs would not move.',
      EN,
      ['Intruder', 'Paralysis'],
    ],
  ] as const)('reads %j as a nightmare, with its intruder and its paralysis', (content, options, names) => {
    const result = analyze({ content }, options);
    expect(result.dreamType).toBe('pesadelo');
    expect(symbols(result)).toEqual(expect.arrayContaining([...names]));
  });
});
