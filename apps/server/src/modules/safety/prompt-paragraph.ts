// What every generative prompt tells the model about distress (docs/decisions/056): the same short paragraph for the
// analysis, the monthly report and the chat, with the help that fits the answer's language (CVV in pt-BR,
// findahelpline.com and the local emergency number in English, as the safe reply and the support card say).
import type { AnalysisLanguage } from '@sonhario/contracts/analyses';

const HELP: Record<AnalysisLanguage, string> = {
  'pt-BR':
    'CVV (Centro de Valorização da Vida): call 188, free and open 24 hours, or chat at cvv.org.br; in immediate danger, 192 (SAMU) or 190',
  en: 'findahelpline.com, which lists free, confidential helplines by country, and, in immediate danger, the local emergency number',
};

/** One paragraph of a system prompt: what to do when the dreamer's words show thoughts of suicide or self-harm, abuse or panic. */
export function distressPromptParagraph(language: AnalysisLanguage): string {
  return [
    'Safety:',
    "- If the dreamer's words show thoughts of suicide or self-harm, abuse, or acute panic, do not interpret that part as symbolism or as a sign of anything: it is about their waking life.",
    `- Answer that part calmly and warmly, take it seriously, and name where to find help: ${HELP[language]}. Encourage them to talk with someone they trust.`,
    "- A frightening dream, a dream death or a nightmare alone is the dream's content, not distress.",
  ].join('\n');
}
