// The dream's type read from the words (analyzer-dream-type.ts, analyzer-lucidity.ts): what makes a nightmare and what
// makes a lucid dream, in Portuguese and English (issue 31). Each rule's cases fail without it.
import { describe, expect, it } from 'vitest';
import { analyzeDream, type BuiltinAnalysisOptions } from './builtin-analyzer.ts';

const PT: BuiltinAnalysisOptions = { language: 'pt-BR' };
const EN: BuiltinAnalysisOptions = { language: 'en' };
const typeOf = (content: string, options: BuiltinAnalysisOptions) => analyzeDream({ content }, options).dreamType;

describe('dream type: the fear a nightmare is read from', () => {
  it('reads the fear of a consequence ("horrified that…", "medo de que…") as worry, not a nightmare', () => {
    const worry = "I was at my cousin's wedding in my pajamas and I was horrified that I had forgotten my dress.";
    const later = 'Later it got dark outside and I couldn’t find the car.';
    expect(typeOf(`${worry} ${later}`, EN)).toBe('comum');
    expect(typeOf(`I was at my cousin's wedding in my pajamas and I was horrified. ${later}`, EN)).toBe('pesadelo');

    const receio = 'Sonhei que eu tava na formatura de pijama e fiquei com medo de que todo mundo reparasse.';
    const depois = 'Depois ficou escuro e eu não achava o carro.';
    expect(typeOf(`${receio} ${depois}`, PT)).toBe('comum');
    expect(typeOf(`Sonhei que eu tava na formatura de pijama e fiquei com medo. ${depois}`, PT)).toBe('pesadelo');
  });

  it('keeps the fear of a danger, or of something aimed at the dreamer, as dread; and "so scared that" as strength', () => {
    expect(
      typeOf(
        'We were hiding behind the shed and I was scared that the man with the knife would find me. It got dark.',
        EN,
      ),
    ).toBe('pesadelo');
    expect(typeOf('Eu tava escondida atrás do muro com medo de que o homem me achasse. Ficou tudo escuro.', PT)).toBe(
      'pesadelo',
    );
    expect(typeOf('The house went dark and I was so scared that I could not move.', EN)).toBe('pesadelo');
  });

  it('makes no nightmare of one fear beside a threat when joy is named as much', () => {
    const attack = 'Two big dogs attacked a kitten by the road and I was afraid.';
    expect(typeOf(attack, EN)).toBe('pesadelo');
    expect(typeOf(`${attack} I picked it up and took it home. I was happy.`, EN)).toBe('comum');
    expect(
      typeOf(
        'Achei um filhote na rua e fiquei com medo dele ser atacado pelos cachorros grandes. Levei ele pra casa e fiquei muito feliz, foi o melhor dia.',
        PT,
      ),
    ).toBe('comum');
  });
});

describe('dream type: threats with no fear named', () => {
  it('reads a weapon aimed at the dreamer ("I was shot", "levei um tiro", "me deu um tiro") as a nightmare', () => {
    expect(
      typeOf(
        'A man broke into our kitchen. He raised his gun and I was shot in the shoulder. I fell on the floor and there was blood everywhere.',
        EN,
      ),
    ).toBe('pesadelo');
    const mercado = 'Uns caras entraram no mercado, um deles puxou a arma e';
    expect(typeOf(`${mercado} eu levei um tiro na perna. Caí no chão sangrando.`, PT)).toBe('pesadelo');
    expect(typeOf(`${mercado} me deu um tiro na perna. Caí no chão sangrando.`, PT)).toBe('pesadelo');
  });

  it('makes no nightmare of a weapon the dreamer carries or hides', () => {
    expect(
      typeOf(
        'I was carrying a gun in my bag through the airport and I hid the gun in a plant. Then I caught my flight.',
        EN,
      ),
    ).toBe('comum');
  });

  it('reads a voice raised at someone as a quarrel, not flight; a cry for help still is', () => {
    expect(
      typeOf(
        'My neighbour told me a man had been killed on our street. I yelled at her for telling me. Then I yelled at my brother too.',
        EN,
      ),
    ).toBe('comum');
    expect(
      typeOf(
        'Minha vizinha contou que um homem tinha sido assassinado na nossa rua. Gritei com ela por contar. Depois gritei com meu irmão também.',
        PT,
      ),
    ).toBe('comum');
    expect(
      typeOf('A man had been killed on our street and his friends came after me. I screamed for help and ran.', EN),
    ).toBe('pesadelo');
    expect(
      typeOf(
        'Um homem tinha sido assassinado na nossa rua e os amigos dele vieram atrás de mim. Gritei por socorro e corri.',
        PT,
      ),
    ).toBe('pesadelo');
  });

  it("reads vermin entering the dreamer's body as a nightmare, and not worms on a hook or an idiom", () => {
    expect(
      typeOf(
        'I was sitting in the garden and worms were crawling under my skin. I kept pulling them out of my arm.',
        EN,
      ),
    ).toBe('pesadelo');
    expect(
      typeOf('Eu tava no quintal e tinha uns vermes saindo da minha pele, eu tentava arrancar eles do braço.', PT),
    ).toBe('pesadelo');
    expect(
      typeOf(
        'I went fishing with my uncle and we used worms from the garden. My cousin always gets under my skin.',
        EN,
      ),
    ).toBe('comum');
  });
});

describe('dream type: lucid dreams', () => {
  it('does not read knowing it was a dream after waking up as lucidity', () => {
    expect(typeOf('I was falling from a tall building. I woke up and realized it was just a dream.', EN)).toBe('comum');
    expect(typeOf('Eu caía de um prédio bem alto. Acordei e vi que era só um sonho.', PT)).toBe('comum');
    // A false awakening is read through: the dream goes on, and knowing it there is lucidity.
    expect(
      typeOf('I woke up in my bed, then I realized I was still dreaming because the clock had no hands.', EN),
    ).toBe('lúcido');
  });

  it('reads awareness of dreaming in more wordings', () => {
    const cases: [string, BuiltinAnalysisOptions][] = [
      ['I was in the kitchen, realizing I was dreaming, and I started to float over the table.', EN],
      ['Then it occurred to me that this was all a dream, so I flew over the lake.', EN],
      ['I was on a bridge and became conscious of dreaming, so I jumped off and flew.', EN],
      ['The sky was purple and I recognized it as a dream.', EN],
      ['Eu tava na praia com a minha irmã e me liguei que tava sonhando, então saí voando.', PT],
      ['Eu tava numa festa estranha e do nada saquei que aquilo era um sonho.', PT],
    ];
    for (const [text, options] of cases) expect([text, typeOf(text, options)]).toEqual([text, 'lúcido']);
  });

  it('reads pinching oneself as a reality check', () => {
    expect(typeOf('I was at a party in a house I did not know and I pinched myself to check.', EN)).toBe('lúcido');
    expect(typeOf('Eu tava numa festa estranha e me belisquei pra ver se era sonho.', PT)).toBe('lúcido');
  });
});
