import type { Emotion } from '@sonhario/contracts/dreams';

/**
 * The demo's sample journal (docs/decisions/039-demo.md): made-up dreams, one analysis each and the numbers around
 * them, in both of the app's languages. It lives in the demo's lazy chunk only and is never sent anywhere; the
 * dreams' dates are counted back from today, so the journal always looks like last week's.
 */

export interface DemoDream {
  id: string;
  /** Nights before today: 1 is last night. */
  nightsAgo: number;
  title: string;
  content: string;
  emotions: Emotion[];
  tags: string[];
  lucidity: number;
  isNightmare: boolean;
  isRecurring: boolean;
  analysis: DemoAnalysis;
}

interface DemoAnalysis {
  /** Streamed first, then the interpretation (paragraphs separated by blank lines), as the real provider does. */
  summary: string;
  interpretation: string;
  themes: string[];
  symbols: { symbol: string; meaning: string }[];
  emotions: { emotion: Emotion; intensity: number }[];
  questions: string[];
}

export interface DemoJournal {
  dreamerName: string;
  dreams: DemoDream[];
  /** 'Sinais de sonho': what keeps coming back (an image: a symbol or a place), with how many dreams it is in. */
  signs: { name: string; kind: 'symbol' | 'place'; count: number }[];
  /** Two of the signs that come back together, and in how many dreams. */
  together: { a: string; b: string; count: number };
}

/** The journal's numbers, the same in both languages. */
export const DEMO_NUMBERS = {
  dreamCount: 23,
  analysisCount: 8,
  currentStreak: 6,
  longestStreak: 11,
  /** The streak's next milestone and what it earns (decision 026's table). */
  nextMilestone: { days: 7, credits: 10 },
  credits: 42,
  /** Newest first; `key` names the ledger reason in demo.credits.reasons. */
  ledger: [
    { key: 'firstDreamToday', amount: 1 },
    { key: 'streak3', amount: 5 },
    { key: 'analysis', amount: -10 },
    { key: 'welcome', amount: 10 },
  ],
} as const;

/** Emotions felt per week over the last eight weeks (oldest first), for the pattern chart. */
export const DEMO_EMOTION_WEEKS: Partial<Record<Emotion, number>>[] = [
  { ansiedade: 2, medo: 1, alegria: 1 },
  { ansiedade: 3, confusão: 1 },
  { ansiedade: 2, medo: 2, paz: 1 },
  { ansiedade: 1, alegria: 2, confusão: 1 },
  { alegria: 2, paz: 1, medo: 1 },
  { paz: 2, alegria: 2, ansiedade: 1 },
  { alegria: 3, paz: 2, confusão: 1 },
  { paz: 3, alegria: 2, surpresa: 1 },
];

const ptBR: DemoJournal = {
  dreamerName: 'Luna',
  signs: [
    { name: 'água', kind: 'symbol', count: 7 },
    { name: 'farol', kind: 'symbol', count: 4 },
    { name: 'casa da avó', kind: 'place', count: 4 },
    { name: 'voar', kind: 'symbol', count: 3 },
    { name: 'escada', kind: 'symbol', count: 3 },
  ],
  together: { a: 'água', b: 'escada', count: 3 },
  dreams: [
    {
      id: 'farol',
      nightsAgo: 1,
      title: 'O farol no mar de vidro',
      content:
        'Eu caminhava sobre um mar parado, liso como vidro, até um farol que piscava devagar. Cada vez que a luz passava por mim eu lembrava de alguma coisa que tinha esquecido. Lá no alto, minha avó regava plantas que cresciam para dentro das paredes. Percebi que estava sonhando quando a escada começou a subir sozinha, e em vez de acordar resolvi olhar o mar de cima.',
      emotions: ['paz', 'surpresa', 'alegria'],
      tags: ['água', 'farol', 'avó'],
      lucidity: 2,
      isNightmare: false,
      isRecurring: false,
      analysis: {
        summary:
          'Um sonho lúcido e sereno: você atravessa um mar imóvel até um farol onde a luz traz lembranças e a avó cuida do que cresce.',
        interpretation:
          'O mar de vidro costuma falar de emoções que estão calmas o bastante para serem atravessadas. Você não afunda nem nada: caminha, como quem já consegue olhar de perto o que antes parecia fundo demais.\n\nO farol, com sua luz que volta em intervalos, sugere lembranças que pedem atenção aos poucos, uma de cada vez. A avó regando plantas dentro das paredes junta cuidado e memória de família, algo que continua crescendo dentro de você.\n\nQuando a escada sobe sozinha você percebe o sonho e escolhe ficar. Essa escolha, de olhar o mar de cima em vez de fugir, é um bom sinal de curiosidade e de confiança no seu próprio ritmo.',
        themes: ['Memória e família', 'Calma diante do que é fundo', 'Lucidez e escolha'],
        symbols: [
          { symbol: 'Mar de vidro', meaning: 'emoções serenas, que dá para atravessar' },
          { symbol: 'Farol', meaning: 'orientação; lembranças que voltam aos poucos' },
          { symbol: 'Avó', meaning: 'cuidado, raízes, o que foi herdado' },
        ],
        emotions: [
          { emotion: 'paz', intensity: 0.8 },
          { emotion: 'surpresa', intensity: 0.5 },
          { emotion: 'alegria', intensity: 0.4 },
        ],
        questions: [
          'Que lembrança voltou a você nos últimos dias sem que você a procurasse?',
          'O que você tem cultivado, como as plantas da avó, mesmo sem perceber?',
        ],
      },
    },
    {
      id: 'prova',
      nightsAgo: 2,
      title: 'A prova numa língua desconhecida',
      content:
        'Eu estava de volta à escola, numa prova que valia o ano inteiro, mas as perguntas estavam escritas numa língua que eu nunca tinha visto. O relógio da sala andava para trás. Ninguém mais parecia preocupado. Acordei com o coração acelerado antes de entregar a folha.',
      emotions: ['ansiedade', 'confusão'],
      tags: ['escola', 'prova'],
      lucidity: 0,
      isNightmare: false,
      isRecurring: true,
      analysis: {
        summary:
          'Um sonho recorrente de avaliação: uma prova decisiva que você não consegue ler, num tempo que não anda.',
        interpretation:
          'Sonhos de prova aparecem muito em épocas em que nos sentimos avaliados, no trabalho ou em casa. A língua desconhecida sugere uma exigência cujas regras ninguém explicou.\n\nO relógio que anda para trás e os colegas tranquilos mostram o contraste entre a sua pressa e o ritmo dos outros. Talvez valha perguntar quem está cobrando essa prova.',
        themes: ['Cobrança e desempenho', 'Falta de informação'],
        symbols: [
          { symbol: 'Prova', meaning: 'sentir-se avaliado' },
          { symbol: 'Relógio ao contrário', meaning: 'tempo que não rende' },
        ],
        emotions: [
          { emotion: 'ansiedade', intensity: 0.8 },
          { emotion: 'confusão', intensity: 0.6 },
        ],
        questions: [
          'Em que situação você tem sentido que precisa provar alguma coisa?',
          'O que ficaria mais leve se você soubesse as regras?',
        ],
      },
    },
    {
      id: 'voo',
      nightsAgo: 4,
      title: 'Voando sobre a cidade à noite',
      content:
        'Pulei da janela do meu quarto e, em vez de cair, comecei a flutuar. A cidade estava toda acesa e silenciosa. Consegui subir mais alto só de respirar fundo. Pousei no telhado de uma biblioteca onde alguém me esperava com uma lanterna.',
      emotions: ['alegria', 'surpresa'],
      tags: ['voar', 'cidade'],
      lucidity: 1,
      isNightmare: false,
      isRecurring: false,
      analysis: {
        summary: 'Um voo leve sobre a cidade iluminada, guiado pela respiração, que termina numa biblioteca.',
        interpretation:
          'Voar nos sonhos costuma acompanhar fases de mais liberdade ou de uma perspectiva nova sobre a rotina. Subir respirando fundo liga esse poder à calma, e não ao esforço.\n\nA biblioteca e a pessoa com a lanterna apontam para o desejo de aprender algo, com alguém que ilumina o caminho.',
        themes: ['Liberdade', 'Busca de conhecimento'],
        symbols: [
          { symbol: 'Voar', meaning: 'liberdade, outra perspectiva' },
          { symbol: 'Biblioteca', meaning: 'saber, curiosidade' },
        ],
        emotions: [
          { emotion: 'alegria', intensity: 0.9 },
          { emotion: 'surpresa', intensity: 0.4 },
        ],
        questions: [
          'Onde na sua vida você tem se sentido mais livre?',
          'Quem tem sido uma lanterna para você ultimamente?',
        ],
      },
    },
    {
      id: 'porao',
      nightsAgo: 6,
      title: 'A água subindo no porão',
      content:
        'Na casa da minha avó havia um porão que não existe na vida real. A água subia devagar pelos degraus e eu tentava salvar caixas de fotografias. A luz apagou e ouvi passos no andar de cima. Acordei antes de descobrir de quem eram.',
      emotions: ['medo', 'ansiedade'],
      tags: ['água', 'casa da avó'],
      lucidity: 0,
      isNightmare: true,
      isRecurring: false,
      analysis: {
        summary: 'Um pesadelo em que a água invade um porão da casa da avó enquanto você tenta salvar fotografias.',
        interpretation:
          'A água que sobe aos poucos fala de sentimentos que vão se acumulando até pedir atenção. O porão, um lugar escondido da casa, é onde guardamos o que não olhamos todo dia.\n\nSalvar as fotografias mostra o cuidado com as memórias da família. Os passos no andar de cima deixam uma pergunta aberta, que o sonho da semana seguinte, o do farol, parece retomar com mais calma.',
        themes: ['Memórias da família', 'Emoções acumuladas'],
        symbols: [
          { symbol: 'Água subindo', meaning: 'emoções que se acumulam' },
          { symbol: 'Porão', meaning: 'o que fica guardado, fora da vista' },
        ],
        emotions: [
          { emotion: 'medo', intensity: 0.7 },
          { emotion: 'ansiedade', intensity: 0.6 },
        ],
        questions: [
          'Que lembrança de família você tem vontade de proteger?',
          'O que tem se acumulado sem que você tenha tempo de olhar?',
        ],
      },
    },
  ],
};

const en: DemoJournal = {
  dreamerName: 'Luna',
  signs: [
    { name: 'water', kind: 'symbol', count: 7 },
    { name: 'lighthouse', kind: 'symbol', count: 4 },
    { name: "grandmother's house", kind: 'place', count: 4 },
    { name: 'flying', kind: 'symbol', count: 3 },
    { name: 'stairs', kind: 'symbol', count: 3 },
  ],
  together: { a: 'water', b: 'stairs', count: 3 },
  dreams: [
    {
      id: 'farol',
      nightsAgo: 1,
      title: 'The lighthouse on a sea of glass',
      content:
        'I was walking on a still sea, smooth as glass, towards a lighthouse that blinked slowly. Every time the light swept over me I remembered something I had forgotten. At the top, my grandmother was watering plants that grew into the walls. I realised I was dreaming when the stairs began to climb by themselves, and instead of waking up I chose to look at the sea from above.',
      emotions: ['paz', 'surpresa', 'alegria'],
      tags: ['water', 'lighthouse', 'grandmother'],
      lucidity: 2,
      isNightmare: false,
      isRecurring: false,
      analysis: {
        summary:
          'A calm, lucid dream: you cross a motionless sea to a lighthouse whose light brings back memories, where your grandmother tends what grows.',
        interpretation:
          'A sea of glass often speaks of feelings calm enough to be crossed. You neither sink nor swim: you walk, like someone who can now look closely at what once seemed too deep.\n\nThe lighthouse, its light returning at intervals, suggests memories asking for attention bit by bit, one at a time. Your grandmother watering plants inside the walls brings care and family memory together, something that keeps growing within you.\n\nWhen the stairs climb by themselves you notice the dream and choose to stay. That choice, to look at the sea from above instead of fleeing, is a good sign of curiosity and of trust in your own pace.',
        themes: ['Memory and family', 'Calm before what is deep', 'Lucidity and choice'],
        symbols: [
          { symbol: 'Sea of glass', meaning: 'calm feelings that can be crossed' },
          { symbol: 'Lighthouse', meaning: 'guidance; memories returning bit by bit' },
          { symbol: 'Grandmother', meaning: 'care, roots, what was handed down' },
        ],
        emotions: [
          { emotion: 'paz', intensity: 0.8 },
          { emotion: 'surpresa', intensity: 0.5 },
          { emotion: 'alegria', intensity: 0.4 },
        ],
        questions: [
          'Which memory came back to you lately without your looking for it?',
          'What have you been growing, like the plants, without noticing?',
        ],
      },
    },
    {
      id: 'prova',
      nightsAgo: 2,
      title: 'The exam in an unknown language',
      content:
        'I was back at school, in an exam worth the whole year, but the questions were written in a language I had never seen. The clock on the wall ran backwards. Nobody else seemed worried. I woke up with my heart racing before handing in the paper.',
      emotions: ['ansiedade', 'confusão'],
      tags: ['school', 'exam'],
      lucidity: 0,
      isNightmare: false,
      isRecurring: true,
      analysis: {
        summary: 'A recurring exam dream: a decisive test you cannot read, in a time that does not move.',
        interpretation:
          'Exam dreams are common in times when we feel judged, at work or at home. The unknown language suggests a demand whose rules nobody explained.\n\nThe clock running backwards and the calm classmates show the contrast between your hurry and everyone else’s pace. It may be worth asking who is setting this exam.',
        themes: ['Pressure and performance', 'Missing information'],
        symbols: [
          { symbol: 'Exam', meaning: 'feeling judged' },
          { symbol: 'Clock running backwards', meaning: 'time that gets nowhere' },
        ],
        emotions: [
          { emotion: 'ansiedade', intensity: 0.8 },
          { emotion: 'confusão', intensity: 0.6 },
        ],
        questions: [
          'Where have you felt you need to prove something lately?',
          'What would feel lighter if you knew the rules?',
        ],
      },
    },
    {
      id: 'voo',
      nightsAgo: 4,
      title: 'Flying over the city at night',
      content:
        'I jumped out of my bedroom window and, instead of falling, began to float. The whole city was lit and silent. I could rise higher just by breathing deeply. I landed on the roof of a library where someone was waiting for me with a lantern.',
      emotions: ['alegria', 'surpresa'],
      tags: ['flying', 'city'],
      lucidity: 1,
      isNightmare: false,
      isRecurring: false,
      analysis: {
        summary: 'A light flight over the lit city, steered by your breath, ending at a library.',
        interpretation:
          'Flying in dreams often comes with times of more freedom or a new view of daily life. Rising by breathing deeply ties that power to calm rather than effort.\n\nThe library and the person with the lantern point to a wish to learn something, with someone who lights the way.',
        themes: ['Freedom', 'Seeking knowledge'],
        symbols: [
          { symbol: 'Flying', meaning: 'freedom, another point of view' },
          { symbol: 'Library', meaning: 'knowledge, curiosity' },
        ],
        emotions: [
          { emotion: 'alegria', intensity: 0.9 },
          { emotion: 'surpresa', intensity: 0.4 },
        ],
        questions: ['Where in your life have you felt freer?', 'Who has been a lantern for you lately?'],
      },
    },
    {
      id: 'porao',
      nightsAgo: 6,
      title: 'Water rising in the cellar',
      content:
        'My grandmother’s house had a cellar that does not exist in real life. Water was slowly rising up the steps and I was trying to save boxes of photographs. The light went out and I heard footsteps upstairs. I woke up before finding out whose they were.',
      emotions: ['medo', 'ansiedade'],
      tags: ['water', "grandmother's house"],
      lucidity: 0,
      isNightmare: true,
      isRecurring: false,
      analysis: {
        summary:
          'A nightmare in which water floods a cellar of your grandmother’s house while you try to save photographs.',
        interpretation:
          'Water rising little by little speaks of feelings that build up until they ask for attention. The cellar, a hidden part of the house, is where we keep what we do not look at every day.\n\nSaving the photographs shows care for family memories. The footsteps upstairs leave a question open, one the next week’s lighthouse dream seems to take up more calmly.',
        themes: ['Family memories', 'Feelings building up'],
        symbols: [
          { symbol: 'Rising water', meaning: 'feelings building up' },
          { symbol: 'Cellar', meaning: 'what is kept out of sight' },
        ],
        emotions: [
          { emotion: 'medo', intensity: 0.7 },
          { emotion: 'ansiedade', intensity: 0.6 },
        ],
        questions: [
          'Which family memory do you want to protect?',
          'What has been piling up without time to look at it?',
        ],
      },
    },
  ],
};

/** The sample journal in the app's language (pt-BR unless English). */
export const demoJournalFor = (language: string): DemoJournal => (language === 'en' ? en : ptBR);
