// The dreamer's feelings (analyzer-feelings.ts): whose feeling a word is, which words name one, and when a word that
// names one is no feeling of the dream.
import type { AnalysisResult } from '@sonhario/contracts/analyses';
import { describe, expect, it } from 'vitest';
import { analyzeDream } from './builtin-analyzer.ts';

const pt = (content: string) => analyzeDream({ content }, { language: 'pt-BR' });
const en = (content: string) => analyzeDream({ content }, { language: 'en' });
const emotions = (result: AnalysisResult) => result.emotions.map((e) => e.emotion);

describe('whose feeling it is', () => {
  it('leaves out the feelings of people named as the subject: "the kids were crying", "people would be anxious"', () => {
    expect(emotions(en('We got to the lake house and the kids were crying the whole afternoon.'))).not.toContain(
      'tristeza',
    );
    expect(emotions(en('The bridge was swaying and people would be anxious about crossing it.'))).not.toContain(
      'ansiedade',
    );
    expect(emotions(pt('Na rodoviária as crianças ficaram nervosas com o barulho do trem.'))).not.toContain(
      'ansiedade',
    );
  });

  it('reads a possessive with its noun as that person ("my mom was crying"), but my own body as me', () => {
    expect(emotions(en('At the airport my mom was crying because she lost the tickets.'))).not.toContain('tristeza');
    expect(emotions(pt('No hospital minha mãe ficou calma o tempo todo, lendo uma revista.'))).not.toContain('paz');
    expect(emotions(en('The lights went out and my whole body was shaking.'))).toContain('medo');
  });

  it('does not take a person after a preposition for the subject ("thinking about my girlfriend and feeling guilty")', () => {
    expect(emotions(en('I was on the bus thinking about my girlfriend and feeling guilty.'))).toContain('culpa');
    expect(emotions(pt('Fui jantar com a minha irmã e fiquei feliz.'))).toContain('alegria');
  });

  it('reads the person of a Portuguese verb: "ficaram nervosos", "sentiu medo" are others\', "fiquei" mine', () => {
    expect(emotions(pt('Depois do apagão, sentiu medo do escuro e foi embora.'))).not.toContain('medo');
    expect(emotions(pt('Depois do apagão, fiquei com medo do escuro e fui embora.'))).toContain('medo');
    expect(emotions(pt('O rio subiu na rua e acordei toda tranquila.'))).toContain('paz');
  });

  it('reads a feeling in the Portuguese plural as the dreamer\'s only with a "we"', () => {
    expect(emotions(pt('Os cachorros latiam no quintal, assustados com o trovão.'))).not.toContain('medo');
    expect(emotions(pt('Quando a luz apagou, ficamos assustados no corredor.'))).toContain('medo');
    expect(emotions(pt('Quando a luz apagou, a gente ficou com medo no corredor.'))).toContain('medo');
    expect(emotions(pt('Ela viu a cobra no quintal e ficou com medo.'))).not.toContain('medo');
  });

  it("keeps another person's fear from making the dream a nightmare", () => {
    const watched = en(
      'There was a storm over the harbor and the people on the boat were terrified of the waves. I just watched from the window.',
    );
    expect(emotions(watched)).not.toContain('medo');
    expect(watched.dreamType).not.toBe('pesadelo');
    const assistido = pt(
      'Teve uma tempestade no porto e as pessoas no barco ficaram apavoradas com as ondas. Eu só olhava da janela.',
    );
    expect(emotions(assistido)).not.toContain('medo');
    expect(assistido.dreamType).not.toBe('pesadelo');
  });
});

describe('a feeling word that is no feeling of the dream', () => {
  it('does not count a feeling only supposed ("I should have been terrified", "eu ia morrer de medo")', () => {
    expect(
      emotions(en('A bear walked past the tent. I should have been terrified, but it just sniffed around.')),
    ).not.toContain('medo');
    expect(emotions(pt('Normalmente eu ia morrer de medo, mas dessa vez eu só olhei a cobra.'))).not.toContain('medo');
  });

  it('reads "weird" and "strange" as confusion only when the dreamer feels it or remarks on it', () => {
    expect(emotions(en('The sky was a weird greenish color over the parking lot.'))).not.toContain('confusão');
    expect(emotions(pt('O mais estranho é que a casa tinha uma piscina no telhado.'))).not.toContain('confusão');
    expect(emotions(en('I walked into my old classroom and felt weird.'))).toContain('confusão');
    expect(emotions(pt('Passei o dia pensando nisso, que estranho'))).toContain('confusão');
    expect(emotions(en('A snake crossed the trail, weird but not scary.'))).toContain('confusão');
  });

  it('does not read the tears of another feeling as sadness ("happy tears", "chorei de raiva")', () => {
    expect(emotions(en("At my sister's wedding I was crying happy tears in the front row."))).not.toContain('tristeza');
    expect(emotions(pt('Ele quebrou meu celular e eu chorei de raiva no banheiro.'))).not.toContain('tristeza');
    expect(emotions(pt('Eu ria e chorava ao mesmo tempo na frente da escola.'))).not.toContain('tristeza');
    expect(emotions(en('I sat on the stairs of the old house and cried.'))).toContain('tristeza');
  });

  it("reads calm water as the water's stillness, not the dreamer's peace", () => {
    expect(emotions(en('We rowed out and the water just stayed there, flat and calm.'))).not.toContain('paz');
    expect(emotions(en('I sat by the sea and felt calm.'))).toContain('paz');
  });

  it('does not read a toy car ("carrinho") as affection ("carinho")', () => {
    expect(emotions(pt('Meu sobrinho brincava no chão com um carrinho de plástico.'))).not.toContain('amor');
  });
});

describe('ways of naming a feeling', () => {
  it.each([
    ['I opened the envelope and I was so disappointed.', 'en', 'tristeza'],
    ['Fiquei muito decepcionada com a nota da prova.', 'pt', 'tristeza'],
    ['Fiquei magoado com o que ele falou.', 'pt', 'tristeza'],
    ['I felt a wave of embarrassment when the curtain opened.', 'en', 'vergonha'],
    ['Fiquei encabulada na frente da turma.', 'pt', 'vergonha'],
    ['I was jealous watching her dance with him.', 'en', 'raiva'],
    ['I stood there stunned when the wall opened.', 'en', 'surpresa'],
    ['Fiquei apreensiva esperando o resultado.', 'pt', 'ansiedade'],
    ['Fiquei enojada com a comida do restaurante.', 'pt', 'nojo'],
    ['I felt so proud walking across the stage.', 'en', 'alegria'],
    ['Everyone kept staring and I felt really uncomfortable in that room.', 'en', 'ansiedade'],
    ['I stared in disbelief as the car floated away.', 'en', 'surpresa'],
    ['Fiquei incomodada com aquele silêncio na sala.', 'pt', 'ansiedade'],
  ] as const)('reads %j as %s', (text, language, emotion) => {
    expect(emotions(language === 'pt' ? pt(text) : en(text))).toContain(emotion);
  });

  it('does not count a negated one ("I wasn\'t disappointed")', () => {
    expect(emotions(en("I opened the envelope and I wasn't disappointed at all."))).not.toContain('tristeza');
  });
});
