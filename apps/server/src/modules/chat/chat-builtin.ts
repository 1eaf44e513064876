// The builtin guide (docs/decisions/035): an honest reflective guide, not generative AI. It reflects back what the
// dream's analysis found (symbols, themes, emotions; the builtin reader runs when the dream has no analysis), asks
// one to three questions drawn from them and from the dreamer's words, and, about the journal, names the dreams the
// search found as [D<n>]. Deterministic; pt-BR and English; its text is revealed in pieces like an analysis's.
import type { AnalysisLanguage } from '@sonhario/contracts/analyses';
import { setTimeout as sleep } from 'node:timers/promises';
import { analyzeDream } from '../analyses/builtin/builtin-analyzer.ts';
import { ProviderError } from '../analyses/providers/provider.ts';
import { foldText } from '../dreams/dreams.search.ts';
import { CHAT_BUDGET, cutText, type ChatContextDream, type ChatRequest, type SummaryRequest } from './chat-context.ts';
import type { ChatProvider } from './chat-provider.ts';

const BUILTIN_CHAT_MODEL = 'sonhario-guide-1';

/** Pieces the reveal is cut into (as the builtin analysis's). */
const REVEAL_STEPS = 24;

type Lang = 'pt' | 'en';

const TEXT = {
  intro: {
    pt: 'Sou o guia de reflexão do Sonhário, não uma IA generativa: não interpreto por você, faço perguntas a partir do que está registrado. Quem sabe o que um sonho significa é você.',
    en: "I am Sonhário's reflection guide, not generative AI: I don't interpret for you, I ask questions drawn from what you recorded. Only you know what a dream means.",
  },
  unknown: {
    pt: 'Não sei responder a isso sozinho — não sou uma IA generativa. Posso ajudar você a olhar de novo para o sonho com algumas perguntas.',
    en: "I can't answer that on my own — I am not generative AI. I can help you look at the dream again with a few questions.",
  },
  distress: {
    pt: 'O que você escreveu parece pesado. Se você está pensando em se machucar ou sente que não aguenta mais, fale agora com alguém de confiança ou com o CVV, pelo telefone 188 (gratuito, 24 horas). Você não precisa passar por isso sozinho.',
    en: 'What you wrote sounds heavy. If you are thinking of hurting yourself or feel you cannot go on, please talk now with someone you trust or call a crisis line (in Brazil, CVV at 188, free, 24 hours). You do not have to go through this alone.',
  },
  noMatch: {
    pt: 'Não encontrei no seu diário sonhos com essas palavras, e não sei responder a isso só a partir delas.',
    en: "I didn't find dreams with those words in your journal, and I can't answer that from them alone.",
  },
  emptyJournal: {
    pt: 'Seu diário ainda não tem sonhos para eu consultar. Quando você registrar alguns, posso procurar o que volta neles.',
    en: 'Your journal has no dreams for me to look at yet. Once you record some, I can look for what comes back in them.',
  },
  general: {
    pt: [
      'O que mais chamou sua atenção ao acordar?',
      'Que sentimento do sonho ainda está com você?',
      'Isso lembra algo que você está vivendo agora?',
    ],
    en: [
      'What struck you most when you woke up?',
      'Which feeling from the dream is still with you?',
      'Does this remind you of something you are living now?',
    ],
  },
} as const;

const dateFormats = new Map<Lang, Intl.DateTimeFormat>();
function formatDate(isoDate: string, lang: Lang): string {
  let format = dateFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang === 'pt' ? 'pt-BR' : 'en', { dateStyle: 'long', timeZone: 'UTC' });
    dateFormats.set(lang, format);
  }
  return format.format(new Date(`${isoDate}T12:00:00Z`));
}

function list(items: string[], lang: Lang): string {
  const last = items.at(-1);
  if (items.length <= 1 || last === undefined) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${lang === 'pt' ? 'e' : 'and'} ${last}`;
}

/** What the guide knows of a dream: its analysis, or the builtin reader's when it has none. */
function readingOf(dream: ChatContextDream, language: AnalysisLanguage) {
  if (dream.analysis) return dream.analysis;
  const result = analyzeDream(
    {
      title: dream.title,
      content: dream.content,
      emotions: dream.emotions,
      isNightmare: dream.isNightmare,
      isRecurring: dream.isRecurring,
      lucidity: dream.lucidity,
      vividness: dream.vividness,
    },
    { language },
  );
  return {
    summary: result.summary,
    themes: result.themes.map((theme) => theme.name),
    symbols: result.symbols.map((symbol) => symbol.symbol),
    emotions: result.emotions.map((emotion) => emotion.emotion),
    reflectionQuestions: result.reflectionQuestions,
    dreamType: result.dreamType,
  };
}

const lower = (text: string, lang: Lang) => text.toLocaleLowerCase(lang === 'pt' ? 'pt-BR' : 'en');

/** Names of the reading the dreamer's words mention (folded, as the search folds). */
function mentioned(names: string[], message: string): string[] {
  const words = ` ${foldText(message).replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  return names.filter((name) => {
    const folded = foldText(name)
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    return folded.length > 2 && words.includes(` ${folded} `);
  });
}

const symbolQuestion = (symbol: string, lang: Lang) =>
  lang === 'pt'
    ? `O que ${lower(symbol, lang)} lembra na sua vida acordada?`
    : `What does ${lower(symbol, lang)} bring to mind in your waking life?`;
const emotionQuestion = (emotion: string, lang: Lang) =>
  lang === 'pt'
    ? `Onde mais, nos últimos dias, você sentiu ${lower(emotion, lang)}?`
    : `Where else, in recent days, did you feel ${lower(emotion, lang)}?`;

/** Up to three questions, rotated by how far the conversation has gone so the guide does not repeat itself. */
function pickQuestions(pool: string[], turn: number, count = 3): string[] {
  const unique = [...new Set(pool)];
  if (unique.length <= count) return unique;
  const start = (turn * count) % unique.length;
  return [...unique.slice(start), ...unique.slice(0, start)].slice(0, count);
}

function dreamAnswer(request: ChatRequest, lang: Lang, turn: number): string[] {
  const dream = request.dreams[0];
  if (!dream) return [TEXT.unknown[lang]];
  const reading = readingOf(dream, request.language);
  const focus = mentioned([...reading.symbols, ...reading.themes], request.message);
  const paragraphs: string[] = [];
  const images = reading.symbols.slice(0, 3).map((symbol) => lower(symbol, lang));
  if (focus.length > 0) {
    const named = list(
      focus.slice(0, 2).map((name) => lower(name, lang)),
      lang,
    );
    paragraphs.push(
      lang === 'pt'
        ? `Você falou de ${named}, que aparece em [${dream.label}]. Vale ficar um pouco com essa imagem.`
        : `You mentioned ${named}, which appears in [${dream.label}]. It is worth staying with that image for a moment.`,
    );
  } else if (images.length > 0) {
    paragraphs.push(
      lang === 'pt'
        ? `Em [${dream.label}] aparecem ${list(images, lang)}${reading.themes[0] ? `, e o tema ${lower(reading.themes[0], lang)}` : ''}.`
        : `In [${dream.label}] there are ${list(images, lang)}${reading.themes[0] ? `, and the theme of ${lower(reading.themes[0], lang)}` : ''}.`,
    );
  } else {
    paragraphs.push(
      lang === 'pt'
        ? `Em [${dream.label}] não reconheci símbolos do dicionário; as suas palavras é que contam.`
        : `In [${dream.label}] I recognised no symbols from the dictionary; your own words are what count.`,
    );
  }
  if (/\?\s*$/.test(request.message.trim())) paragraphs.push(TEXT.unknown[lang]);
  const pool = [
    ...focus.map((name) => symbolQuestion(name, lang)),
    ...reading.reflectionQuestions,
    ...reading.symbols.slice(0, 3).map((symbol) => symbolQuestion(symbol, lang)),
    ...(reading.emotions[0] ? [emotionQuestion(reading.emotions[0], lang)] : []),
    ...TEXT.general[lang],
  ];
  paragraphs.push(pickQuestions(pool, turn).join('\n'));
  return paragraphs;
}

function journalAnswer(request: ChatRequest, lang: Lang, turn: number): string[] {
  if (request.dreams.length === 0) return [TEXT.emptyJournal[lang]];
  const found = request.dreams.filter((dream) => dream.reason === 'search' || dream.reason === 'similar');
  const named = (found.length > 0 ? found : request.dreams).slice(0, 5);
  const refs = named.map((dream) => `[${dream.label}] (${formatDate(dream.dreamtOn, lang)})`);
  const paragraphs: string[] = [];
  if (found.length > 0) {
    paragraphs.push(
      lang === 'pt'
        ? `No seu diário, o que você perguntou aparece em ${list(refs, lang)}.`
        : `In your journal, what you asked about shows up in ${list(refs, lang)}.`,
    );
  } else {
    paragraphs.push(
      `${TEXT.noMatch[lang]} ${lang === 'pt' ? `Os sonhos mais recentes são ${list(refs, lang)}.` : `Your most recent dreams are ${list(refs, lang)}.`}`,
    );
  }
  // Symbols and emotions that come back across the dreams named.
  const counts = new Map<string, { name: string; count: number }>();
  for (const dream of named) {
    for (const symbol of new Set(readingOf(dream, request.language).symbols.map((name) => lower(name, lang)))) {
      const entry = counts.get(symbol) ?? { name: symbol, count: 0 };
      entry.count += 1;
      counts.set(symbol, entry);
    }
  }
  const shared = [...counts.values()].filter((entry) => entry.count >= 2).sort((a, b) => b.count - a.count);
  if (shared.length > 0) {
    const names = list(
      shared.slice(0, 3).map((entry) => entry.name),
      lang,
    );
    paragraphs.push(
      lang === 'pt' ? `Em mais de um deles voltam ${names}.` : `In more than one of them, ${names} come back.`,
    );
  }
  const [first, second] = named as [ChatContextDream, ChatContextDream | undefined];
  const pool = [
    ...shared.slice(0, 2).map((entry) => symbolQuestion(entry.name, lang)),
    ...(second
      ? [
          lang === 'pt'
            ? `O que [${first.label}] e [${second.label}] têm em comum para você?`
            : `What do [${first.label}] and [${second.label}] have in common for you?`,
        ]
      : []),
    ...readingOf(first, request.language).reflectionQuestions.slice(0, 1),
    ...TEXT.general[lang],
  ];
  paragraphs.push(pickQuestions(pool, turn).join('\n'));
  return paragraphs;
}

/** The guide's answer, whole (deterministic: the same request gives the same text). */
function composeGuideAnswer(request: ChatRequest): string {
  const lang: Lang = request.language === 'en' ? 'en' : 'pt';
  const turn = request.turns.filter((t) => t.role === 'assistant').length;
  const paragraphs: string[] = [];
  if (request.distress) paragraphs.push(TEXT.distress[lang]);
  if (turn === 0 && !request.summary) paragraphs.push(TEXT.intro[lang]);
  paragraphs.push(
    ...(request.kind === 'dream' ? dreamAnswer(request, lang, turn) : journalAnswer(request, lang, turn)),
  );
  return paragraphs.join('\n\n');
}

/** An extractive summary: the earlier one, then each turn's first sentence, newest kept when it is too long. */
function composeGuideSummary(request: SummaryRequest): string {
  const lang: Lang = request.language === 'en' ? 'en' : 'pt';
  const who = { user: lang === 'pt' ? 'Você' : 'You', assistant: lang === 'pt' ? 'Guia' : 'Guide' };
  const lines = request.turns.map((turn) => {
    const first =
      turn.content
        .replace(/\s+/g, ' ')
        .trim()
        .split(/(?<=[.!?])\s/)[0] ?? '';
    return `${who[turn.role]}: ${cutText(first, 160)}`;
  });
  const all = [...(request.previousSummary ? [request.previousSummary] : []), ...lines];
  let text = all.join('\n');
  while (text.length > CHAT_BUDGET.summaryChars && all.length > 1) {
    all.shift();
    text = all.join('\n');
  }
  return cutText(text, CHAT_BUDGET.summaryChars);
}

export function createBuiltinChatProvider(options: { revealMs: number }): ChatProvider {
  return {
    id: 'builtin',
    model: BUILTIN_CHAT_MODEL,
    isGenerative: false,
    async answer(request, { signal, onDelta }) {
      const text = composeGuideAnswer(request);
      const words = text.split(/(?<=\s)/);
      const size = Math.max(1, Math.ceil(words.length / REVEAL_STEPS));
      const pieces: string[] = [];
      for (let i = 0; i < words.length; i += size) pieces.push(words.slice(i, i + size).join(''));
      const pause = options.revealMs / Math.max(1, pieces.length);
      for (const piece of pieces) {
        if (signal.aborted) throw new ProviderError('aborted', 'answer cancelled');
        onDelta(piece);
        if (pause > 0) await sleep(pause, undefined, { signal }).catch(() => undefined);
      }
      if (signal.aborted) throw new ProviderError('aborted', 'answer cancelled');
      return text;
    },
    summarize(request) {
      return Promise.resolve(composeGuideSummary(request));
    },
  };
}
