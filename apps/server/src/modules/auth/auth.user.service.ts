import type { AuthUser, UpdateUserBody } from '@sonhario/contracts/auth';
import { withTransaction } from '../../context.ts';
import type { Metadata } from '../../db/schema/auth.ts';
import { audit, type AuthContext, type RequestAuth } from './auth.context.ts';
import { assertResendSpacing, deliver, prepareEmailLink } from './auth.email-links.ts';
import { authErrors } from './auth.errors.ts';
import type { OutgoingEmail } from './auth.mailer.ts';
import { hashPassword, verifyPassword } from './auth.passwords.ts';
import { deleteUserSessions, findSession, findUserByEmail, findUserById, updateUser } from './auth.repository.ts';
import { assertMetadataSize, assertStrongPassword, normalizeEmail, parsePkce } from './auth.rules.ts';
import { loadAuthUser } from './auth.sessions.service.ts';

/**
 * The signed-in user (GET and PUT /user): metadata, a new password (the current one required, except in a recovery
 * session: this is where a password reset ends), and an e-mail change, confirmed by a link to the new address.
 */

export async function getUser(ctx: AuthContext, auth: RequestAuth): Promise<AuthUser> {
  const user = await findUserById(ctx.db, auth.userId);
  if (!user) throw authErrors.userNotFoundFromJwt();
  return loadAuthUser(ctx.db, user);
}

/** Merges top-level keys as GoTrue does; a key set to null is removed. */
function mergeMetadata(current: Metadata, patch: Metadata): Metadata {
  return Object.fromEntries(Object.entries({ ...current, ...patch }).filter(([key]) => patch[key] !== null));
}

/**
 * Changing a password takes the current one, so a stolen access token (or an unlocked device) cannot lock the owner
 * out. A session opened by a recovery link is the exception, as in GoTrue: whoever forgot the password proved the
 * address instead. A user without a password (Google) sets a first one freely.
 */
async function assertCurrentPassword(
  ctx: AuthContext,
  auth: RequestAuth,
  storedHash: string,
  presented: string | null | undefined,
) {
  const session = await findSession(ctx.db, auth.sessionId);
  if (session?.amr.some((entry) => entry.method === 'recovery')) return;
  if (!presented) throw authErrors.currentPasswordRequired();
  if (!(await verifyPassword(storedHash, presented)).isValid) throw authErrors.currentPasswordInvalid();
}

export async function updateCurrentUser(
  ctx: AuthContext,
  auth: RequestAuth,
  input: { body: UpdateUserBody; redirectTo?: string },
): Promise<AuthUser> {
  const { body } = input;
  if (body.phone) throw authErrors.phoneUnsupported();
  const current = await findUserById(ctx.db, auth.userId);
  if (!current) throw authErrors.userNotFoundFromJwt();
  const now = new Date();

  let metadata: Metadata | undefined;
  if (body.data) {
    // consent_version is only meaningful on the sign-up form; consents change through the privacy settings.
    const { consent_version: _ignored, ...patch } = body.data;
    metadata = mergeMetadata(current.rawUserMetaData, patch);
    assertMetadataSize(metadata);
  }

  let passwordHash: string | undefined;
  if (body.password !== undefined) {
    assertStrongPassword(body.password);
    if (current.encryptedPassword)
      await assertCurrentPassword(ctx, auth, current.encryptedPassword, body.current_password);
    if (current.encryptedPassword && (await verifyPassword(current.encryptedPassword, body.password)).isValid) {
      throw authErrors.samePassword();
    }
    passwordHash = await hashPassword(body.password, { memoryKib: ctx.config.env.AUTH_ARGON2_MEMORY_KIB });
  }

  let newEmail: string | undefined;
  if (body.email !== undefined) {
    const email = normalizeEmail(body.email);
    if (email !== current.email) {
      const owner = await findUserByEmail(ctx.db, email);
      if (owner) throw authErrors.emailExists();
      assertResendSpacing(current.emailChangeSentAt, now);
      newEmail = email;
    }
  }
  const pkce = newEmail ? parsePkce(body.code_challenge, body.code_challenge_method) : null;
  const redirectTo = ctx.redirects.resolve(input.redirectTo);

  const { user, email } = await withTransaction(ctx, async (tx) => {
    let email: OutgoingEmail | undefined;
    const user = await updateUser(tx.db, current.id, {
      ...(metadata ? { rawUserMetaData: metadata } : {}),
      ...(passwordHash ? { encryptedPassword: passwordHash } : {}),
      ...(newEmail ? { emailChange: newEmail, emailChangeSentAt: now } : {}),
      updatedAt: now,
    });
    if (passwordHash) {
      // A new password signs out every other device: whoever knew the old one is out.
      await deleteUserSessions(tx.db, user.id, { exceptSessionId: auth.sessionId });
      await audit(tx, 'user_updated_password', user.id);
    }
    if (newEmail) {
      email = await prepareEmailLink(tx, { user, type: 'email_change', to: newEmail, pkce, redirectTo, now });
    }
    if (metadata || newEmail)
      await audit(tx, 'user_modified', user.id, {
        fields: [metadata && 'data', newEmail && 'email'].filter(Boolean),
      });
    return { user, email };
  });
  if (email) {
    await deliver(ctx, email, () => updateUser(ctx.db, current.id, { emailChange: null, emailChangeSentAt: null }));
  }
  return loadAuthUser(ctx.db, user);
}
