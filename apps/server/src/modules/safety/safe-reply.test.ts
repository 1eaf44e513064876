import type { AnalysisResult } from '@sonhario/contracts/analyses';
import { describe, expect, it } from 'vitest';
import { SAMPLE_RESULT } from '../analyses/providers/provider-test-servers.ts';
import {
  answerHeedsDistress,
  assessDreamDistress,
  heedAnalysisDistress,
  safeParagraph,
  safeReply,
} from './safe-reply.ts';

describe('the safe reply', () => {
  it('in pt-BR names CVV: 188, free, 24 hours, cvv.org.br, and the emergency numbers', () => {
    const text = safeReply('pt-BR');
    for (const part of ['CVV', '188', 'de graça', '24 horas', 'cvv.org.br', '192']) expect(text).toContain(part);
    expect(text).not.toContain('findahelpline');
  });

  it('in English points to findahelpline.com and the local emergency number, not to a Brazilian line', () => {
    const text = safeReply('en');
    expect(text).toContain('findahelpline.com');
    expect(text).toContain('If you are in immediate danger, call your local emergency number');
    expect(text).toMatch(/free/);
    expect(text).not.toMatch(/CVV|188/);
  });

  it('adds what fits the kind: breathing for panic, a line for violence', () => {
    expect(safeReply('pt-BR', ['panic'])).toContain('respire devagar');
    expect(safeReply('en', ['panic'])).toContain('breathe slowly');
    expect(safeReply('pt-BR', ['abuse'])).toContain('180');
    expect(safeReply('pt-BR')).not.toContain('respire devagar');
  });

  it('the analysis paragraph says the distressing part is not read as a symbol', () => {
    expect(safeParagraph('pt-BR')).toContain('não é lida aqui como símbolo');
    expect(safeParagraph('en')).toContain('not read here as a symbol');
    expect(safeParagraph('pt-BR')).toContain('188');
  });

  it('is itself an answer that heeds the signal', () => {
    expect(answerHeedsDistress(safeReply('pt-BR'), 'pt-BR')).toBe(true);
    expect(answerHeedsDistress(safeReply('en'), 'en')).toBe(true);
  });
});

describe('answerHeedsDistress', () => {
  it.each([
    ['Sinto muito que esteja assim. Você não está sozinho: o CVV atende pelo 188, de graça.', 'pt-BR'],
    ['Isso parece muito pesado. Que tal conversar com alguém de confiança ou com um psicólogo?', 'pt-BR'],
    ["I'm sorry it's this hard. Please reach out to someone you trust, or a helpline.", 'en'],
    ['That sounds painful. findahelpline.com can show you a free line near you.', 'en'],
  ] as const)('an answer that points to help heeds: %s', (answer, language) => {
    expect(answerHeedsDistress(answer, language)).toBe(true);
  });

  it.each([
    ['A ponte simboliza uma travessia na sua vida. Que travessia você vive agora?', 'pt-BR'],
    ['The bridge may stand for a transition. What are you crossing now?', 'en'],
  ] as const)('an answer that only interprets does not: %s', (answer, language) => {
    expect(answerHeedsDistress(answer, language)).toBe(false);
  });

  it('an answer that reads the distress itself as a symbol does not heed, even with a helpline in it', () => {
    expect(
      answerHeedsDistress(
        'Your wish to end it all may symbolize a transformation. If you need to, call a helpline.',
        'en',
      ),
    ).toBe(false);
    expect(
      answerHeedsDistress('A vontade de sumir pode simbolizar um renascimento. Procure ajuda se precisar.', 'pt-BR'),
    ).toBe(false);
  });
});

describe('the safety layer on an analysis', () => {
  const calmDream = { title: 'Ponte', content: 'Eu atravessava uma ponte de vidro sobre o mar.' };
  const distressedDream = {
    title: 'Ponte',
    content: 'Eu atravessava uma ponte. Acordei e pensei que queria sumir de vez.',
  };

  it('reads the dream as a dream and its notes as waking life', () => {
    expect(assessDreamDistress({ title: null, content: 'Ele me batia com um cinto.' }).isDistress).toBe(false);
    expect(assessDreamDistress({ content: 'Uma festa.', notes: 'Meu marido me bate quando bebe.' })).toEqual({
      isDistress: true,
      kinds: ['abuse'],
    });
  });

  it('leaves a calm dream and its reading alone', () => {
    const signal = assessDreamDistress(calmDream);
    expect(heedAnalysisDistress(SAMPLE_RESULT, signal, 'pt-BR')).toBe(SAMPLE_RESULT);
  });

  it('sets distress and puts the safe paragraph first when the reading ignores the signal', () => {
    const signal = assessDreamDistress(distressedDream);
    const result = heedAnalysisDistress(SAMPLE_RESULT, signal, 'pt-BR');
    expect(result.distress).toBe(true);
    expect(result.interpretation).toBe(`${safeParagraph('pt-BR', ['suicide'])}\n\n${SAMPLE_RESULT.interpretation}`);
  });

  it("keeps a reading that heeds the signal, and the model's own flag counts too", () => {
    const heeding: AnalysisResult = {
      ...SAMPLE_RESULT,
      interpretation: 'Antes de tudo: se estiver difícil, o CVV atende pelo 188, de graça, 24 horas.',
    };
    const signal = assessDreamDistress(distressedDream);
    expect(heedAnalysisDistress(heeding, signal, 'pt-BR')).toEqual({ ...heeding, distress: true });
    const flagged = heedAnalysisDistress({ ...SAMPLE_RESULT, distress: true }, assessDreamDistress(calmDream), 'en');
    expect(flagged.distress).toBe(true);
    expect(flagged.interpretation.startsWith(safeParagraph('en'))).toBe(true);
  });
});
