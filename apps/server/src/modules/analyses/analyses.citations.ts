import { ANALYSIS_DREAM_REF_PATTERN, type AnalysisDreamRef, type AnalysisResult } from '@sonhario/contracts/analyses';
import type { JournalContext } from './providers/provider.ts';
import { fitJournalContext } from './providers/prompt.ts';

// The `[D1]` citations of earlier dreams a generative analysis writes (docs/decisions/064, 070). They may stand in any
// sentence the model writes (the summary, the interpretation, a question, a symbol's meaning, a theme's description, a
// lucidity signal): there they become links. A name (a symbol, a theme, a character, a setting) is a label the
// aggregates count and the chips show: a marker there is taken out.

const markers = () => new RegExp(ANALYSIS_DREAM_REF_PATTERN.source, 'g');

/** A text whose markers were changed: the spaces a removed marker leaves before punctuation or beside a word. */
const tidy = (text: string) => text.replace(/[ \t]+([.,;:!?)])/g, '$1').replace(/[ \t]{2,}/g, ' ');

/**
 * Each text field of a result through `sentence` (where a link can stand) or `name` (where none can). An item that the
 * change left empty (a name that was only a marker) is dropped; the others stay as they were, empty ones included.
 */
function mapResultText(
  result: AnalysisResult,
  sentence: (text: string) => string,
  name: (text: string) => string,
): AnalysisResult {
  const isKept = (before: string, after: string) => after === before || after.trim() !== '';
  const each = (list: string[], change: (text: string) => string) =>
    list.flatMap((item) => {
      const changed = change(item);
      return isKept(item, changed) ? [changed] : [];
    });
  return {
    ...result,
    // In reading order, so the refs come in the order the dreamer meets them.
    summary: sentence(result.summary),
    reflectionQuestions: result.reflectionQuestions.map(sentence),
    interpretation: sentence(result.interpretation),
    symbols: result.symbols.flatMap(({ symbol, meaning }) => {
      const changed = name(symbol);
      return isKept(symbol, changed) ? [{ symbol: changed, meaning: sentence(meaning) }] : [];
    }),
    themes: result.themes.flatMap((theme) => {
      const changed = name(theme.name);
      return isKept(theme.name, changed) ? [{ name: changed, description: sentence(theme.description) }] : [];
    }),
    characters: each(result.characters, name),
    settings: each(result.settings, name),
    luciditySignals: each(result.luciditySignals, sentence),
  };
}

/** A name without its markers ("a casa [D1]" → "a casa"); a name that was only a marker becomes empty (dropped). */
function withoutMarkers(text: string): string {
  const stripped = text.replace(markers(), '');
  return stripped === text ? text : tidy(stripped).trim();
}

/**
 * The earlier dreams an analysis cites as `[D<n>]`, resolved to the journal context it was given (decision 064): only
 * the labels the prompt sent count, so a citation can only name one of the caller's own dreams (the context is read
 * from their journal alone). Every sentence the model wrote is read (decision 070); a marker that names nothing sent is
 * taken out of the text, as is any marker in a name. The refs come once per label, in order of first mention.
 */
export function resolveCitations(
  result: AnalysisResult,
  context: JournalContext | undefined,
): { result: AnalysisResult; relatedDreams: AnalysisDreamRef[] } {
  const sent = new Set(fitJournalContext(context).labels);
  const relatedDreams: AnalysisDreamRef[] = [];
  const cite = (text: string) => {
    const cited = text.replace(markers(), (marker, digits: string) => {
      const label = `D${Number(digits)}`;
      const dream = sent.has(label) ? context?.relatedDreams[Number(digits) - 1] : undefined;
      if (!dream) return '';
      if (!relatedDreams.some((ref) => ref.ref === label)) {
        relatedDreams.push({
          ref: label,
          dreamId: dream.dreamId,
          title: dream.title.trim() || null,
          dreamtOn: dream.dreamtOn,
        });
      }
      return label === marker.slice(1, -1) ? marker : `[${label}]`;
    });
    return cited === text ? text : tidy(cited);
  };
  return { result: mapResultText(result, cite, withoutMarkers), relatedDreams };
}

/**
 * The result for a reader that is not the reading's own view (the list of analyses, the chat's and the monthly
 * report's prompts, which label dreams D1.. of their own): each marker as the cited dream's title in «», or its night
 * when it has none; a marker with no stored ref taken out. Names are left as stored: the aggregates count them as they
 * were counted when the analysis was made.
 */
export function citationsAsWords(result: AnalysisResult, relatedDreams: readonly AnalysisDreamRef[]): AnalysisResult {
  const byRef = new Map(relatedDreams.map((ref) => [ref.ref, ref]));
  const words = (text: string) => {
    const replaced = text.replace(markers(), (_marker, digits: string) => {
      const ref = byRef.get(`D${Number(digits)}`);
      return ref ? `«${ref.title ?? ref.dreamtOn}»` : '';
    });
    return replaced === text ? text : tidy(replaced);
  };
  return mapResultText(result, words, (name) => name);
}
