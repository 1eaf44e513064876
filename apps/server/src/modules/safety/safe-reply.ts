// What the app says when the detector fires (docs/decisions/056): calm words, where to find a person to talk to, and
// the check that a model's answer did the same. pt-BR names CVV (Brazil's free, 24-hour line); English, whose readers
// may live anywhere, points to findahelpline.com (free local lines by country) and to the local emergency number.
import type { AnalysisLanguage, AnalysisResult } from '@sonhario/contracts/analyses';
import {
  assessDistress,
  DISTRESS_KINDS,
  foldForDistress,
  type DistressAssessment,
  type DistressKind,
} from './distress.ts';

const isPortuguese = (language: AnalysisLanguage) => language === 'pt-BR';

/** A line per kind, after the help itself: what fits that moment (grounding for panic, a line for violence). */
const KIND_LINES: Record<DistressKind, Record<AnalysisLanguage, string>> = {
  suicide: {
    'pt-BR': 'Pensamentos assim costumam ficar mais leves quando são ditos em voz alta para alguém.',
    en: 'Thoughts like these often get a little lighter once they are said out loud to someone.',
  },
  self_harm: {
    'pt-BR': 'Se você se machucou, cuide do ferimento primeiro e, se for preciso, procure um pronto-atendimento.',
    en: 'If you have hurt yourself, look after the wound first, and go to urgent care if it needs it.',
  },
  abuse: {
    'pt-BR':
      'Ninguém tem o direito de machucar ou ameaçar você. Em perigo, ligue 190 (Polícia Militar); o Ligue 180 orienta mulheres em situação de violência, de graça e a qualquer hora.',
    en: 'No one has the right to hurt or threaten you. A local helpline can also help you plan how to stay safe.',
  },
  panic: {
    'pt-BR':
      'Se for uma crise de pânico agora: sente-se, solte os ombros e respire devagar, contando até quatro ao puxar o ar e até seis ao soltar. Ela assusta muito, mas costuma passar em alguns minutos.',
    en: 'If this is a panic attack right now: sit down, drop your shoulders and breathe slowly, counting to four as you breathe in and to six as you breathe out. It is frightening, and it usually passes within minutes.',
  },
};

const HELP: Record<AnalysisLanguage, string> = {
  'pt-BR':
    'Você não precisa passar por isso sem apoio: o CVV (Centro de Valorização da Vida) atende de graça, 24 horas por dia, pelo telefone 188 ou pelo chat em cvv.org.br. Se você estiver em perigo imediato, ligue 192 (SAMU) ou 190.',
  en: 'You do not have to go through this alone: findahelpline.com lists free, confidential helplines in your country, many of them open 24 hours. If you are in immediate danger, call your local emergency number.',
};

function kindLines(language: AnalysisLanguage, kinds: readonly DistressKind[]): string {
  return kinds.map((kind) => KIND_LINES[kind][language]).join(' ');
}

/**
 * The chat's answer when the user's message shows distress and a model's answer did not take it in: it replaces that
 * answer whole (nothing of the dream is interpreted next to it).
 */
export function safeReply(language: AnalysisLanguage, kinds: readonly DistressKind[] = []): string {
  const opening = isPortuguese(language)
    ? 'Obrigado por me contar. O que você escreveu parece pesado demais para carregar sem ajuda, e isso importa mais do que qualquer sonho agora.'
    : 'Thank you for telling me. What you wrote sounds very heavy to carry alone, and it matters more than any dream right now.';
  const closing = isPortuguese(language)
    ? 'Se quiser, conte aqui o que está acontecendo. Eu leio com calma.'
    : 'If you like, tell me here what is going on. I will read it calmly.';
  return [opening, HELP[language], kindLines(language, kinds), closing].filter(Boolean).join('\n\n');
}

/**
 * The paragraph an analysis's interpretation opens with when the dream's text shows distress and the reading did not
 * take it in: it says that part is not read as a symbol, and where to find someone to talk to.
 */
export function safeParagraph(language: AnalysisLanguage, kinds: readonly DistressKind[] = []): string {
  const opening = isPortuguese(language)
    ? 'Antes da leitura: algumas palavras do seu relato falam de um sofrimento real, fora do sonho. Essa parte não é lida aqui como símbolo; ela pede cuidado, não interpretação.'
    : 'Before the reading: some of your words speak of real pain, outside the dream. That part is not read here as a symbol; it calls for care, not interpretation.';
  return [opening, HELP[language], kindLines(language, kinds)].filter(Boolean).join(' ');
}

/** Words by which an answer points to help: a line, a number, a person to talk to. Folded text. */
const HELP_CUES: Record<AnalysisLanguage, RegExp> = {
  'pt-BR':
    / (?:cvv|188|cvv org br|192|190|180|samu|linha de apoio|apoio emocional|alguem de confianca|alguem em quem (?:voce )?confia|conversar com alguem|falar com alguem|converse com alguem|fale com alguem|procurar ajuda|procure ajuda|pedir ajuda|peca ajuda|buscar ajuda|busque ajuda|ajuda profissional|psicolog[a-z]*|terapeuta|psiquiatra|nao esta sozinh[oa]|servico de emergencia|pronto (?:socorro|atendimento)) /,
  en: / (?:findahelpline(?: com)?|helpline|hotline|crisis line|crisis text line|lifeline|988|911|999|112|samaritans|emergency number|emergency services|someone you trust|talk to someone|talking to someone|reach out|reaching out|professional help|mental health professional|therapist|counsel(?:or|lor)|doctor|you are not alone|support line|get help|ask for help) /,
};

/** Ways of reading something as a symbol. */
const SYMBOL_CUES =
  / (?:simboliza[a-z]*|simbolo[a-z]*|simbolic[a-z]*|representa[a-z]*|metafora[a-z]*|pode significar|significa|pode indicar|sinal de|fim de (?:um )?ciclo|renascimento|transformacao|novo comeco|symboli[sz]e[a-z]*|symbol|symbols|symbolic[a-z]*|represents?|representing|metaphor[a-z]*|may mean|might mean|could mean|signif(?:y|ies)|a sign of|end of a cycle|rebirth|transformation|new beginning) /;
/** The distress itself, as an answer would name it back. */
const DISTRESS_CUES =
  / (?:vontade de morrer|desejo de morrer|querer morrer|quer morrer|se matar|suicid[a-z]*|acabar com tudo|sumir|desaparecer|se machucar|se cortar|automutila[a-z]*|abuso|violencia|agressao|panico|want(?:ing)? to die|wish to die|end(?:ing)? it all|ending your life|kill(?:ing)? yourself|self harm|hurt(?:ing)? yourself|cutting|abuse|violence|panic|disappear) /;

/**
 * Whether a model's answer takes in a distress signal: it points to help (a line, a number, someone to talk to) and
 * does not read the distress itself as a symbol ("your wish to end it all may symbolise a transformation").
 */
export function answerHeedsDistress(answer: string, language: AnalysisLanguage): boolean {
  const folded = foldForDistress(answer);
  const pointsToHelp =
    HELP_CUES[language].test(folded) || HELP_CUES[isPortuguese(language) ? 'en' : 'pt-BR'].test(folded);
  if (!pointsToHelp) return false;
  const sentences = folded.split(' . ');
  return !sentences.some((sentence) => SYMBOL_CUES.test(` ${sentence} `) && DISTRESS_CUES.test(` ${sentence} `));
}

/**
 * The dream's own signal: its title and text read as a dream report, its notes (written awake, about waking life) as
 * a message.
 */
export function assessDreamDistress(dream: { title?: string | null; content: string; notes?: string | null }) {
  const told = assessDistress([dream.title ?? '', dream.content].join('\n'), { context: 'dream' });
  const noted = dream.notes ? assessDistress(dream.notes) : { isDistress: false, kinds: [] };
  const kinds = DISTRESS_KINDS.filter((kind) => told.kinds.includes(kind) || noted.kinds.includes(kind));
  return { isDistress: kinds.length > 0, kinds };
}

/**
 * An analysis with the safety layer applied, whatever the provider: `distress` is the provider's flag or the
 * detector's, and when either is up and the interpretation does not take it in, the safe paragraph comes first.
 */
export function heedAnalysisDistress(
  result: AnalysisResult,
  signal: DistressAssessment,
  language: AnalysisLanguage,
): AnalysisResult {
  const distress = result.distress || signal.isDistress;
  if (!distress) return result;
  if (answerHeedsDistress(result.interpretation, language)) return { ...result, distress };
  return {
    ...result,
    distress,
    interpretation: `${safeParagraph(language, signal.kinds)}\n\n${result.interpretation}`,
  };
}
