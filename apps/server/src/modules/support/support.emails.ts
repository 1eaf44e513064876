import { SUPPORT_RESPONSE_HOURS, isPrioritySupport } from '@sonhario/contracts/support';
import type { PlanId } from '@sonhario/contracts/profile';
import { escapeHtml } from '../../lib/html.ts';
import { PRODUCT_NAME } from '../../product.ts';
import type { OutgoingEmail } from '../auth/auth.mailer.ts';

// The two support e-mails, in pt-BR like the app: the message to the operator (SUPPORT_EMAIL) and the answer to the
// user. The operator's never holds a dream's text, only its link.

const PLAN_NAMES: Record<PlanId, string> = { dreamer: 'Dreamer', lucid: 'Lucid', oracle: 'Oracle' };

/** A subject line on one line, whatever the user typed. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 12px;line-height:1.5;white-space:pre-wrap">${escapeHtml(p)}</p>`)
    .join('\n    ');

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f5f3ff;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f1b2e">
  <div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
    <p style="margin:0 0 8px;font-size:14px;color:#6d28d9;font-weight:600">${escapeHtml(PRODUCT_NAME)}</p>
    ${body}
  </div>
</body>
</html>
`;
}

export interface SupportMessageForEmail {
  id: string;
  from: string;
  plan: PlanId;
  subject: string;
  message: string;
  dreamLink: string | null;
  createdAt: Date;
}

/** To SUPPORT_EMAIL: who wrote (reply to their address), on which plan, what, and the dream's link if any. */
export function supportMessageEmail(to: string, m: SupportMessageForEmail): OutgoingEmail {
  const isPriority = isPrioritySupport(m.plan);
  const subject = `${isPriority ? '[Prioridade] ' : ''}Ajuda do ${PRODUCT_NAME}: ${oneLine(m.subject)}`;
  const facts = [
    `De: ${m.from} (responda com: npm run admin -- support answer ${m.id})`,
    `Plano: ${PLAN_NAMES[m.plan]}${isPriority ? ' — suporte prioritário' : ''} (primeira resposta prometida em até ${String(SUPPORT_RESPONSE_HOURS[m.plan])} horas)`,
    `Enviada em: ${m.createdAt.toISOString()}`,
    ...(m.dreamLink ? [`Sobre o sonho: ${m.dreamLink}`] : []),
    `Assunto: ${m.subject}`,
  ];
  const text = [...facts, '', m.message, '', `— ${PRODUCT_NAME}`].join('\n');
  const html = page(
    subject,
    `<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(m.subject)}</h1>
    <ul style="margin:0 0 16px;padding-left:18px;font-size:14px;color:#5b5670;line-height:1.6">${facts
      .slice(0, -1)
      .map((fact) => `<li>${escapeHtml(fact)}</li>`)
      .join('')}</ul>
    ${paragraphs(m.message)}`,
  );
  return { to, subject, text, html, links: m.dreamLink ? [m.dreamLink] : [] };
}

/** To the user: the operator's answer, and where to read it in the app. */
export function supportAnswerEmail(
  to: string,
  a: { subject: string; answer: string; helpLink: string },
): OutgoingEmail {
  const subject = `Resposta do suporte do ${PRODUCT_NAME}`;
  const intro = `Respondemos a sua mensagem "${oneLine(a.subject)}":`;
  const outro = 'Você também encontra a resposta na página Ajuda do app:';
  const text = [intro, '', a.answer, '', outro, a.helpLink, '', `— ${PRODUCT_NAME}`].join('\n');
  const html = page(
    subject,
    `<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(subject)}</h1>
    <p style="margin:0 0 16px;line-height:1.5">${escapeHtml(intro)}</p>
    ${paragraphs(a.answer)}
    <p style="margin:16px 0 0;font-size:14px;line-height:1.5">${escapeHtml(outro)}<br><a href="${escapeHtml(a.helpLink)}" style="color:#6d28d9;word-break:break-all">${escapeHtml(a.helpLink)}</a></p>`,
  );
  return { to, subject, text, html, links: [a.helpLink] };
}
