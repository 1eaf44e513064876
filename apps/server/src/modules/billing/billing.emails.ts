// The e-mail billing sends: a payment that failed, with the date the plan's grace ends.

import type { PaidPlanId } from '@sonhario/contracts/billing';
import { PLAN_NAMES } from '@sonhario/contracts/credits';
import { escapeHtml } from '../../lib/html.ts';
import { PRODUCT_NAME } from '../../product.ts';
import type { OutgoingEmail } from '../auth/auth.mailer.ts';

export function pastDueEmail(to: string, siteUrl: string, plan: PaidPlanId, graceEndsAt: Date): OutgoingEmail {
  const link = `${siteUrl}/app/plans`;
  const until = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    graceEndsAt,
  );
  const name = PLAN_NAMES[plan];
  const subject = `Não conseguimos cobrar seu plano ${name}`;
  const intro =
    `A cobrança do seu plano ${name} no ${PRODUCT_NAME} não foi aprovada. Você continua com o plano até ${until}; ` +
    'atualize a forma de pagamento para não voltar ao plano Dreamer.';
  return {
    to,
    subject,
    text: `${intro}\n\nAtualizar pagamento: ${link}\n`,
    html: `<p>${escapeHtml(intro)}</p>` + `<p><a href="${escapeHtml(link)}">Atualizar forma de pagamento</a></p>`,
    links: [link],
  };
}
