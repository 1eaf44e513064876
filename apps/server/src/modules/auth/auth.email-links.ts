import type { EmailLinkType } from '@sonhario/contracts/auth';
import type { OneTimeTokenType } from '../../db/schema/auth.ts';
import type { AuthContext } from './auth.context.ts';
import { confirmationEmail, emailChangeEmail, recoveryEmail } from './auth.emails.ts';
import { authErrors } from './auth.errors.ts';
import type { OutgoingEmail } from './auth.mailer.ts';
import { insertFlowState, upsertOneTimeToken } from './auth.repository.ts';
import { AUTH_RULES, type PkceChallenge } from './auth.rules.ts';
import type { UserRow } from './auth.serializers.ts';
import type { SignInMethod } from './auth.sessions.service.ts';
import { PKCE_PREFIX, randomToken, sha256Hex } from './auth.tokens.ts';

/**
 * The e-mail links of the sign-up, recovery and e-mail change flows: issuing a link's single-use token, sending it
 * after commit, and the spacing between two of a kind. Following a link is in auth.signup.service.ts (verify).
 */

export const TOKEN_TYPE: Record<EmailLinkType, OneTimeTokenType> = {
  signup: 'confirmation_token',
  recovery: 'recovery_token',
  email_change: 'email_change_token_new',
};
const FLOW_METHOD: Record<EmailLinkType, SignInMethod> = {
  signup: 'email/signup',
  recovery: 'recovery',
  email_change: 'email_change',
};
const TEMPLATE: Record<EmailLinkType, (to: string, link: string) => OutgoingEmail> = {
  signup: confirmationEmail,
  recovery: recoveryEmail,
  email_change: emailChangeEmail,
};

export function assertResendSpacing(sentAt: Date | null, now: Date): void {
  if (!sentAt) return;
  const waitMs = sentAt.getTime() + AUTH_RULES.emailResendIntervalMs - now.getTime();
  if (waitMs > 0) throw authErrors.emailResendTooSoon(Math.ceil(waitMs / 1000));
}

/**
 * Stores a fresh link token (replacing the previous one of its kind) and, for PKCE clients, the flow state it will
 * turn into a code. Returns the e-mail to send once the transaction has committed.
 */
export async function prepareEmailLink(
  ctx: AuthContext,
  input: { user: UserRow; type: EmailLinkType; to: string; pkce: PkceChallenge | null; redirectTo: string; now: Date },
): Promise<OutgoingEmail> {
  let flowStateId: string | null = null;
  if (input.pkce) {
    const flow = await insertFlowState(ctx.db, {
      userId: input.user.id,
      providerType: 'email',
      authenticationMethod: FLOW_METHOD[input.type],
      codeChallenge: input.pkce.challenge,
      codeChallengeMethod: input.pkce.method,
      createdAt: input.now,
      updatedAt: input.now,
    });
    flowStateId = flow.id;
  }
  const token = `${input.pkce ? PKCE_PREFIX : ''}${randomToken()}`;
  await upsertOneTimeToken(ctx.db, {
    userId: input.user.id,
    tokenType: TOKEN_TYPE[input.type],
    tokenHash: sha256Hex(token),
    relatesTo: input.to,
    flowStateId,
    expiresAt: new Date(input.now.getTime() + AUTH_RULES.emailLinkLifetimeMs),
    createdAt: input.now,
  });
  const link = new URL(`${ctx.config.siteUrl}/auth/v1/verify`);
  link.search = new URLSearchParams({ token, type: input.type, redirect_to: input.redirectTo }).toString();
  return TEMPLATE[input.type](input.to, link.href);
}

/**
 * Sends after commit, so a slow mail server never holds a database transaction. If sending fails, `undo` clears the
 * "sent at" stamp so the user may ask again right away instead of waiting out the resend spacing.
 */
export async function deliver(ctx: AuthContext, email: OutgoingEmail, undo: () => Promise<unknown>): Promise<void> {
  try {
    await ctx.mailer.send(email);
  } catch (error) {
    ctx.log.error({ err: error, subject: email.subject }, 'sending an auth e-mail failed');
    await undo().catch((undoError: unknown) => ctx.log.error({ err: undoError }, 'could not reset the e-mail stamp'));
    throw authErrors.emailSendFailed();
  }
}
