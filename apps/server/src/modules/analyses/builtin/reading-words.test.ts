// The builtin reader reads the words right (issue 31, decision 058): the text's own language, the classic images,
// false awakenings, word senses, negation in both languages, and the dream's type. Each test fails without its rule.
import type { AnalysisResult } from '@sonhario/contracts/analyses';
import { describe, expect, it } from 'vitest';
import { detectLanguage } from './analyzer-language.ts';
import { analyzeDream, explainReading, type BuiltinAnalysisInput } from './builtin-analyzer.ts';

const pt = (content: string, input: Omit<BuiltinAnalysisInput, 'content'> = {}) =>
  analyzeDream({ ...input, content }, { language: 'pt-BR' });
const en = (content: string, input: Omit<BuiltinAnalysisInput, 'content'> = {}) =>
  analyzeDream({ ...input, content }, { language: 'en' });
const symbols = (result: AnalysisResult) => result.symbols.map((s) => s.symbol);
const themes = (result: AnalysisResult) => result.themes.map((t) => t.name);
const emotions = (result: AnalysisResult) => result.emotions.map((e) => e.emotion);
/** The symbol ids read in a text, whatever the interface's language. */
const ids = (content: string) => Object.keys(explainReading({ content }).symbols);
const words = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

describe('the language of the text, not of the interface', () => {
  it.each([
    ['A huge dog chased me through a dark forest.', 'en'],
    ['Flying over snow-covered mountains at sunrise.', 'en'],
    ['Falling. Endless stairs, no railing.', 'en'],
    ['Lucid again! Pinched my nose, could breathe.', 'en'],
    ['cobra enorme no quarto, acordei tremendo', 'pt'],
    ['sonhei q tava voando', 'pt'],
    ['Caindo de um prédio altíssimo.', 'pt'],
    ['mt medo, um cachorro preto me seguindo', 'pt'],
    ['Perseguição na escola de novo.', 'pt'],
  ] as const)('reads %j as %s', (text, language) => {
    expect(detectLanguage(words(text), language === 'pt' ? 'en' : 'pt', text)).toBe(language);
  });

  it("falls back to the interface's language when the words do not tell", () => {
    expect(detectLanguage(words('Zzz. Hmm.'), 'en')).toBe('en');
    expect(detectLanguage(words('Zzz. Hmm.'), 'pt')).toBe('pt');
  });

  it('reads a short English dream with the English lexicon and writes in the interface language', () => {
    const result = pt('A huge dog chased me through a dark forest.');
    expect(symbols(result)).toEqual(expect.arrayContaining(['Cachorro', 'Perseguição']));
    expect(ids('A huge dog chased me through a dark forest.')).toContain('floresta_simbolo');
  });
});

describe('the classic images', () => {
  it('keeps the teeth when they fall out, and reads no fall', () => {
    expect(ids('I dreamt that all my teeth fell out.')).toContain('dentes');
    expect(ids('I dreamt that all my teeth fell out.')).not.toContain('queda');
    expect(ids('sonhei com dentes caindo de novo')).toContain('dentes');
    expect(ids('sonhei com dentes caindo de novo')).not.toContain('queda');
    expect(ids('meus dente tavam todos moles e caiam na minha mao')).not.toContain('queda');
    expect(ids('I slipped and fell down the stairs')).toContain('queda');
  });

  it.each([
    ['tava pelada no meio da aula', 'nudez'],
    ['I was naked at the mall', 'nudez'],
    ['era dia de prova e eu nao tinha estudado', 'prova_simbolo'],
    ['o celular nao parava de tocar', 'telefone'],
    ['my phone screen was cracked', 'telefone'],
    ['o elevador subia sem parar', 'elevador'],
    ['the elevator kept going up', 'elevador'],
    ['sonhei q tava gravida', 'gravidez'],
    ['eu segurava um bebê no colo', 'bebe'],
    ['sonhei com meu ex-namorado', 'ex'],
    ['my ex-boyfriend showed up', 'ex'],
  ])('reads %j as %s', (text, id) => {
    expect(ids(text)).toContain(id);
  });

  it('keeps the c of a "ç" verb ("dancei", "dancou")', () => {
    expect(ids('eu dancei a noite toda')).toContain('dancar');
    expect(ids('ela dancou comigo')).toContain('dancar');
  });
});

describe('false awakenings are read through', () => {
  it('reads what comes after a wake-up followed by "ainda tava sonhando"', () => {
    const text =
      'eu tava num navio no mar. ai acordei no meu quarto e fui no banheiro. percebi q ainda tava sonhando. dai voltei pro navio e tinha uma baleia gigante do lado';
    expect(ids(text)).toEqual(expect.arrayContaining(['barco', 'peixe']));
  });

  it('takes only the last wake-up as the end ("woke up for real")', () => {
    const text =
      'The dream started on a crowded train. I woke up and got ready for work, but my office was on a ship. Eventually I woke up for real and checked my phone.';
    expect(ids(text)).toEqual(expect.arrayContaining(['trem', 'barco']));
    expect(ids(text)).not.toContain('telefone');
  });

  it('reads a long dream on after an early "I wake up", and still ends the dream at a final one', () => {
    const long =
      'It starts in my old school. I wake up in a bed that is not mine, in a house by the sea, and the walls are made of glass. I walk out onto the sand and there is a white horse standing in the waves, looking at me. I climb on and we ride along the beach for a long time while the sun goes down, and I can hear music coming from a lighthouse far away.';
    expect(ids(long)).toEqual(expect.arrayContaining(['cavalo', 'onda', 'sol']));
    expect(ids('A bear was in the kitchen. Then I woke up and fed the dog.')).not.toContain('cachorro');
  });
});

describe('word senses: measures, idioms and function words are not symbols', () => {
  it.each([
    ['The raft was 15 feet wide.', 'pes'],
    ['He stood a few feet away from me.', 'pes'],
    ['Everyone present clapped.', 'presente'],
    ['We talked about the present day.', 'presente'],
    ['My dad handed out ice cream.', 'neve'],
    ['A number of kids were helping.', 'numero'],
    ['We walked down a long corridor to the classroom.', 'labirinto'],
    ['The raft was made out of old doors.', 'beijo'],
    ['Someone stood behind me in the line at the bank.', 'perseguicao'],
    ['fiz o teste de tapar o nariz e respirei', 'prova_simbolo'],
    ['no final soltaram fogos e todo mundo cantou', 'fogo'],
    ['os botoes do elevador nao funcionavam', 'barco'],
    ['a professora andava entre as carteiras', 'dinheiro'],
    ['olho o relogio e ja passou uma hora', 'olhos'],
    ['meu primo veio atras de mim pra avisar q ia comecar a valsa', 'perseguicao'],
    ['a gente fugiu da aula de educacao fisica', 'perseguicao'],
    ['fui no quarto buscar mais cadeira', 'procura'],
    ['tava num hospital esperando a enfermeira', 'doenca'],
    ['my friend had a heart attack at the party', 'ataque'],
    ['my brother had a water gun', 'arma'],
    ['a gente brincava de arma de agua', 'arma'],
  ])('%j is no %s', (text, id) => {
    expect(ids(text)).not.toContain(id);
  });

  it('still reads the images where the sense is the lexicon’s', () => {
    expect(ids('I hurt my feet on the rocks.')).toContain('pes');
    expect(ids('She gave me a present wrapped in gold paper.')).toContain('presente');
    expect(ids('The lake was frozen and the ice cracked.')).toContain('neve');
    expect(ids('My dad handed out ice cream.')).toContain('bolo');
    expect(ids('I was lost in an endless corridor.')).toContain('labirinto');
    expect(ids('ele tinha uma arma de fogo')).toContain('arma');
    expect(ids('A man was right behind me and I started running.')).toContain('perseguicao');
    expect(ids('era dia de prova e o teste era de matematica, a professora olhava')).toContain('prova_simbolo');
  });
});

describe('negation removes what it denies, and only that', () => {
  it('does not take the Portuguese "no" (in the) for a negation', () => {
    expect(ids('sonhei q tava no mar')).toContain('mar');
    expect(ids('fiquei deitada no sol')).toContain('sol');
  });

  it.each([
    ["I can't find the dog anywhere.", 'cachorro'],
    ["I couldn't see the moon.", 'lua'],
    ['There was nothing on the walls.', 'muro'],
    ['There was no one there, no cake, no music.', 'bolo'],
    ['My brother refused to go into the basement.', 'porao'],
    ['I never saw the snake.', 'cobra'],
    ['I tried to scream, but I couldn’t.', 'voz'],
    ['tentei gritar mas nao consegui', 'voz'],
    ['nao tinha cachorro nenhum', 'cachorro'],
    ['nem cheguei perto da piscina', 'piscina'],
    ['nunca vi aquela cobra', 'cobra'],
    ['ninguem trouxe bolo', 'bolo'],
  ])('%j is no %s', (text, id) => {
    expect(ids(text)).not.toContain(id);
  });

  it('keeps what the negation does not reach', () => {
    expect(ids("I couldn't stop falling.")).toContain('queda');
    expect(ids('I looked under the bed, nothing.')).toContain('cama');
    expect(ids('No one else seemed worried about the snake in the kitchen.')).toContain('cobra');
    expect(ids("My sister swam in the lake, but I didn't.")).toContain('lago');
    expect(ids('I put on a T-shirt.')).toContain('roupa');
  });
});

describe('the dream type', () => {
  it('does not make a nightmare of a chase word that is no chase', () => {
    const result = en(
      'We were at an escape room with my coworkers. My boss stood behind me the whole time. A guy in a costume comes for us and says we won a pizza. It was fun.',
    );
    expect(result.dreamType).toBe('comum');
    expect(themes(result)).not.toContain('Being chased');
  });

  it('makes a nightmare of fear with a threat, of a war, and of the word', () => {
    expect(en('A huge dog chased me through a dark forest. Terrifying.').dreamType).toBe('pesadelo');
    expect(en('There was a war in my street, bombs falling, soldiers everywhere.').dreamType).toBe('pesadelo');
    expect(pt('pesadelo: tava numa festa').dreamType).toBe('pesadelo');
  });

  it('needs a feeling or insistence for a chase to be a nightmare', () => {
    expect(en('My little brother chased me around the garden with a water gun.').dreamType).toBe('comum');
    expect(
      en(
        'Wolves chased me through a parking garage. I kept running up the ramps, running and running, and they were always waiting.',
      ).dreamType,
    ).toBe('pesadelo');
  });

  it('reads a lucid dream as lucid even with some fear, in any wording', () => {
    const cases = [
      'tava sendo perseguida por uns caras e do nada percebi q tava sonhando. fiquei com medo mas sai voando',
      'Something was banging on the door and I was terrified. Then I realized I was dreaming.',
      'I was scared of the man following me, so I pinched my nose and could still breathe.',
      'fiz o teste de tapar o nariz e respirei, ai caiu a ficha q era sonho',
      'Then I looked at my hands and had seven fingers. Woke up later, heart racing but in a good way.',
      'tive um lucido!! sai voando por cima dos predios',
      'He was driving but it was not him. Then I realize that I must be dreaming.',
      'It involved a diffuse awareness of the fact that I was dreaming.',
      'Lucid. I was at a small party in an apartment.',
    ];
    for (const text of cases) expect([text, pt(text).dreamType]).toEqual([text, 'lúcido']);
  });

  it('does not read a negated awareness as lucid, and lets the word "nightmare" win', () => {
    expect(en('I never realized I was dreaming, I just walked through the park.').dreamType).toBe('comum');
    expect(en('Flying dream, not lucid, but still great.').dreamType).toBe('comum');
    expect(en('A nightmare, even though I knew I was dreaming: the spiders kept coming.').dreamType).toBe('pesadelo');
    expect(en('I realized I was dreaming.', { isNightmare: true }).dreamType).toBe('pesadelo');
  });

  it("counts the dreamer's feelings, not other people's", () => {
    expect(emotions(en('He was scared of the dog, it scared him badly.'))).not.toContain('medo');
    expect(emotions(pt('todo mundo tinha medo dele'))).not.toContain('medo');
    expect(emotions(en('The man scared me.'))).toContain('medo');
    expect(emotions(pt('fiquei com medo dele'))).toContain('medo');
    expect(emotions(en('I told him I loved him.'))).toContain('amor');
  });

  it('reads the fear of a lucid nightmare-like dream as an emotion still', () => {
    expect(emotions(en('I was terrified, then I realized I was dreaming.'))).toContain('medo');
  });
});

describe('places as the dream tells them', () => {
  it("reads a place named in a comparison or denied as no setting, and an old house as a house, not one's childhood home", () => {
    const read = (content: string) => analyzeDream({ content }, { language: 'pt-BR' }).settings;
    expect(read('Eu estava numa casa antiga, e a água saiu pela porta como um rio calmo.')).toEqual(['Casa']);
    expect(read('Não era na escola, era numa praia deserta.')).toEqual(['Praia']);
    expect(read('Eu estava na nossa casa antiga, onde cresci, e meu pai me chamava.')).toContain('Casa da infância');
    expect(
      analyzeDream({ content: 'I was back in our old house, the one I grew up in.' }, { language: 'en' }).settings,
    ).toContain('Childhood home');
  });
});
