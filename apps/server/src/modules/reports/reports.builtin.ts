import { setTimeout as sleep } from 'node:timers/promises';
import type { AnalysisLanguage } from '@sonhario/contracts/analyses';
import type { Emotion } from '@sonhario/contracts/dreams';
import type { MonthlyReportResult, ReportCounts, ReportStreamedField } from '@sonhario/contracts/reports';
import { EMOTION_LEXICON } from '../analyses/builtin/lexicon.ts';
import { ProviderError } from '../ai/provider-error.ts';
import { groupForms, lexiconIdOf } from '../analyses/text/content-words.ts';
import type { ReportRequest, ReportWriter } from './reports.writer.ts';

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

/** "a, b e c" / "a, b and c". */
function listOf(items: string[], lang: Lang): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${lang === 'en' ? 'and' : 'e'} ${items.at(-1)}`;
}

/**
 * Two to four questions built from the month itself (decision 061): the image seen most with its count, the people
 * who came back, the nights of the nightmares, the feeling marked most, the lucid dreams; the general questions only
 * fill a month that has too little of its own.
 */
function questionsOf(request: ReportRequest, lang: Lang, month: string): string[] {
  const { stats, people, nightmareNights } = request;
  const en = lang === 'en';
  const questions: string[] = [];
  const image = stats.symbols[0];
  if (image) {
    const times = en ? plural(image.count, 'dream', 'dreams') : plural(image.count, 'sonho', 'sonhos');
    questions.push(
      en
        ? `“${image.name}” was in ${times} in ${month}, more than any other image. What does it bring to mind in your waking days right now?`
        : `“${image.name}” esteve em ${times} de ${month}, mais que qualquer outra imagem. O que ela traz à sua mente nos seus dias agora?`,
    );
  }
  const recurring = people.slice(0, 3);
  if (recurring.length === 1) {
    const [person] = recurring;
    questions.push(
      en
        ? `“${person?.name}” came back in ${person?.count} dreams this month. How are things with this person — or with what they stand for to you?`
        : `“${person?.name}” voltou em ${person?.count} sonhos neste mês. Como anda sua relação com essa pessoa — ou com o que ela representa para você?`,
    );
  } else if (recurring.length > 1) {
    const names = listOf(
      recurring.map((person) => `“${person.name}”`),
      lang,
    );
    questions.push(
      en
        ? `${names} came back in more than one dream. What place do they hold in your life this month?`
        : `${names} voltaram em mais de um sonho. Que lugar essas pessoas ocupam na sua vida neste mês?`,
    );
  }
  if (nightmareNights.length > 0) {
    const days = listOf(
      [...new Set(nightmareNights.map((night) => String(Number(night.slice(8, 10)))))].slice(0, 4),
      lang,
    );
    const one = nightmareNights.length === 1;
    questions.push(
      en
        ? `${one ? 'Your nightmare came' : `Your ${nightmareNights.length} nightmares came`} on the night${one ? '' : 's'} of ${month} ${days}. Was anything weighing on you around ${one ? 'that night' : 'those nights'}?`
        : `${one ? 'O pesadelo veio' : `Os ${nightmareNights.length} pesadelos vieram`} na${one ? ' noite do dia' : 's noites dos dias'} ${days} de ${month}. Havia algo pesando em você ${one ? 'nessa noite' : 'nessas noites'}?`,
    );
  }
  const feeling = stats.emotions[0];
  if (feeling && feeling.count >= 2) {
    const name = emotionName(feeling.emotion, lang);
    questions.push(
      en
        ? `You marked ${name} in ${feeling.count} dreams. Where else did that feeling show up in your days this month?`
        : `Você marcou ${name} em ${feeling.count} sonhos. Em que outros momentos do mês, no dia a dia, esse sentimento apareceu?`,
    );
  }
  if (stats.counts.lucid > 0)
    questions.push(
      en
        ? `In ${plural(stats.counts.lucid, 'dream', 'dreams')} you knew you were dreaming. What helped you notice, and could it help again?`
        : `Em ${plural(stats.counts.lucid, 'sonho', 'sonhos')} você soube que sonhava. O que ajudou você a perceber, e poderia ajudar de novo?`,
    );
  const general = en
    ? [
        'Which dream of the month would you like to remember, and why?',
        'What would you like to pay attention to in your dreams next month?',
      ]
    : [
        'Qual sonho do mês você gostaria de lembrar, e por quê?',
        'Ao que você gostaria de prestar atenção nos sonhos do próximo mês?',
      ];
  for (const question of general) if (questions.length < 2) questions.push(question);
  return questions.slice(0, 4);
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

  // A tag that is a form of a theme already named ("voar" beside the theme "Voo") is not a second theme.
  const themeNames = stats.themes.slice(0, 4).map((theme) => theme.name);
  const tagsBeyondThemes = stats.tags.filter((tag) => {
    const groups = groupForms([...themeNames, tag.name], (name) => name, {
      sameAs: (word) => lexiconIdOf('theme', word),
    });
    return groups.length === themeNames.length + 1;
  });
  const themes = [
    ...stats.themes.slice(0, 4).map((theme) => ({
      name: theme.name,
      description:
        lang === 'en'
          ? `Named by the analyses of ${plural(theme.count, 'dream', 'dreams')}.`
          : `Apontado nas análises de ${plural(theme.count, 'sonho', 'sonhos')}.`,
    })),
    ...tagsBeyondThemes.slice(0, 2).map((tag) => ({
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

  const questions = questionsOf(request, lang, name);

  return {
    summary,
    themes,
    emotionalArc,
    recurringSymbols,
    changeFromPreviousMonth,
    reflectionQuestions: questions,
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
