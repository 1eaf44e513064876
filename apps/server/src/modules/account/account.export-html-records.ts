// The HTML export's records, each drawn alone: a dream with its analyses, a monthly report, a chat conversation.

import { ANALYSIS_DREAM_REF_PATTERN } from '@sonhario/contracts/analyses';
import { LUCIDITY_LEVELS } from '@sonhario/contracts/dreams';
import type { ExportAnalysis, ExportDream } from '@sonhario/contracts/account';
import type { ChatMessage, ChatThread } from '@sonhario/contracts/chat';
import type { MonthlyReport } from '@sonhario/contracts/reports';
import { escapeHtml as esc } from '../../lib/html.ts';
import { CHARGES, labelOf, PROVIDERS, yesNo } from './account.export-html-labels.ts';
import { facts, list, type ExportFormat } from './account.export-html-parts.ts';

/**
 * The `[D1]` citations of an analysis as the dreams' titles (decisions 064, 070), in whichever sentence the model
 * wrote them; one deleted since, in words. No marker is ever written as it is.
 */
function withCitations(text: string, refs: ExportAnalysis['relatedDreams']): string {
  const byRef = new Map((refs ?? []).map((ref) => [ref.ref, ref]));
  return text.replace(new RegExp(ANALYSIS_DREAM_REF_PATTERN.source, 'g'), (_marker, digits: string) => {
    const ref = byRef.get(`D${Number(digits)}`);
    return ref ? `«${ref.title ?? `sonho de ${ref.dreamtOn}`}»` : 'um sonho que não está mais no diário';
  });
}

function analysisHtml(format: ExportFormat, analysis: ExportAnalysis): string {
  const { result } = analysis;
  const text = (value: string) => esc(withCitations(value, analysis.relatedDreams));
  const by =
    analysis.provider === 'builtin'
      ? PROVIDERS.builtin
      : `${PROVIDERS[analysis.provider]}, modelo ${esc(analysis.model)}`;
  return `<section class="analysis">
<h4>Análise de ${format.at(analysis.createdAt)}</h4>
<p class="meta">${by} · idioma ${esc(analysis.language)} · paga com ${esc(labelOf(CHARGES, analysis.charge))} · leu a versão ${esc(analysis.dreamVersion)} do sonho</p>
<p><strong>Resumo.</strong> <span class="text">${text(result.summary)}</span></p>
<p><strong>Interpretação.</strong> <span class="text">${text(result.interpretation)}</span></p>
${facts([
  ['Tipo de sonho', esc(result.dreamType)],
  ['Sentimento', esc(result.sentiment.toFixed(2))],
  ['Sinal de sofrimento', yesNo(result.distress)],
])}
<h4>Temas</h4>${list(result.themes.map((t) => `<strong>${text(t.name)}</strong>${t.description ? ` — ${text(t.description)}` : ''}`))}
<h4>Símbolos</h4>${list(result.symbols.map((s) => `<strong>${text(s.symbol)}</strong>${s.meaning ? ` — ${text(s.meaning)}` : ''}`))}
<h4>Emoções percebidas</h4>${list(result.emotions.map((e) => `${esc(e.emotion)} (${esc(Math.round(e.intensity * 100))}%)`))}
<h4>Personagens</h4>${list(result.characters.map(text))}
<h4>Cenários</h4>${list(result.settings.map(text))}
<h4>Perguntas para refletir</h4>${list(result.reflectionQuestions.map(text), true)}
<h4>Sinais de lucidez</h4>${list(result.luciditySignals.map(text))}
</section>`;
}

export function chatHtml(format: ExportFormat, conversation: ChatThread & { messages: ChatMessage[] }): string {
  const about = conversation.dream
    ? `sobre o sonho “${esc(conversation.dream.title ?? '')}” (${esc(conversation.dream.dreamtOn)})`
    : 'sobre o diário';
  const who = (message: ChatMessage) =>
    message.role === 'user'
      ? 'Você'
      : message.provider === 'builtin' || !message.provider
        ? 'Guia de reflexão (não é IA generativa)'
        : `${PROVIDERS[message.provider]}, modelo ${esc(message.model ?? '')}`;
  return `<section class="analysis">
<h3>${esc(conversation.title || 'Conversa sem título')}</h3>
<p class="meta">Conversa ${about} · iniciada em ${format.at(conversation.createdAt)} · ${esc(conversation.messageCount)} mensagens</p>
${conversation.messages
  .map(
    (message) =>
      `<p><strong>${who(message)}</strong> <span class="meta">${format.at(message.createdAt)}</span><br><span class="text">${esc(message.content)}</span></p>`,
  )
  .join('\n')}
</section>`;
}

export function reportHtml(format: ExportFormat, report: MonthlyReport): string {
  const { result, stats } = report;
  const by =
    report.provider === 'builtin'
      ? 'Leitura simbólica (não é IA generativa)'
      : `${PROVIDERS[report.provider]}, modelo ${esc(report.model)}`;
  return `<section class="analysis">
<h3>${esc(report.month)}</h3>
<p class="meta">Gerado em ${format.at(report.createdAt)} · ${by} · idioma ${esc(report.language)} · ${esc(report.dreamCount)} sonhos</p>
${facts([
  ['Sonhos', esc(stats.counts.dreams)],
  ['Pesadelos', esc(stats.counts.nightmares)],
  ['Lúcidos', esc(stats.counts.lucid)],
  ['Recorrentes', esc(stats.counts.recurring)],
  ['Sonhos no mês anterior', esc(stats.previousMonth.dreams)],
])}
<p><strong>Resumo.</strong> <span class="text">${esc(result.summary)}</span></p>
<p><strong>Arco emocional.</strong> <span class="text">${esc(result.emotionalArc)}</span></p>
<p><strong>Em relação ao mês anterior.</strong> <span class="text">${esc(result.changeFromPreviousMonth)}</span></p>
<h4>Temas</h4>${list(result.themes.map((t) => `<strong>${esc(t.name)}</strong>${t.description ? ` — ${esc(t.description)}` : ''}`))}
<h4>Símbolos recorrentes</h4>${list(result.recurringSymbols.map((s) => `<strong>${esc(s.symbol)}</strong>${s.note ? ` — ${esc(s.note)}` : ''}`))}
<h4>Perguntas para refletir</h4>${list(result.reflectionQuestions.map(esc), true)}
</section>`;
}

export function dreamHtml(format: ExportFormat, dream: ExportDream): string {
  const deleted = dream.deletedAt
    ? ` · <span class="deleted">excluído em ${format.at(dream.deletedAt)}; será apagado de vez em ${format.at(dream.purgeAfter)}</span>`
    : '';
  const scale = (value: number | null) => (value === null ? '—' : `${esc(value)} de 5`);
  return `<article class="dream" id="sonho-${esc(dream.id)}">
<h3>${esc(dream.title)}${dream.isTitleDerived ? ' <span class="muted">(título tirado do início do texto)</span>' : ''}</h3>
<p class="meta">Noite de ${format.night(dream.dreamtOn)} · registrado em ${format.at(dream.recordedAt)} · alterado em ${format.at(dream.updatedAt)} · versão ${esc(dream.version)}${deleted}</p>
<div class="text">${esc(dream.content)}</div>
${dream.notes ? `<h4>Notas</h4><div class="text">${esc(dream.notes)}</div>` : ''}
${facts([
  ['Etiquetas', dream.tags.length ? dream.tags.map((tag) => `<span class="tag">${esc(tag)}</span>`).join('') : '—'],
  ['Emoções', dream.emotions.length ? esc(dream.emotions.join(', ')) : '—'],
  ['Humor ao acordar', scale(dream.mood)],
  ['Lucidez', esc(LUCIDITY_LEVELS[dream.lucidity] ?? dream.lucidity)],
  ['Vividez', scale(dream.vividness)],
  ['Qualidade do sono', scale(dream.sleepQuality)],
  ['Pesadelo', yesNo(dream.isNightmare)],
  ['Recorrente', yesNo(dream.isRecurring)],
  ['Identificador', `<code>${esc(dream.id)}</code>`],
])}
${dream.analyses.map((analysis) => analysisHtml(format, analysis)).join('\n')}
</article>`;
}
