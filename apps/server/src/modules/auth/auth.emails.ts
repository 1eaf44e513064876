import type { LOCALES } from '@sonhario/contracts/profile';
import { escapeHtml } from '../../lib/html.ts';
import { PRODUCT_NAME } from '../../product.ts';
import type { OutgoingEmail } from './auth.mailer.ts';

/**
 * The auth e-mails, as plain text and HTML, each with exactly one link: in pt-BR like the app, except the one written
 * to an existing account (the sign-up attempt notice), which speaks its owner's language.
 */

interface Template {
  subject: string;
  heading: string;
  intro: string;
  action: string;
  outro: string;
}

type Locale = (typeof LOCALES)[number];

const BUTTON_FALLBACK: Record<Locale, string> = {
  'pt-BR': 'Se o botão não funcionar, copie e cole este endereço no navegador:',
  en: "If the button does not work, copy this address into your browser's address bar:",
};

function render(to: string, link: string, t: Template, locale: Locale = 'pt-BR'): OutgoingEmail {
  const text = [t.heading, '', t.intro, '', `${t.action}:`, link, '', t.outro, '', `— ${PRODUCT_NAME}`].join('\n');
  const html = `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(t.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f3ff;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f1b2e">
  <div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
    <p style="margin:0 0 8px;font-size:14px;color:#6d28d9;font-weight:600">${escapeHtml(PRODUCT_NAME)}</p>
    <h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(t.heading)}</h1>
    <p style="margin:0 0 24px;line-height:1.5">${escapeHtml(t.intro)}</p>
    <p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#6d28d9;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(t.action)}</a></p>
    <p style="margin:0 0 8px;font-size:13px;color:#5b5670;line-height:1.5">${escapeHtml(BUTTON_FALLBACK[locale])}<br><a href="${escapeHtml(link)}" style="color:#6d28d9;word-break:break-all">${escapeHtml(link)}</a></p>
    <p style="margin:24px 0 0;font-size:13px;color:#5b5670;line-height:1.5">${escapeHtml(t.outro)}</p>
  </div>
</body>
</html>
`;
  return { to, subject: t.subject, text, html, links: [link] };
}

const VALIDITY = 'O link vale por 24 horas e pode ser usado uma única vez.';

export function confirmationEmail(to: string, link: string): OutgoingEmail {
  return render(to, link, {
    subject: 'Confirme seu e-mail',
    heading: `Boas-vindas ao ${PRODUCT_NAME}!`,
    intro: `Falta pouco para começar seu diário de sonhos. Confirme que este e-mail é seu para ativar a conta. ${VALIDITY}`,
    action: 'Confirmar e-mail',
    outro: `Se você não criou uma conta no ${PRODUCT_NAME}, ignore esta mensagem.`,
  });
}

export function recoveryEmail(to: string, link: string): OutgoingEmail {
  return render(to, link, {
    subject: 'Redefinir sua senha',
    heading: 'Redefinir sua senha',
    intro: `Recebemos um pedido para redefinir a senha da sua conta no ${PRODUCT_NAME}. ${VALIDITY}`,
    action: 'Escolher uma nova senha',
    outro: 'Se não foi você, ignore esta mensagem: sua senha continua a mesma.',
  });
}

export function emailChangeEmail(to: string, link: string): OutgoingEmail {
  return render(to, link, {
    subject: 'Confirme seu novo e-mail',
    heading: 'Confirme seu novo e-mail',
    intro: `Você pediu para usar este endereço na sua conta do ${PRODUCT_NAME}. Confirme para concluir a troca. ${VALIDITY}`,
    action: 'Confirmar novo e-mail',
    outro: 'Se não foi você, ignore esta mensagem: o e-mail da conta não será alterado.',
  });
}

/** The last e-mail to an address whose account was just deleted; its one link leads back to the site. */
export function accountDeletedEmail(to: string, siteUrl: string): OutgoingEmail {
  return render(to, `${siteUrl}/`, {
    subject: `Sua conta no ${PRODUCT_NAME} foi excluída`,
    heading: 'Sua conta foi excluída',
    intro:
      `Como você pediu, excluímos sua conta no ${PRODUCT_NAME} e tudo o que estava nela: sonhos, análises, créditos, ` +
      'preferências e consentimentos. A chave que protegia seus sonhos foi destruída, então nem cópias de segurança antigas ' +
      'podem mais abri-los.',
    action: `Visitar o ${PRODUCT_NAME}`,
    outro:
      'Você pode criar uma conta nova com este e-mail quando quiser; ela começa vazia. Se não foi você quem pediu a ' +
      'exclusão, alguém sabia a sua senha: troque-a nos outros serviços em que a usa.',
  });
}

const SIGN_UP_ATTEMPT: Record<Locale, Template> = {
  'pt-BR': {
    subject: `Tentativa de cadastro no ${PRODUCT_NAME} com o seu e-mail`,
    heading: 'Alguém tentou criar uma conta com este e-mail',
    intro:
      `Recebemos um pedido de cadastro no ${PRODUCT_NAME} com este endereço, que já tem uma conta. Nenhuma conta nova ` +
      'foi criada e nada mudou na sua.',
    action: `Entrar no ${PRODUCT_NAME}`,
    outro:
      'Se foi você, entre com a sua senha; se não se lembra dela, use “Esqueceu a senha?” na tela de entrada. Se não ' +
      'foi você, pode ignorar esta mensagem: ninguém entra na sua conta sem a sua senha.',
  },
  en: {
    subject: `Someone tried to sign up for ${PRODUCT_NAME} with your e-mail`,
    heading: 'Someone tried to create an account with this e-mail',
    intro:
      `We received a request to sign up for ${PRODUCT_NAME} with this address, which already has an account. No new ` +
      'account was created and nothing changed in yours.',
    action: `Sign in to ${PRODUCT_NAME}`,
    outro:
      'If it was you, sign in with your password; if you do not remember it, use “Forgot your password?” on the sign-in ' +
      'page. If it was not you, you can ignore this message: nobody gets into your account without your password.',
  },
};

/**
 * To the owner of an address someone tried to sign up with (e-mail confirmation on): the sign-up is answered as if
 * it had worked, so that it does not tell whether the address has an account, and the owner hears of it here.
 * Its one link is the sign-in page, never a link the request asked for.
 */
export function signUpAttemptEmail(to: string, signInUrl: string, locale: Locale): OutgoingEmail {
  return render(to, signInUrl, SIGN_UP_ATTEMPT[locale], locale);
}
