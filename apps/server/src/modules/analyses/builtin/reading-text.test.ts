import { describe, expect, it } from 'vitest';
import { analyzeDream, type BuiltinAnalysisInput } from './builtin-analyzer.ts';
import { CLASSIC_NOTES } from './classic-dreams.data.ts';

// The reading's prose (decision 059), on dreams written for these tests.
const PT = { language: 'pt-BR' } as const;
const EN = { language: 'en' } as const;
const read = (content: string, options: { language: 'pt-BR' | 'en' } = PT, extra: Partial<BuiltinAnalysisInput> = {}) =>
  analyzeDream({ content, ...extra }, options);

const GRIEF_PT =
  'Sonhei com meu vô que já morreu. Ele veio na minha casa, me abraçou e disse que estava tudo bem. Acordei triste mas em paz.';
const GRIEF_EN =
  'My late grandmother came to visit me. She hugged me and told me that everything was going to be okay. I woke up crying but calm.';
const WORK_PT =
  'Sonhei que tava no trabalho e a planilha não tava pronta, o notebook não ligava, todo mundo ficava me olhando e eu tinha esquecido o crachá.';
const WORK_EN =
  'I was at work, the spreadsheet was not finished, my laptop would not start, everyone was staring at me and I forgot my badge.';

describe('a visit from someone who has died', () => {
  it('names the visit and what was said in the summary, and quotes the phrase in a question', () => {
    const pt = read(GRIEF_PT);
    expect(pt.summary).toBe(
      'Seu avô, que já morreu, vem visitar você e diz que está tudo bem. Há saudade e, junto dela, paz.',
    );
    expect(pt.reflectionQuestions[0]).toBe('O que a frase do seu avô — “está tudo bem” — diz a você hoje?');
    const en = read(GRIEF_EN, EN);
    expect(en.summary).toMatch(
      /^Your grandmother, who has died, comes to visit you and says that everything is going to be okay\./,
    );
    expect(en.reflectionQuestions[0]).toBe(
      'What do your grandmother’s words — “everything is going to be okay” — say to you today?',
    );
  });

  it('never reads it as an ending, in the text, the cards or the questions', () => {
    for (const [content, options] of [
      [GRIEF_PT, PT],
      [GRIEF_EN, EN],
    ] as const) {
      const result = read(content, options);
      const all = [
        result.summary,
        result.interpretation,
        ...result.reflectionQuestions,
        ...result.themes.map((theme) => theme.description),
        ...result.symbols.map((symbol) => symbol.meaning),
      ].join(' ');
      expect(all).not.toMatch(/fim de ciclo|terminando|end of (a|one) cycle|might be ending/iu);
      // Sadness beside peace is grief and comfort, not "something that draws you in and unsettles you".
      expect(all).not.toMatch(/atrai e inquieta|draws you in and unsettles/iu);
      // "My late grandmother" is not lateness: no question about deadlines.
      expect(result.reflectionQuestions.join(' ')).not.toMatch(/prazo|deadline/iu);
    }
    expect(read(GRIEF_PT).interpretation).toContain('Tristeza e paz lado a lado são comuns em sonhos de luto');
    expect(read(GRIEF_EN, EN).interpretation).toContain('Sadness and peace side by side are common in grief dreams');
  });

  it('starts the interpretation with what is in the dream: the person, the place, the hug, the feelings', () => {
    const [content] = read(GRIEF_PT).interpretation.split('\n\n');
    expect(content).toBe(
      'No sonho aparece seu avô, que já morreu. A cena se passa numa casa. Há gestos de amizade ou afeto: um abraço. Sentimentos: paz e tristeza.',
    );
  });
});

describe('what the one who came asked of the dreamer', () => {
  it('says an instruction as one ("tells you to stop worrying"), not as "says that to stop worrying"', () => {
    const en = read(
      'My mom passed away two years ago. Last night she was in her garden, smiling, and she told me to stop worrying. I hugged her.',
      EN,
    );
    expect(en.summary).toContain('tells you to stop worrying');
    expect(en.summary).not.toMatch(/says that to/);
    expect(en.reflectionQuestions[0]).toBe(
      'Your mother told you in the dream to stop worrying: what do those words say to you today?',
    );
    const pt = read(
      'sonhei com minha mae que ja faleceu, ela me abraçou e me disse pra parar de me preocupar com tudo',
    );
    expect(pt.summary).toContain('pede para você parar de se preocupar com tudo');
  });

  it('names the one who has died last among the people, so that "que já morreu" closes the list', () => {
    const pt = read('sonhei com meu avô que faleceu ano passado. ele tava na cozinha com a minha avó e me abraçou');
    expect(pt.interpretation).toMatch(/^No sonho aparecem sua avó e seu avô, que já morreu\./);
  });

  it('does not say that no symbol repeated over fewer than five earlier dreams', () => {
    const few = analyzeDream(
      { content: 'Eu voava sobre o mar.' },
      { ...PT, history: { symbolCounts: {}, dreamCount: 1 } },
    );
    expect(few.interpretation).not.toContain('últimos 1 sonhos');
    const many = analyzeDream(
      { content: 'Eu voava sobre o mar.' },
      { ...PT, history: { symbolCounts: {}, dreamCount: 8 } },
    );
    expect(many.interpretation).toContain('nos seus últimos 8 sonhos registrados');
  });
});

describe('a work-stress dream', () => {
  it("asks questions made of the dream's own things, not the generic pair", () => {
    for (const [content, options, things] of [
      [WORK_PT, PT, ['notebook', 'planilha', 'crachá']],
      [WORK_EN, EN, ['laptop', 'spreadsheet', 'badge']],
    ] as const) {
      const questions = read(content, options).reflectionQuestions;
      expect(questions.length).toBeGreaterThanOrEqual(3);
      expect(questions.length).toBeLessThanOrEqual(4);
      for (const thing of things) expect(questions.join(' ')).toContain(thing);
      expect(questions.join(' ')).not.toMatch(/título|title|ficou com você ao acordar|stayed with you/iu);
    }
    expect(read(WORK_PT).reflectionQuestions).toContain(
      'No sonho você tinha esquecido o crachá: o que você sente que tem deixado para trás ultimamente?',
    );
  });

  it('names the failing device and the staring in the summary', () => {
    expect(read(WORK_PT).summary).toMatch(/^O notebook não funciona quando você precisa e todos olham para você\./);
    expect(read(WORK_EN, EN).summary).toMatch(/^Your laptop does not work when you need it/);
  });
});

describe('prose that varies with the dream', () => {
  const dreams: [string, typeof PT | typeof EN][] = [
    [GRIEF_PT, PT],
    [WORK_PT, PT],
    ['Sonhei que meus dentes caíam na frente de todo mundo e eu morria de vergonha.', PT],
    ['A huge dog chased me through a dark forest.', EN],
    ['Eu tava numa praia linda com minha mãe, o mar tava calmo e a gente ria muito.', PT],
    ['Eu tava voando por cima da cidade, super leve.', PT],
    ['I dreamt that all my teeth fell out.', EN],
  ];

  it('starts no two summaries with the same four words', () => {
    const openings = dreams.map(([content, options]) =>
      read(content, options).summary.split(' ').slice(0, 4).join(' '),
    );
    expect(new Set(openings).size).toBe(openings.length);
  });

  it('says "not generative AI" nowhere in the summary or the interpretation (the author line says it once)', () => {
    for (const [content, options] of dreams) {
      const { summary, interpretation } = read(content, options);
      expect(`${summary} ${interpretation}`).not.toMatch(/IA generativa|generative AI|sem IA|no AI/iu);
    }
  });

  it('opens no interpretation with a fixed sentence, and none with the old "starts with X and ends with Y"', () => {
    const firsts = dreams.map(([content, options]) => read(content, options).interpretation.split('\n\n')[0]);
    expect(new Set(firsts).size).toBe(firsts.length);
    for (const first of firsts) expect(first).not.toMatch(/^(O relato começa|The account opens|Esta é uma leitura)/u);
  });

  it("names the central event: the teeth falling in front of others, the chase's pursuer", () => {
    expect(read('I dreamt that all my teeth fell out in front of my coworkers.', EN).summary).toMatch(
      /^Your teeth fall out in front of other people\./,
    );
    expect(read('A huge dog chased me through a dark forest.', EN).summary).toMatch(
      /a huge dog chases you in a forest\./,
    );
    expect(read('Eu tava voando por cima da cidade, super leve.').summary).toMatch(/^Você voa sobre uma cidade\./);
  });

  it("names what the dream gives: the one sought, where one is trapped, the dreamer's own pregnancy", () => {
    expect(
      read('Me perdi num shopping enorme e não achava a saída, procurava minha filha desesperada').summary,
    ).toMatch(/^Você procura sua filha numa loja e não encontra\./);
    expect(read('I was trapped in an elevator and could not breathe, I was so scared.', EN).summary).toMatch(
      /you are trapped in an elevator\./i,
    );
    expect(read('sonhei q tava gravida de novo, a barriga enorme').summary).toMatch(/^Você está grávida\./);
    expect(read('Minha irmã tava grávida e eu cuidava dela.').summary).not.toMatch(/Você está grávida/);
  });

  it("adds the classic dream's note after what is in the dream", () => {
    const paragraphs = read('I dreamt that all my teeth fell out in front of my coworkers.', EN).interpretation.split(
      '\n\n',
    );
    expect(paragraphs[0]).toMatch(/^Present in the dream: coworkers\./);
    expect(paragraphs.findIndex((p) => p.startsWith('Dreaming that your teeth fall out'))).toBe(1);
  });
});

describe('the content, in the Hall–Van de Castle categories', () => {
  it('names aggression, intimacy, success, misfortune and good fortune only when they are there', () => {
    const [content] = read(
      'Um homem me bateu na rua, depois eu beijei minha namorada, passei na prova e achei dinheiro no chão, mas sofri um acidente.',
    ).interpretation.split('\n\n');
    expect(content).toContain('Há agressão: golpes.');
    expect(content).toContain('Há um momento de intimidade: um beijo.');
    expect(content).toContain('Algo dá certo: uma prova vencida.');
    expect(content).toContain('Há um infortúnio: um acidente.');
    expect(content).toContain('Há um golpe de sorte: um achado valioso.');
    const [calm] = read('Eu tava numa praia linda com minha mãe, o mar tava calmo.').interpretation.split('\n\n');
    expect(calm).not.toMatch(/agressão|intimidade|infortúnio|sorte|dá certo|dá errado/u);
  });

  it('reads negation: a hug that did not happen is not one', () => {
    expect(read('Sonhei com meu ex. Ele não me abraçou.').interpretation).not.toContain('abraço');
    expect(read('Sonhei com meu ex. Ele me abraçou.').interpretation).toContain(
      'Há gestos de amizade ou afeto: um abraço.',
    );
  });

  it("says the dreamer's reported words back to them, not in the speaker's mouth", () => {
    expect(read('Minha mãe apareceu na cozinha e disse que me amava.').reflectionQuestions[0]).toBe(
      'Sua mãe disse no sonho que amava você: o que essas palavras dizem a você hoje?',
    );
  });
});

describe('words that are not what they seem', () => {
  it('reads "my late grandmother" as someone who has died, not as being late', () => {
    const late = read('My late grandmother was sitting in her garden and waved at me.', EN);
    expect(late.themes.map((theme) => theme.name)).not.toContain('Being late');
    expect(late.symbols.map((symbol) => symbol.symbol)).not.toContain('Lateness');
    const lateFather = read('Sonhei com o meu pai. My late father was in the kitchen.', PT);
    expect(lateFather.themes.map((theme) => theme.name)).not.toContain('Atraso');
    // Being late is still being late.
    expect(read('I was late for class and the teacher was waiting.', EN).themes.map((theme) => theme.name)).toContain(
      'Being late',
    );
  });

  it('reads a hug as a hug (a friendly gesture), not as the symbol Kiss', () => {
    const hug = read('Minha irmã me abraçou forte na porta de casa.');
    expect(hug.symbols.map((symbol) => symbol.symbol)).not.toContain('Beijo');
    expect(hug.interpretation).toContain('Há gestos de amizade ou afeto: um abraço.');
    expect(read('My best friend hugged me at the station.', EN).symbols.map((s) => s.symbol)).not.toContain('Kiss');
    expect(read('Ele me beijou na praia.').symbols.map((symbol) => symbol.symbol)).toContain('Beijo');
  });
});

describe('a dream that shows distress (the safety layer, decision 056)', () => {
  it('reads no symbol or classic dream in the sentence where the distress is', () => {
    const falling = 'Toda noite sonho que tô caindo de um prédio e não aguento mais, queria morrer.';
    const pt = read(falling);
    expect(pt.distress).toBe(true);
    expect(pt.interpretation).not.toContain(CLASSIC_NOTES.falling.pt);
    expect(pt.symbols.map((symbol) => symbol.symbol)).not.toContain('Queda');
    expect(pt.themes.map((theme) => theme.name)).not.toContain('Morte');
    // Nor "nothing was recognised, perhaps it is something personal" after the safe paragraph.
    expect(pt.interpretation).not.toMatch(/Nenhum símbolo do dicionário/u);
    const en = read('I keep dreaming that I am falling from a bridge and honestly I want to end it all.', EN);
    expect(en.distress).toBe(true);
    expect(en.interpretation).not.toContain(CLASSIC_NOTES.falling.en);
    expect(en.symbols.map((symbol) => symbol.symbol)).not.toContain('Falling');
    // The same dream without the distress gets its note.
    expect(read('Toda noite sonho que tô caindo de um prédio e acordo assustada.').interpretation).toContain(
      CLASSIC_NOTES.falling.pt,
    );
  });

  it('still reads the dream told in the other sentences', () => {
    const result = read(
      'Sonhei que meus dentes caíam no meio da rua. Acordei e fiquei pensando que não aguento mais, quero morrer.',
    );
    expect(result.distress).toBe(true);
    expect(result.interpretation).toContain(CLASSIC_NOTES.teeth.pt);
    expect(result.symbols.map((symbol) => symbol.symbol)).toContain('Dentes');
    expect(result.symbols.map((symbol) => symbol.symbol)).not.toContain('Morte');
  });
});

describe('a reading that reads as sentences (issue 31, seen in the readings)', () => {
  it('names the images with the articles the dream gives them, and not the vehicle the place names already', () => {
    const stage = read('I was on a stage and had to sing. Then there was an exam and a fight.', EN);
    expect(stage.summary).toMatch(/an exam/);
    expect(stage.summary).toMatch(/a fight/);
    expect(stage.summary).not.toMatch(/with (exam|fight|stage)\b/);
    const pt = read('Tinha uma prova e uma briga num palco enorme.');
    expect(pt.summary).toMatch(/uma prova|uma briga|um palco/);
    const train = read('I was waiting for the train and the clock said five. The train never came.', EN);
    expect(train.summary).toMatch(/^A dream on a train/);
    expect(train.summary).not.toMatch(/with the train/);
    expect(train.interpretation).not.toMatch(/Objects: train/);
  });

  it('opens a dream of images only with what is in it, not with the closing line alone', () => {
    const result = read('There was an exam and a fight.', EN);
    expect(result.interpretation.split('\n\n')[0]).toBe('In the dream: an exam and a fight.');
  });

  it('reads drowning as the water scene, with no sleep-paralysis note', () => {
    const result = read('Sonhei que estava me afogando no mar, a água entrava na boca e eu não conseguia respirar.');
    expect(result.summary).toMatch(/você está se afogando/i);
    expect(result.interpretation).not.toMatch(/paralisia do sono/);
    expect(result.interpretation).toContain(CLASSIC_NOTES.water_rising.pt);
    expect(result.reflectionQuestions[0]).toMatch(/sem ar/);
  });

  it('asks about an image once, in the words of the dream, with the verb agreeing', () => {
    const result = read(
      'A monster was chasing me through the woods and I was terrified, but then I found my friends.',
      EN,
    );
    // The chase's own questions ask about the monster; the generic image question does not ask again.
    expect(result.reflectionQuestions.some((question) => /monster/i.test(question))).toBe(true);
    expect(result.reflectionQuestions.filter((question) => /monster.*bring to mind/i.test(question))).toEqual([]);
    expect(result.reflectionQuestions).not.toContain('What does the woods bring to mind in your waking life?');
    expect(result.reflectionQuestions.join(' ')).not.toMatch(/“Monster”|“Forest”/);
  });
});

describe('the feeling a nightmare asks about', () => {
  it('is the fear that made it, not the joy of its happy ending', () => {
    const result = read(
      'Um monstro me perseguia na floresta e eu estava apavorada, com muito medo. No fim encontrei meus amigos e fiquei muito feliz, muito alegre, feliz demais.',
    );
    expect(result.dreamType).toBe('pesadelo');
    expect(result.reflectionQuestions.join(' ')).not.toMatch(/sentiu alegria/);
    expect(result.reflectionQuestions.join(' ')).toMatch(/sentiu medo/);
  });
});

describe('what counts as words said in the dream', () => {
  it('asks about a sentence said, not a name, a word in scare quotes or an editor’s note in quotes', () => {
    const asked = (content: string) => read(content, EN).reflectionQuestions.join(' ');
    expect(asked('We went to see "The Red Hot Chili Peppers" at the beach with my sister.')).not.toMatch(/Peppers/);
    expect(asked('He was my "best friend" at the party with my sister.')).not.toMatch(/best friend/);
    expect(asked('My aunt still lived in "[my home state]" and we drove to see her.')).not.toMatch(/home state/);
    expect(asked('My sister looked at me and said "we have to leave now" at the beach.')).toMatch(
      /“we have to leave now”/,
    );
    expect(asked('My sister turned to me at the beach: "Hurry, run!"')).toMatch(/“Hurry, run”/);
  });

  it('names images as the dream does: with its adjective, or with no article where it has none', () => {
    expect(read('I was at a resort hotel in the mountains with a green slug.', EN).summary).toMatch(
      /a resort hotel|a green slug/,
    );
    expect(read('I came into work and there were pizza boxes everywhere.', EN).summary).toMatch(/boxes/);
  });
});

describe('events said as nouns', () => {
  it('says a search as "a search" in the summary and the question, not “Searching”', () => {
    const result = read('I kept looking for my sister everywhere in the old house, searching every room: nowhere.', EN);
    const text = [result.summary, ...result.reflectionQuestions].join(' ');
    expect(text).not.toMatch(/: searching\.|“Searching”/);
    // A person sought is her, not "it"; things are them.
    expect(result.summary).toMatch(/cannot find her/);
    expect(read('I was looking for my keys everywhere and could not find them.', EN).summary).toMatch(
      /cannot find them/,
    );
  });
});

describe('misreadings seen on DreamBank in the review', () => {
  it('says an event as a noun, not with the words before its verb ("the house looking for")', () => {
    const result = read('We moved in and I wandered through the house looking for the room I wanted.', EN);
    expect(result.summary).not.toMatch(/house looking for/);
  });

  it('does not name an image twice when the place names it in the plural ("in the mountains, with mountain")', () => {
    const result = read(
      'I stood on a hilltop in the mountains at dawn. The mountains were golden and a horse walked by.',
      EN,
    );
    expect(result.summary).not.toMatch(/mountains.*with mountain/);
  });

  it('does not read what the dreamer said as words said to them', () => {
    const result = read('In the elevator I said to the others that I was freaking out about the space.', EN);
    expect(result.reflectionQuestions.join(' ')).not.toMatch(/told you|said to you|freaking out/);
  });
});
