import type { AnalysisResult } from '@sonhario/contracts/analyses';

/** What the local model answers unless a test scripted otherwise: a flying dream, read as a model would. */
export const PROVIDER_RESULT: AnalysisResult = {
  summary: 'Você voava sobre um mar calmo ao entardecer, até avistar uma casa antiga na praia.',
  themes: [
    { name: 'Liberdade', description: 'O voo sugere vontade de leveza e de autonomia.' },
    { name: 'Memória', description: 'A casa antiga traz o passado para a cena.' },
  ],
  symbols: [
    { symbol: 'Voar', meaning: 'Liberdade, perspectiva, superar limites.' },
    { symbol: 'Mar', meaning: 'O mundo emocional; aqui, sereno.' },
    { symbol: 'Casa antiga', meaning: 'Memórias e a própria história.' },
  ],
  emotions: [
    { emotion: 'paz', intensity: 0.8 },
    { emotion: 'alegria', intensity: 0.55 },
  ],
  characters: ['Você', 'Uma gaivota'],
  settings: ['Mar ao entardecer', 'Praia'],
  dreamType: 'vívido',
  interpretation:
    'Voar costuma falar de liberdade e da vontade de ver a vida de cima, com mais perspectiva.\n\nO mar calmo sugere emoções em paz neste momento. A casa antiga pode apontar para lembranças que pedem um olhar carinhoso.',
  reflectionQuestions: ['O que na sua vida hoje pede mais leveza?', 'Que lembrança a casa antiga desperta em você?'],
  luciditySignals: [],
  sentiment: 0.6,
  distress: false,
};

/** A nightmare the model read as distressing (the app then shows where to find support). */
export const PROVIDER_DISTRESS: AnalysisResult = {
  ...PROVIDER_RESULT,
  dreamType: 'pesadelo',
  sentiment: -0.7,
  distress: true,
};
