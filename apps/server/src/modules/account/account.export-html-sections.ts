// The HTML export's sections before the dreams, one function each, in the order the page shows them: the account,
// its preferences, consents, devices, security log, credits, usage, rewards, reports, chats, pins, reminders,
// payments and support messages.

import { PLAN_NAMES } from '@sonhario/contracts/credits';
import type { ExportReminders } from '@sonhario/contracts/account';
import { escapeHtml as esc } from '../../lib/html.ts';
import type { ExportHead } from './account.data.service.ts';
import {
  CHARGES,
  CONSENT_SOURCES,
  labelOf,
  LEDGER_REASONS,
  LOCALES,
  PROVIDERS,
  PURPOSES,
  securityDetailsHtml,
  SECURITY_ACTIONS,
  SIGN_IN_PROVIDERS,
  SIGN_KINDS,
  STREAK_DAY_KINDS,
  THEMES,
} from './account.export-html-labels.ts';
import { facts, row, table, type ExportFormat } from './account.export-html-parts.ts';
import { chatHtml, reportHtml } from './account.export-html-records.ts';

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

function accountSection(head: ExportHead, format: ExportFormat): string {
  const { account } = head;
  const name = [account.firstName, account.lastName].filter(Boolean).join(' ');
  return `<section id="conta">
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
</section>`;
}

function preferencesSection(head: ExportHead): string {
  const { profile } = head;
  return `<section id="preferencias">
<h2>Preferências</h2>
${facts([
  ['Fuso horário', esc(profile.timeZone)],
  ['Idioma', esc(labelOf(LOCALES, profile.locale))],
  ['Tema', esc(labelOf(THEMES, profile.theme))],
  ['Plano', esc(PLAN_NAMES[profile.plan])],
])}
</section>`;
}

function consentsSection(head: ExportHead, format: ExportFormat): string {
  return `<section id="consentimentos">
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
</section>`;
}

function sessionsSection(head: ExportHead, format: ExportFormat): string {
  return `<section id="sessoes">
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
</section>`;
}

function securityLogSection(head: ExportHead, format: ExportFormat): string {
  return `<section id="seguranca">
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
</section>`;
}

function creditsSection(head: ExportHead, format: ExportFormat): string {
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
  return `<section id="creditos">
<h2>Créditos</h2>
${table(['Data', 'Motivo', 'Valor', 'Saldo depois'], ledgerRows, 'Nenhum movimento.')}
</section>`;
}

function analysisUsageSection(head: ExportHead, format: ExportFormat): string {
  return `<section id="uso">
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
</section>`;
}

function rewardsSection(head: ExportHead, format: ExportFormat): string {
  return `<section id="recompensas">
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
</section>`;
}

function monthlyReportsSection(head: ExportHead, format: ExportFormat): string {
  return `<section id="relatorios">
<h2>Relatórios do mês</h2>
${(head.monthlyReports ?? []).map((report) => reportHtml(format, report)).join('\n') || '<p class="muted">Nenhum relatório.</p>'}
</section>`;
}

function conversationsSection(head: ExportHead, format: ExportFormat): string {
  return `<section id="conversas">
<h2>Conversas</h2>
${(head.chatConversations ?? []).map((conversation) => chatHtml(format, conversation)).join('\n') || '<p class="muted">Nenhuma conversa.</p>'}
</section>`;
}

function dreamSignPinsSection(head: ExportHead, format: ExportFormat): string {
  return `<section id="sinais">
<h2>Sinais de sonho fixados</h2>
${table(
  ['Tipo', 'Sinal', 'Fixado em'],
  (head.dreamSignPins ?? []).map((p) => row([esc(labelOf(SIGN_KINDS, p.kind)), esc(p.label), format.at(p.createdAt)])),
  'Nenhum sinal fixado.',
)}
</section>`;
}

function remindersSection(head: ExportHead, format: ExportFormat): string {
  return `<section id="lembretes">
<h2>Lembretes</h2>
${remindersHtml(head.reminders, format.at)}
</section>`;
}

function billingSection(head: ExportHead, format: ExportFormat): string {
  return `<section id="pagamentos">
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
</section>`;
}

function supportSection(head: ExportHead, format: ExportFormat): string {
  return `<section id="ajuda">
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
</section>`;
}

const SECTIONS = [
  accountSection,
  preferencesSection,
  consentsSection,
  sessionsSection,
  securityLogSection,
  creditsSection,
  analysisUsageSection,
  rewardsSection,
  monthlyReportsSection,
  conversationsSection,
  dreamSignPinsSection,
  remindersSection,
  billingSection,
  supportSection,
];

/** Every section before the dreams, one after another. */
export function accountSectionsHtml(head: ExportHead, format: ExportFormat): string {
  return SECTIONS.map((section) => section(head, format)).join('\n');
}
