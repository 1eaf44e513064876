import { ANALYSIS_DREAM_REF_PATTERN, ANALYSIS_PROVIDERS } from '@sonhario/contracts/analyses';
import { PLAN_NAMES } from '@sonhario/contracts/credits';
import { LUCIDITY_LEVELS } from '@sonhario/contracts/dreams';
import type { ExportAnalysis, ExportDream, ExportReminders, ExportSecurityLogEntry } from '@sonhario/contracts/account';
import type { ChatMessage, ChatThread } from '@sonhario/contracts/chat';
import type { MonthlyReport } from '@sonhario/contracts/reports';
import { escapeHtml as esc } from '../../lib/html.ts';
import type { ExportHead, ExportTotals, ExportWriter } from './account.data.service.ts';

// The HTML export: one self-contained pt-BR document that reads and prints well. It is a downloaded file, opened
// from disk, so it carries its own styles inline and a CSP of its own (no scripts, no requests at all). Every
// string that comes from a user or from a model goes through `esc` (the server's one escaper, short here because the
// templates below use it on almost every line).

const STYLE = `
  :root { color-scheme: light; }
  body { font: 16px/1.55 Georgia, 'Times New Roman', serif; color: #1d1b26; background: #fff; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; }
  h1, h2, h3, h4 { font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; line-height: 1.25; }
  h1 { font-size: 1.8rem; margin-bottom: .25rem; }
  h2 { font-size: 1.35rem; border-bottom: 2px solid #5b4b8a; padding-bottom: .25rem; margin-top: 2.5rem; }
  h3 { font-size: 1.15rem; margin: 0 0 .25rem; }
  h4 { font-size: 1rem; margin: 1rem 0 .25rem; }
  nav a { color: #5b4b8a; }
  .muted, .meta { color: #5f5a6e; font-size: .9rem; }
  dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; margin: .5rem 0; }
  dl.facts dt { font-weight: bold; }
  dl.facts dd { margin: 0; }
  table { border-collapse: collapse; width: 100%; font-size: .85rem; margin: .5rem 0; }
  th, td { border: 1px solid #cfcadb; padding: .3rem .45rem; text-align: left; vertical-align: top; }
  th { background: #f1eef8; }
  td { overflow-wrap: anywhere; }
  article.dream { border-top: 1px solid #cfcadb; padding: 1rem 0; }
  .text { white-space: pre-wrap; overflow-wrap: break-word; }
  .deleted { color: #8a2d2d; }
  .tag { display: inline-block; border: 1px solid #cfcadb; border-radius: 1rem; padding: 0 .5rem; margin: 0 .25rem .25rem 0; font-size: .85rem; }
  section.analysis { background: #f7f5fb; border-left: 3px solid #5b4b8a; padding: .5rem 1rem; margin: 1rem 0; }
  footer { margin-top: 3rem; border-top: 2px solid #5b4b8a; padding-top: .5rem; }
  @media print {
    body { margin: 0; max-width: none; font-size: 11pt; }
    nav { display: none; }
    #sonhos { break-before: page; }
    h2, h3, h4 { break-after: avoid; }
    tr, section.analysis, dl.facts { break-inside: avoid; }
    section.analysis { background: none; }
  }
`;

const PURPOSES: Record<string, string> = {
  ai_analysis: 'Análise de sonhos por IA',
  data_processing: 'Tratamento dos dados (LGPD)',
};
const CONSENT_SOURCES: Record<string, string> = {
  signup: 'no cadastro',
  prompt: 'pergunta no app',
  settings: 'configurações',
};
const LEDGER_REASONS: Record<string, string> = {
  welcome_bonus: 'Bônus de boas-vindas',
  analysis: 'Análise de sonho',
  operator_grant: 'Concedidos pela equipe',
  first_dream_of_day: 'Primeiro sonho do dia',
  streak_milestone: 'Marco de sequência',
  daily_bonus: 'Bônus diário',
  achievement: 'Conquista',
};
const STREAK_DAY_KINDS: Record<string, string> = { no_recall: 'Noite sem lembrança', freeze: 'Proteção de sequência' };
const SIGN_KINDS: Record<string, string> = {
  symbol: 'Símbolo',
  person: 'Pessoa',
  place: 'Lugar',
  tag: 'Tag',
  emotion: 'Emoção',
  recurring: 'Sonho recorrente',
};
const PROVIDERS: Record<(typeof ANALYSIS_PROVIDERS)[number], string> = {
  builtin: 'Leitura simbólica local (sem IA)',
  openai: 'IA (API compatível com OpenAI)',
  anthropic: 'IA (Anthropic)',
};
const SIGN_IN_PROVIDERS: Record<string, string> = { email: 'E-mail e senha', google: 'Google' };
const THEMES: Record<string, string> = { dark: 'escuro', light: 'claro', system: 'o do sistema' };
const LOCALES: Record<string, string> = { 'pt-BR': 'português (Brasil)', en: 'inglês' };
const CHARGES: Record<string, string> = { quota: 'cota do plano', credits: 'créditos' };

const SECURITY_ACTIONS: Record<string, string> = {
  user_signedup: 'Cadastro',
  user_confirmation_requested: 'Confirmação de e-mail pedida',
  user_repeated_signup: 'Novo cadastro com o mesmo e-mail',
  login: 'Entrada',
  logout: 'Saída',
  token_refreshed: 'Sessão renovada',
  token_revoked: 'Sessões encerradas pelo servidor',
  user_recovery_requested: 'Recuperação de senha pedida',
  user_updated_password: 'Senha alterada',
  user_modified: 'Conta alterada',
  identity_linked: 'Conta Google vinculada',
};
const SECURITY_DETAIL_LABELS: Record<keyof ExportSecurityLogEntry['details'], string> = {
  provider: 'forma',
  flow: 'fluxo',
  via: 'link',
  scope: 'alcance',
  reason: 'motivo',
  fields: 'campos',
  resend: 'reenvio',
  actor: 'feito por',
};
const SECURITY_DETAIL_VALUES: Record<string, string> = {
  email: 'e-mail',
  google: 'Google',
  local: 'este dispositivo',
  others: 'os outros dispositivos',
  global: 'todos os dispositivos',
  refresh_token_reuse: 'token de renovação reutilizado',
  service_role: 'equipe (service_role)',
};

const labelOf = (labels: Record<string, string>, value: string) => labels[value] ?? value;
const yesNo = (value: boolean) => (value ? 'sim' : 'não');

function formatters(timeZone: string) {
  let instant: Intl.DateTimeFormat;
  try {
    instant = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeStyle: 'short', timeZone });
  } catch {
    instant = new Intl.DateTimeFormat('pt-BR', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'America/Sao_Paulo',
    });
  }
  const night = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'full', timeZone: 'UTC' });
  return {
    /** An instant in the user's time zone; '—' for none. */
    at: (iso: string | null) => (iso ? esc(instant.format(new Date(iso))) : '—'),
    /** A calendar date ('YYYY-MM-DD') as written, with its weekday. */
    night: (date: string) => esc(night.format(new Date(`${date}T00:00:00Z`))),
  };
}

/** The reminder settings and the devices that receive them (when added; never their push addresses). */
function remindersHtml(reminders: ExportReminders | undefined, at: (iso: string) => string): string {
  const settings = reminders?.settings;
  const lines = settings
    ? `<p>Lembrete da manhã: ${settings.morning.isEnabled ? `ativado, às ${esc(settings.morning.time)}` : 'desativado'}.</p>
<p>Testes de realidade: ${settings.realityChecks.isEnabled ? `ativados, ${String(settings.realityChecks.count)} por dia entre ${esc(settings.realityChecks.from)} e ${esc(settings.realityChecks.to)}` : 'desativados'}.</p>`
    : '<p class="muted">Nenhum lembrete configurado.</p>';
  const devices = reminders?.devices ?? [];
  return `${lines}
<p class="muted">Aparelhos que recebem lembretes: ${String(devices.length)}${devices.length > 0 ? ` (adicionados em ${devices.map((d) => at(d.createdAt)).join(', ')})` : ''}. O endereço de notificação de cada aparelho não é exportado.</p>`;
}

const row = (cells: string[]) => `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`;
const table = (headers: string[], rows: string[], empty: string) =>
  rows.length === 0
    ? `<p class="muted">${esc(empty)}</p>`
    : `<table><thead><tr>${headers.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>`;
const facts = (entries: [string, string][]) =>
  `<dl class="facts">${entries.map(([term, value]) => `<dt>${esc(term)}</dt><dd>${value}</dd>`).join('')}</dl>`;
const list = (items: string[], ordered = false) =>
  items.length === 0
    ? '<p class="muted">—</p>'
    : `<${ordered ? 'ol' : 'ul'}>${items.map((item) => `<li>${item}</li>`).join('')}</${ordered ? 'ol' : 'ul'}>`;

/** An audit entry's exported traits, as "forma: e-mail · campos: data, email", escaped; '—' for none. */
function securityDetailsHtml(details: ExportSecurityLogEntry['details']): string {
  const parts = Object.entries(details).map(([key, value]) => {
    const shown = Array.isArray(value)
      ? value.join(', ')
      : typeof value === 'boolean'
        ? yesNo(value)
        : labelOf(SECURITY_DETAIL_VALUES, value);
    return `${labelOf(SECURITY_DETAIL_LABELS, key)}: ${shown}`;
  });
  return parts.length ? esc(parts.join(' · ')) : '—';
}

export function createHtmlExportWriter(): ExportWriter {
  let format = formatters('America/Sao_Paulo');
  let hasDreams = false;

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

  function analysisHtml(analysis: ExportAnalysis): string {
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

  function chatHtml(conversation: ChatThread & { messages: ChatMessage[] }): string {
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

  function reportHtml(report: MonthlyReport): string {
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

  function dreamHtml(dream: ExportDream): string {
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
${dream.analyses.map(analysisHtml).join('\n')}
</article>`;
  }

  return {
    contentType: 'text/html; charset=utf-8',
    extension: 'html',
    start(head: ExportHead) {
      format = formatters(head.profile.timeZone);
      const { account, profile } = head;
      const name = [account.firstName, account.lastName].filter(Boolean).join(' ');
      let balance = 0;
      const ledgerRows = head.creditLedger.map((entry) => {
        balance += entry.amount;
        return row([
          format.at(entry.createdAt),
          esc(labelOf(LEDGER_REASONS, entry.reason) + (entry.detail ? ` (${entry.detail})` : '')),
          esc(entry.amount > 0 ? `+${entry.amount}` : entry.amount),
          esc(balance),
        ]);
      });
      return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(head.product)} — seus dados (${format.at(head.exportedAt)})</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${esc(head.product)} — seus dados</h1>
<p class="meta">Exportação da conta ${esc(account.email)}, feita em ${format.at(head.exportedAt)} (fuso ${esc(profile.timeZone)}). Formato versão ${esc(head.schemaVersion)}. Este arquivo contém textos pessoais: guarde-o em lugar seguro.</p>
<nav><a href="#conta">Conta</a> · <a href="#preferencias">Preferências</a> · <a href="#consentimentos">Consentimentos</a> · <a href="#sessoes">Dispositivos</a> · <a href="#seguranca">Registro de segurança</a> · <a href="#creditos">Créditos</a> · <a href="#uso">Uso de análises</a> · <a href="#recompensas">Recompensas</a> · <a href="#relatorios">Relatórios do mês</a> · <a href="#conversas">Conversas</a> · <a href="#pagamentos">Pagamentos</a> · <a href="#ajuda">Ajuda</a> · <a href="#sonhos">Sonhos</a></nav>
</header>
<section id="conta">
<h2>Conta</h2>
${facts([
  ['Identificador', `<code>${esc(account.id)}</code>`],
  ['E-mail', esc(account.email)],
  ['Nome', name ? esc(name) : '—'],
  ['Conta criada em', format.at(account.createdAt)],
  ['E-mail confirmado em', format.at(account.emailConfirmedAt)],
  ['Último acesso', format.at(account.lastSignInAt)],
  [
    'Formas de entrar',
    account.providers
      .map((p) => `${esc(labelOf(SIGN_IN_PROVIDERS, p.provider))}${p.email ? ` (${esc(p.email)})` : ''}`)
      .join('; ') || '—',
  ],
])}
</section>
<section id="preferencias">
<h2>Preferências</h2>
${facts([
  ['Fuso horário', esc(profile.timeZone)],
  ['Idioma', esc(labelOf(LOCALES, profile.locale))],
  ['Tema', esc(labelOf(THEMES, profile.theme))],
  ['Plano', esc(PLAN_NAMES[profile.plan])],
])}
</section>
<section id="consentimentos">
<h2>Consentimentos</h2>
${table(
  ['Finalidade', 'Resposta', 'Respondido em', 'Retirado em', 'Onde', 'Texto (versão)'],
  head.consents.map((c) =>
    row([
      esc(labelOf(PURPOSES, c.purpose)),
      c.isGranted ? (c.withdrawnAt ? 'concedido, depois retirado' : 'concedido') : 'recusado',
      format.at(c.grantedAt),
      format.at(c.withdrawnAt),
      esc(labelOf(CONSENT_SOURCES, c.source)),
      `${esc(c.text)} <span class="muted">(${esc(c.textVersion)})</span>`,
    ]),
  ),
  'Nenhuma resposta registrada.',
)}
</section>
<section id="sessoes">
<h2>Dispositivos conectados</h2>
${table(
  ['Entrada em', 'Último uso', 'Navegador / aparelho', 'IP', 'Encerrada em'],
  head.sessions.map((s) =>
    row([
      format.at(s.createdAt),
      format.at(s.lastUsedAt),
      esc(s.userAgent ?? '—'),
      esc(s.ip ?? '—'),
      format.at(s.endedAt),
    ]),
  ),
  'Nenhuma sessão.',
)}
</section>
<section id="seguranca">
<h2>Registro de segurança</h2>
<p class="muted">Cadastro, entradas, saídas, renovações de sessão e mudanças na conta, com o IP de onde vieram, da mais antiga para a mais recente.</p>
${table(
  ['Data', 'Ação', 'IP', 'Detalhes'],
  head.securityLog.map((e) =>
    row([
      format.at(e.createdAt),
      esc(labelOf(SECURITY_ACTIONS, e.action)),
      esc(e.ip ?? '—'),
      securityDetailsHtml(e.details),
    ]),
  ),
  'Nenhum registro.',
)}
</section>
<section id="creditos">
<h2>Créditos</h2>
${table(['Data', 'Motivo', 'Valor', 'Saldo depois'], ledgerRows, 'Nenhum movimento.')}
</section>
<section id="uso">
<h2>Uso de análises</h2>
${table(
  ['Data', 'Mês contado', 'Paga com', 'Serviço', 'Modelo'],
  head.analysisUsage.map((u) =>
    row([
      format.at(u.createdAt),
      esc(u.month),
      esc(labelOf(CHARGES, u.charge)),
      esc(labelOf(PROVIDERS, u.provider)),
      esc(u.model),
    ]),
  ),
  'Nenhuma análise.',
)}
</section>
<section id="recompensas">
<h2>Recompensas</h2>
<h3>Conquistas</h3>
${table(
  ['Conquista', 'Obtida em'],
  head.rewards.achievements.map((a) => row([esc(a.id), format.at(a.earnedAt)])),
  'Nenhuma conquista.',
)}
<h3>Dias que mantiveram a sequência sem sonho</h3>
${table(
  ['Dia', 'Tipo'],
  head.rewards.streakDays.map((d) => row([esc(d.day), esc(labelOf(STREAK_DAY_KINDS, d.kind))])),
  'Nenhum.',
)}
<h3>Proteções de sequência</h3>
${table(
  ['Ganha em', 'Usada em'],
  head.rewards.freezes.map((f) => row([esc(f.earnedOn), esc(f.spentOn ?? '—')])),
  'Nenhuma.',
)}
</section>
<section id="relatorios">
<h2>Relatórios do mês</h2>
${(head.monthlyReports ?? []).map(reportHtml).join('\n') || '<p class="muted">Nenhum relatório.</p>'}
</section>
<section id="conversas">
<h2>Conversas</h2>
${(head.chatConversations ?? []).map(chatHtml).join('\n') || '<p class="muted">Nenhuma conversa.</p>'}
</section>
<section id="sinais">
<h2>Sinais de sonho fixados</h2>
${table(
  ['Tipo', 'Sinal', 'Fixado em'],
  (head.dreamSignPins ?? []).map((p) => row([esc(labelOf(SIGN_KINDS, p.kind)), esc(p.label), format.at(p.createdAt)])),
  'Nenhum sinal fixado.',
)}
</section>
<section id="lembretes">
<h2>Lembretes</h2>
${remindersHtml(head.reminders, format.at)}
</section>
<section id="pagamentos">
<h2>Pagamentos</h2>
<p class="muted">As mudanças de plano e as faturas (datas, valores e situação; os dados do cartão ficam com o Stripe, nunca aqui).</p>
<h3>Histórico de planos</h3>
${table(
  ['Plano', 'Desde', 'Origem', 'Situação da assinatura'],
  head.billing.planHistory.map((c) =>
    row([
      esc(PLAN_NAMES[c.plan]),
      format.at(c.at),
      c.source === 'operator' ? 'Administrador' : 'Assinatura (Stripe)',
      esc(c.source === 'operator' ? '—' : c.status),
    ]),
  ),
  'Nenhuma mudança de plano.',
)}
<h3>Faturas</h3>
${table(
  ['Fatura', 'Valor', 'Situação', 'Período', 'Emitida em'],
  head.billing.invoices.map((i) =>
    row([
      `<code>${esc(i.id)}</code>`,
      esc(
        new Intl.NumberFormat('pt-BR', { style: 'currency', currency: i.currency.toUpperCase() }).format(
          i.amount / 100,
        ),
      ),
      esc(i.status),
      `${format.at(i.periodStart)} – ${format.at(i.periodEnd)}`,
      format.at(i.createdAt),
    ]),
  ),
  'Nenhuma fatura.',
)}
</section>
<section id="ajuda">
<h2>Ajuda</h2>
<p class="muted">As mensagens que você enviou ao suporte e as respostas, da mais antiga para a mais recente.</p>
${
  head.support.length === 0
    ? '<p class="muted">Nenhuma mensagem.</p>'
    : head.support
        .map(
          (m) => `<article class="support">
<h3>${esc(m.subject)}</h3>
<p class="meta">Enviada em ${format.at(m.createdAt)} · plano ${esc(m.plan)}${m.isPriority ? ' · prioritária' : ''}${m.dreamId ? ` · sobre o sonho <a href="#sonho-${esc(m.dreamId)}"><code>${esc(m.dreamId)}</code></a>` : ''}</p>
<div class="text">${esc(m.message)}</div>
${m.answer === null ? '<p class="muted">Aguardando resposta.</p>' : `<h4>Resposta (${format.at(m.answeredAt)})</h4>\n<div class="text">${esc(m.answer)}</div>`}
</article>`,
        )
        .join('\n')
}
</section>
<section id="sonhos">
<h2>Sonhos</h2>
<p class="muted">Da noite mais antiga para a mais recente; os excluídos que ainda podiam ser restaurados vêm no fim.</p>
`;
    },
    dreams(dreams: ExportDream[]) {
      if (dreams.length > 0) hasDreams = true;
      return dreams.map((dream) => `${dreamHtml(dream)}\n`).join('');
    },
    end(totals: ExportTotals) {
      const count = (n: number, one: string, many: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;
      return `${hasDreams ? '' : '<p class="muted">Nenhum sonho registrado.</p>\n'}</section>
<footer><p class="meta">Fim da exportação: ${count(totals.dreams, 'sonho', 'sonhos')}, ${count(totals.analyses, 'análise', 'análises')} e ${count(totals.securityLog, 'registro de segurança', 'registros de segurança')}.</p></footer>
</body>
</html>
`;
    },
  };
}
