import { withTransaction } from '../../context.ts';
import { audit, type AuthContext } from './auth.context.ts';
import { assertResendSpacing, deliver, prepareEmailLink } from './auth.email-links.ts';
import { findUserByEmail, updateUser } from './auth.repository.ts';
import { normalizeEmail, parsePkce } from './auth.rules.ts';

/**
 * Password recovery, first half (POST /recover): an e-mail whose link opens a recovery session. The second half,
 * setting the new password with that session, is PUT /user (auth.user.service.ts).
 */

/** Always answers `{}` for a well-formed address, known or not, so it cannot be used to find accounts. */
export async function requestRecovery(
  ctx: AuthContext,
  input: { email?: string; codeChallenge?: string | null; codeChallengeMethod?: string | null; redirectTo?: string },
): Promise<void> {
  const email = normalizeEmail(input.email);
  const pkce = parsePkce(input.codeChallenge, input.codeChallengeMethod);
  const redirectTo = ctx.redirects.resolve(input.redirectTo);
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const now = new Date();
  assertResendSpacing(user.recoverySentAt, now);
  const previous = user.recoverySentAt;
  const outgoing = await withTransaction(ctx, async (tx) => {
    const outgoing = await prepareEmailLink(tx, { user, type: 'recovery', to: user.email, pkce, redirectTo, now });
    await updateUser(tx.db, user.id, { recoverySentAt: now, updatedAt: user.updatedAt });
    await audit(tx, 'user_recovery_requested', user.id);
    return outgoing;
  });
  await deliver(ctx, outgoing, () => updateUser(ctx.db, user.id, { recoverySentAt: previous }));
}
