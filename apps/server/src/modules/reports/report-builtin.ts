import { setTimeout as sleep } from 'node:timers/promises';
import type { AnalysisLanguage } from '@sonhario/contracts/analyses';
import type { Emotion } from '@sonhario/contracts/dreams';
import type { MonthlyReportResult, ReportCounts, ReportStreamedField } from '@sonhario/contracts/reports';
import { EMOTION_LEXICON } from '../analyses/builtin/lexicon.ts';
import { ProviderError } from '../analyses/providers/provider.ts';
import type { ReportRequest, ReportWriter } from './report-writer.ts';

/** Stored with each builtin report as its `model`: the rules' version. */
const BUILTIN_REPORT_MODEL = 'sonhario-monthly-stats-1';

const REVEAL_STEPS = 16;

type Lang = 'pt' | 'en';
const langOf = (language: AnalysisLanguage): Lang => (language === 'en' ? 'en' : 'pt');

const emotionName = (emotion: Emotion, lang: Lang) =>
  (EMOTION_LEXICON.find((entry) => entry.id === emotion)?.name[lang] ?? emotion).toLowerCase();

const MONTHS: Record<Lang, string[]> = {
  pt: [
    'janeiro',
    'fevereiro',
    'março',
    'abril',
    'maio',
    'junho',
    'julho',
    'agosto',
    'setembro',
    'outubro',
    'novembro',
    'dezembro',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
};
const monthName = (month: string, lang: Lang) => MONTHS[lang][Number(month.slice(5, 7)) - 1] ?? month;

/** 3.5 as pt-BR writes it (3,5). */
const decimal = (value: number, lang: Lang) => (lang === 'pt' ? String(value).replace('.', ',') : String(value));

function analysedPt(count: number) {
  if (count === 0) return 'nenhum deles tinha análise';
  return `${count} ${count === 1 ? 'deles tinha' : 'deles tinham'} análise`;
}

function plural(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`;
}

function countsText(counts: ReportCounts, lang: Lang): string {
  if (lang === 'en') {
    return `${plural(counts.dreams, 'dream', 'dreams')} (${plural(counts.nightmares, 'nightmare', 'nightmares')}, ${counts.lucid} lucid, ${counts.recurring} recurring)`;
  }
  return `${plural(counts.dreams, 'sonho', 'sonhos')} (${plural(counts.nightmares, 'pesadelo', 'pesadelos')}, ${plural(counts.lucid, 'lúcido', 'lúcidos')}, ${plural(counts.recurring, 'recorrente', 'recorrentes')})`;
}

function change(now: number, before: number, lang: Lang, what: [string, string]): string | null {
  if (now === before) return null;
  const word = lang === 'en' ? (now > before ? 'up' : 'down') : now > before ? 'mais' : 'menos';
  const diff = Math.abs(now - before);
  return lang === 'en'
    ? `${what[1]} ${word} ${diff} (${before} → ${now})`
    : `${diff} ${what[1]} a ${word} (${before} → ${now})`;
}

/**
 * The offline report (builtin provider): nothing but what the statistics say, in sentences, with reflective
 * questions chosen by rule. It interprets nothing, and the UI labels it as not generative AI.
 */
function writeStatisticalReport(request: ReportRequest): MonthlyReportResult {
  const lang = langOf(request.language);
  const { stats, arc } = request;
  const { counts, previousMonth } = stats;
  const name = monthName(request.month, lang);
  const topEmotion = stats.emotions[0];
  const topSymbol = stats.symbols[0];

  const summary =
    lang === 'en'
      ? `In ${name} you recorded ${countsText(counts, lang)}; ${stats.analysed === 0 ? 'none of them had' : `${stats.analysed} of them had`} an analysis.` +
        (topEmotion
          ? ` The emotion you marked most was ${emotionName(topEmotion.emotion, lang)} (${plural(topEmotion.count, 'dream', 'dreams')}).`
          : '') +
        (stats.averageMood === null ? '' : ` Your average mood on waking was ${stats.averageMood} out of 5.`)
      : `Em ${name} você registrou ${countsText(counts, lang)}; ${analysedPt(stats.analysed)}.` +
        (topEmotion
          ? ` A emoção que você mais marcou foi ${emotionName(topEmotion.emotion, lang)} (${plural(topEmotion.count, 'sonho', 'sonhos')}).`
          : '') +
        (stats.averageMood === null ? '' : ` Seu humor médio ao acordar foi ${decimal(stats.averageMood, lang)} de 5.`);

  const themes = [
    ...stats.themes.slice(0, 4).map((theme) => ({
      name: theme.name,
      description:
        lang === 'en'
          ? `Named by the analyses of ${plural(theme.count, 'dream', 'dreams')}.`
          : `Apontado nas análises de ${plural(theme.count, 'sonho', 'sonhos')}.`,
    })),
    ...stats.tags.slice(0, 2).map((tag) => ({
      name: tag.name,
      description:
        lang === 'en'
          ? `Your tag on ${plural(tag.count, 'dream', 'dreams')}.`
          : `Sua marcação em ${plural(tag.count, 'sonho', 'sonhos')}.`,
    })),
  ];

  const arcSentences = arc
    .filter((part) => part.dreams > 0)
    .map((part) => {
      const when =
        lang === 'en'
          ? part.part === 'early'
            ? 'In the first half of the month'
            : 'In the second half'
          : part.part === 'early'
            ? 'Na primeira quinzena'
            : 'Na segunda quinzena';
      const emotions = part.topEmotions.map((emotion) => emotionName(emotion, lang)).join(', ');
      const mood =
        part.averageMood === null
          ? ''
          : lang === 'en'
            ? `, average mood ${part.averageMood}/5`
            : `, humor médio ${decimal(part.averageMood, lang)}/5`;
      if (lang === 'en') {
        return `${when}: ${plural(part.dreams, 'dream', 'dreams')}, ${plural(part.nightmares, 'nightmare', 'nightmares')}${mood}${emotions ? `; emotions marked most: ${emotions}` : ''}.`;
      }
      return `${when}: ${plural(part.dreams, 'sonho', 'sonhos')}, ${plural(part.nightmares, 'pesadelo', 'pesadelos')}${mood}${emotions ? `; emoções mais marcadas: ${emotions}` : ''}.`;
    });
  const emotionalArc =
    arcSentences.join(' ') ||
    (lang === 'en' ? 'No emotions were marked this month.' : 'Nenhuma emoção foi marcada neste mês.');

  const recurringSymbols = stats.symbols
    .filter((symbol) => symbol.count >= 2)
    .slice(0, 6)
    .map((symbol) => ({
      symbol: symbol.name,
      note: lang === 'en' ? `In ${symbol.count} analysed dreams.` : `Em ${symbol.count} sonhos analisados.`,
    }));

  const changes = [
    change(counts.dreams, previousMonth.dreams, lang, ['dream', lang === 'en' ? 'Dreams' : 'sonhos']),
    change(counts.nightmares, previousMonth.nightmares, lang, [
      'nightmare',
      lang === 'en' ? 'nightmares' : 'pesadelos',
    ]),
    change(counts.lucid, previousMonth.lucid, lang, ['lucid', lang === 'en' ? 'lucid dreams' : 'sonhos lúcidos']),
  ].filter((item): item is string => item !== null);
  let changeFromPreviousMonth: string;
  if (previousMonth.dreams === 0) {
    changeFromPreviousMonth =
      lang === 'en'
        ? 'The month before has no recorded dreams to compare with.'
        : 'O mês anterior não tem sonhos registrados para comparar.';
  } else if (changes.length === 0) {
    changeFromPreviousMonth =
      lang === 'en'
        ? `The same counts as the month before: ${countsText(previousMonth, lang)}.`
        : `Os mesmos números do mês anterior: ${countsText(previousMonth, lang)}.`;
  } else {
    changeFromPreviousMonth =
      lang === 'en'
        ? `Compared with the month before: ${changes.join('; ')}.`
        : `Em relação ao mês anterior: ${changes.join('; ')}.`;
  }

  const questions: string[] = [];
  if (topSymbol)
    questions.push(
      lang === 'en'
        ? `What does "${topSymbol.name}" bring to mind in your waking life this month?`
        : `O que “${topSymbol.name}” lembra na sua vida desperta neste mês?`,
    );
  if (counts.nightmares > 0)
    questions.push(
      lang === 'en'
        ? 'Was anything weighing on you on the nights of your nightmares?'
        : 'Havia algo pesando em você nas noites dos pesadelos?',
    );
  if (counts.lucid > 0)
    questions.push(
      lang === 'en'
        ? 'What helped you notice you were dreaming, and could it help again?'
        : 'O que ajudou você a perceber que sonhava, e poderia ajudar de novo?',
    );
  if (topEmotion)
    questions.push(
      lang === 'en'
        ? `Where else did you feel ${emotionName(topEmotion.emotion, lang)} this month?`
        : `Onde mais você sentiu ${emotionName(topEmotion.emotion, lang)} neste mês?`,
    );
  questions.push(
    lang === 'en'
      ? 'Which dream of the month would you like to remember, and why?'
      : 'Qual sonho do mês você gostaria de lembrar, e por quê?',
  );
  questions.push(
    lang === 'en'
      ? 'What would you like to pay attention to in your dreams next month?'
      : 'Ao que você gostaria de prestar atenção nos sonhos do próximo mês?',
  );

  return {
    summary,
    themes,
    emotionalArc,
    recurringSymbols,
    changeFromPreviousMonth,
    reflectionQuestions: questions.slice(0, 4),
  };
}

export function createBuiltinReportWriter(options: { revealMs: number }): ReportWriter {
  return {
    id: 'builtin',
    model: BUILTIN_REPORT_MODEL,
    isGenerative: false,
    async write(request, { signal, onDelta }) {
      const result = writeStatisticalReport(request);
      const pieces: { field: ReportStreamedField; text: string }[] = [];
      for (const field of ['summary', 'emotionalArc'] as const) {
        const words = result[field].split(/(?<=\s)/);
        const size = Math.max(1, Math.ceil(words.length / (REVEAL_STEPS / 2)));
        for (let i = 0; i < words.length; i += size) pieces.push({ field, text: words.slice(i, i + size).join('') });
      }
      const pause = options.revealMs / Math.max(1, pieces.length);
      for (const piece of pieces) {
        if (signal.aborted) throw new ProviderError('aborted', 'report cancelled');
        onDelta(piece.field, piece.text);
        if (pause > 0) await sleep(pause, undefined, { signal }).catch(() => undefined);
      }
      if (signal.aborted) throw new ProviderError('aborted', 'report cancelled');
      return result;
    },
  };
}
