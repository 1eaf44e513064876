import { randomUUID } from 'node:crypto';
import {
  EMAIL_LINK_TYPES,
  signUpDataSchema,
  type AuthSession,
  type AuthUser,
  type EmailLinkType,
  type SignUpBody,
} from '@sonhario/contracts/auth';
import { CONSENT_PURPOSES, CONSENT_TEXT, CONSENT_VERSION } from '@sonhario/contracts/consents';
import { withTransaction } from '../../context.ts';
import { isUniqueViolation } from '../../db/client.ts';
import type { Metadata } from '../../db/schema/auth.ts';
import { createAccount, emailIdentity } from '../account/account.service.ts';
import { findProfile } from '../profile/profile.repository.ts';
import { audit, type AuthContext } from './auth.context.ts';
import { assertResendSpacing, deliver, prepareEmailLink, TOKEN_TYPE } from './auth.email-links.ts';
import { signUpAttemptEmail } from './auth.emails.ts';
import { isAppError } from '../../errors.ts';
import { authErrors, type AuthApiError } from './auth.errors.ts';
import type { OutgoingEmail } from './auth.mailer.ts';
import { hashPassword } from './auth.passwords.ts';
import { withError, withFragment, withQuery } from './auth.redirects.ts';
import {
  deleteAuditEntry,
  deleteOneTimeToken,
  findFlowState,
  findLatestAuditEntryAt,
  findOneTimeTokenForUpdate,
  findUserByEmail,
  findUserById,
  insertAuditEntry,
  insertConsents,
  updateEmailIdentity,
  updateFlowState,
  updateUser,
} from './auth.repository.ts';
import {
  assertMetadataSize,
  assertStrongPassword,
  normalizeEmail,
  parsePkce,
  type PkceChallenge,
} from './auth.rules.ts';
import { toAuthUser, type UserRow } from './auth.serializers.ts';
import { buildSessionAnswer, loadAuthUser, openSession } from './auth.sessions.service.ts';
import { PKCE_PREFIX, sha256Hex } from './auth.tokens.ts';

/**
 * Sign-up (POST /signup), resending its confirmation or an e-mail change's link (POST /resend), and following an
 * e-mail link (GET and POST /verify). Verify serves the recovery and e-mail change links too: one token table,
 * one consumption; it lives here because confirming a sign-up is what most links are for.
 */

// --- sign-up ---------------------------------------------------------------------------------------------------------

/** The sign-up form's metadata without consent_version, which becomes consent rows instead. */
function splitSignUpData(data: Metadata | null | undefined): { metadata: Metadata; consentVersion?: string } {
  const parsed = signUpDataSchema.safeParse(data ?? {});
  if (!parsed.success) throw authErrors.validation(parsed.error.issues.map((issue) => issue.message).join('; '));
  const { consent_version: consentVersion, ...metadata } = (data ?? {}) as Metadata & { consent_version?: string };
  if (consentVersion !== undefined && consentVersion !== CONSENT_VERSION) {
    throw authErrors.validation(`Unknown consent version: ${consentVersion}`);
  }
  assertMetadataSize(metadata);
  return { metadata, consentVersion };
}

export type SignUpResult = { kind: 'session'; session: AuthSession } | { kind: 'user'; user: AuthUser };

export async function signUp(
  ctx: AuthContext,
  input: { body: SignUpBody; redirectTo?: string },
): Promise<SignUpResult> {
  const { body } = input;
  if (body.phone && !body.email) throw authErrors.phoneUnsupported();
  const email = normalizeEmail(body.email);
  if (!body.password) throw authErrors.passwordRequired();
  assertStrongPassword(body.password);
  const pkce = parsePkce(body.code_challenge, body.code_challenge_method);
  const { metadata, consentVersion } = splitSignUpData(body.data);
  const redirectTo = ctx.redirects.resolve(input.redirectTo);
  const isAutoconfirm = ctx.config.env.AUTH_AUTOCONFIRM;
  const passwordOptions = { memoryKib: ctx.config.env.AUTH_ARGON2_MEMORY_KIB };
  // Hash before looking the address up: every answer costs the same time, known address or not.
  const passwordHash = await hashPassword(body.password, passwordOptions);

  const existing = await findUserByEmail(ctx.db, email);
  if (existing) return signUpExisting(ctx, existing, { metadata, pkce, redirectTo });

  const now = new Date();
  type Created = { user: UserRow; opened?: Awaited<ReturnType<typeof openSession>>; outgoing?: OutgoingEmail };
  let created: Created;
  try {
    created = await withTransaction(ctx, async (tx): Promise<Created> => {
      const values = {
        id: randomUUID(),
        email,
        encryptedPassword: passwordHash,
        emailConfirmedAt: isAutoconfirm ? now : null,
        confirmationSentAt: isAutoconfirm ? null : now,
        rawAppMetaData: { provider: 'email', providers: ['email'] },
        rawUserMetaData: metadata,
        createdAt: now,
        updatedAt: now,
      };
      const user = await createAccount(tx, { user: values, identity: emailIdentity(values) });
      if (consentVersion) {
        await insertConsents(
          tx.db,
          CONSENT_PURPOSES.map((purpose) => ({
            userId: user.id,
            purpose,
            text: CONSENT_TEXT,
            textVersion: consentVersion,
            grantedAt: now,
            source: 'signup',
          })),
        );
      }
      if (isAutoconfirm) {
        await audit(tx, 'user_signedup', user.id, { provider: 'email' });
        const opened = await openSession(tx, user, 'password');
        await audit(tx, 'login', user.id, { provider: 'email' });
        return { user: opened.user, opened };
      }
      await audit(tx, 'user_confirmation_requested', user.id, { provider: 'email' });
      const outgoing = await prepareEmailLink(tx, { user, type: 'signup', to: email, pkce, redirectTo, now });
      return { user, outgoing };
    });
  } catch (error) {
    // Two sign-ups with one address at the same moment: the loser is answered as if the account already existed.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findUserByEmail(ctx.db, email);
    if (!winner) throw error;
    return signUpExisting(ctx, winner, { metadata, pkce, redirectTo });
  }

  if (created.opened) {
    const { session, refreshToken, user } = created.opened;
    return { kind: 'session', session: await buildSessionAnswer(ctx, user, session, refreshToken) };
  }
  if (created.outgoing) {
    const userId = created.user.id;
    await deliver(ctx, created.outgoing, () => updateUser(ctx.db, userId, { confirmationSentAt: null }));
  }
  return { kind: 'user', user: await loadAuthUser(ctx.db, created.user) };
}

/** The audit action that records the notice to an address's owner; its newest entry spaces the next one. */
const NOTICE_ACTION = 'user_repeated_signup_notified';

/**
 * What a sign-up answers, with confirmation on, for an address that already has an account: a user shaped exactly
 * like a brand-new unconfirmed one (a fresh id, now as its times, the metadata just sent, one e-mail identity of its
 * own), so the answer does not tell the two apart. GoTrue leaves `identities` empty here, which its own docs tell
 * apps to read as "already registered"; this one carries an identity like a new user's (decision 068).
 */
function obfuscatedUser(existing: UserRow, metadata: Metadata, now: Date): AuthUser {
  const id = randomUUID();
  const user: UserRow = {
    ...existing,
    id,
    createdAt: now,
    updatedAt: now,
    confirmationSentAt: now,
    emailConfirmedAt: null,
    lastSignInAt: null,
    recoverySentAt: null,
    emailChange: null,
    emailChangeSentAt: null,
    bannedUntil: null,
    rawAppMetaData: { provider: 'email', providers: ['email'] },
    rawUserMetaData: metadata,
  };
  const identity = emailIdentity(user);
  return toAuthUser(user, [
    {
      ...identity,
      identityData: identity.identityData ?? {},
      id: randomUUID(),
      userId: id,
      email: identity.email ?? null,
      lastSignInAt: null,
      createdAt: now,
      updatedAt: now,
    },
  ]);
}

/**
 * With autoconfirm there is nothing to protect by hiding the account: "User already registered" (spec section 8).
 * With confirmation on, the answer is the same as for a new address (`obfuscatedUser`), the 60-s spacing included:
 * an unconfirmed account gets its confirmation e-mail again (GoTrue's behaviour), a confirmed one's owner an e-mail
 * saying someone tried to sign up with the address, in their language.
 */
async function signUpExisting(
  ctx: AuthContext,
  existing: UserRow,
  input: { metadata: Metadata; pkce: PkceChallenge | null; redirectTo: string },
): Promise<SignUpResult> {
  await audit(ctx, 'user_repeated_signup', existing.id, { provider: 'email' });
  if (ctx.config.env.AUTH_AUTOCONFIRM) throw authErrors.userAlreadyExists();
  const now = new Date();
  if (existing.emailConfirmedAt) {
    await notifyOwnerOfSignUpAttempt(ctx, existing, now);
    return { kind: 'user', user: obfuscatedUser(existing, input.metadata, now) };
  }
  assertResendSpacing(existing.confirmationSentAt, now);
  const previous = existing.confirmationSentAt;
  const email = await withTransaction(ctx, async (tx) => {
    const email = await prepareEmailLink(tx, {
      user: existing,
      type: 'signup',
      to: existing.email,
      pkce: input.pkce,
      redirectTo: input.redirectTo,
      now,
    });
    await updateUser(tx.db, existing.id, { confirmationSentAt: now, updatedAt: existing.updatedAt });
    await audit(tx, 'user_confirmation_requested', existing.id, { provider: 'email' });
    return email;
  });
  await deliver(ctx, email, () => updateUser(ctx.db, existing.id, { confirmationSentAt: previous }));
  return { kind: 'user', user: obfuscatedUser(existing, input.metadata, now) };
}

/**
 * The notice to a confirmed account's owner, spaced like every e-mail to one address (60 s, else 429 as a new
 * address's second sign-up gets). The account row is locked while the last notice is read and the next recorded,
 * so two attempts at once send one notice; the e-mail goes after commit, and a failed one is taken off the record.
 */
async function notifyOwnerOfSignUpAttempt(ctx: AuthContext, owner: UserRow, now: Date): Promise<void> {
  const { noticeId, locale } = await withTransaction(ctx, async (tx) => {
    await findUserById(tx.db, owner.id, { forUpdate: true });
    assertResendSpacing(await findLatestAuditEntryAt(tx.db, owner.id, NOTICE_ACTION), now);
    const noticeId = randomUUID();
    await insertAuditEntry(tx.db, {
      id: noticeId,
      action: NOTICE_ACTION,
      actorId: owner.id,
      logType: 'user',
      payload: { provider: 'email' },
      ipAddress: ctx.ip,
    });
    const locale = (await findProfile(tx.db, owner.id))?.locale === 'en' ? 'en' : 'pt-BR';
    return { noticeId, locale } as const;
  });
  const email = signUpAttemptEmail(owner.email, `${ctx.config.siteUrl}/login`, locale);
  await deliver(ctx, email, () => deleteAuditEntry(ctx.db, noticeId));
}

// --- resend ----------------------------------------------------------------------------------------------------------

export async function resendEmail(
  ctx: AuthContext,
  input: {
    type?: string;
    email?: string;
    phone?: string | null;
    codeChallenge?: string | null;
    codeChallengeMethod?: string | null;
    redirectTo?: string;
  },
): Promise<void> {
  if (input.type === 'sms' || input.type === 'phone_change' || (input.phone && !input.email))
    throw authErrors.phoneUnsupported();
  if (input.type !== 'signup' && input.type !== 'email_change') {
    throw authErrors.validation('Missing one of these types: signup, email_change, sms, phone_change');
  }
  const type = input.type;
  const email = normalizeEmail(input.email);
  const pkce = parsePkce(input.codeChallenge, input.codeChallengeMethod);
  const redirectTo = ctx.redirects.resolve(input.redirectTo);
  const user = await findUserByEmail(ctx.db, email);
  // Nothing to resend (unknown address, already confirmed, no pending change): same silent `{}`.
  if (!user) return;
  if (type === 'signup' && user.emailConfirmedAt) {
    // As a new address would be right after its sign-up: too soon after the notice a sign-up attempt sent.
    assertResendSpacing(await findLatestAuditEntryAt(ctx.db, user.id, NOTICE_ACTION), new Date());
    return;
  }
  const to = type === 'signup' ? user.email : user.emailChange;
  if (!to) return;
  const now = new Date();
  const sentAt = type === 'signup' ? user.confirmationSentAt : user.emailChangeSentAt;
  assertResendSpacing(sentAt, now);
  const stamp = (at: Date | null) => (type === 'signup' ? { confirmationSentAt: at } : { emailChangeSentAt: at });
  const outgoing = await withTransaction(ctx, async (tx) => {
    const outgoing = await prepareEmailLink(tx, { user, type, to, pkce, redirectTo, now });
    await updateUser(tx.db, user.id, { ...stamp(now), updatedAt: user.updatedAt });
    await audit(tx, type === 'signup' ? 'user_confirmation_requested' : 'user_modified', user.id, {
      resend: true,
    });
    return outgoing;
  });
  await deliver(ctx, outgoing, () => updateUser(ctx.db, user.id, stamp(sentAt)));
}

// --- verifying e-mail links ----------------------------------------------------------------------------------------------

function parseLinkType(type: string | undefined): EmailLinkType {
  // "email" is GoTrue's name for the sign-up OTP type; here it is the same confirmation token.
  const normalized = type === 'email' ? 'signup' : type;
  if (!normalized || !(EMAIL_LINK_TYPES as readonly string[]).includes(normalized)) {
    throw authErrors.validation('Unsupported verification type');
  }
  return normalized as EmailLinkType;
}

type Verified =
  { kind: 'session'; user: UserRow; session: Awaited<ReturnType<typeof openSession>> } | { kind: 'code'; code: string };

/**
 * Consumes a link token (single use) and applies it: confirms the address, opens a recovery session, or completes
 * an e-mail change. Then opens a session, or, when the link was made for a PKCE client, issues an auth code.
 */
async function consumeEmailToken(
  ctx: AuthContext,
  input: {
    token: string;
    type: EmailLinkType;
    expiredError: () => AuthApiError;
    expectedEmail?: string;
    allowCode: boolean;
  },
): Promise<Verified> {
  const now = new Date();
  const outcome = await withTransaction(ctx, async (tx): Promise<Verified | { error: AuthApiError }> => {
    const row = await findOneTimeTokenForUpdate(tx.db, sha256Hex(input.token), TOKEN_TYPE[input.type]);
    if (!row || row.expiresAt <= now || (input.expectedEmail && row.relatesTo !== input.expectedEmail)) {
      return { error: input.expiredError() };
    }
    await deleteOneTimeToken(tx.db, row.id);
    let user = await findUserById(tx.db, row.userId, { forUpdate: true });
    if (!user) return { error: input.expiredError() };
    if (user.bannedUntil && user.bannedUntil > now) return { error: authErrors.userBanned() };

    if (input.type === 'signup' || input.type === 'recovery') {
      if (!user.emailConfirmedAt) {
        // Following a link sent to the address proves it, recovery links included.
        user = await updateUser(tx.db, user.id, { emailConfirmedAt: now });
        await audit(tx, 'user_signedup', user.id, { provider: 'email' });
      }
    } else {
      if (user.emailChange !== row.relatesTo) return { error: input.expiredError() };
      const owner = await findUserByEmail(tx.db, row.relatesTo);
      if (owner && owner.id !== user.id) return { error: authErrors.emailExists() };
      user = await updateUser(tx.db, user.id, {
        email: row.relatesTo,
        emailChange: null,
        emailChangeSentAt: null,
        emailConfirmedAt: now,
      });
      await updateEmailIdentity(tx.db, user.id, row.relatesTo);
      await audit(tx, 'user_modified', user.id, { fields: ['email'] });
    }

    if (row.flowStateId && input.allowCode) {
      const flow = await findFlowState(tx.db, row.flowStateId);
      if (!flow) return { error: authErrors.flowStateNotFound() };
      const code = randomUUID();
      await updateFlowState(tx.db, flow.id, { userId: user.id, authCodeHash: sha256Hex(code), authCodeIssuedAt: now });
      return { kind: 'code', code };
    }
    if (input.token.startsWith(PKCE_PREFIX) && input.allowCode) return { error: authErrors.flowStateNotFound() };
    const session = await openSession(tx, user, input.type === 'recovery' ? 'recovery' : 'otp');
    await audit(tx, 'login', user.id, { provider: 'email', via: input.type });
    return { kind: 'session', user: session.user, session };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome;
}

/** GET /verify: a browser following an e-mail link. Always a redirect, errors included. */
export async function verifyEmailLink(
  ctx: AuthContext,
  input: { token?: string; type?: string; redirectTo?: string },
): Promise<string> {
  const redirectTo = ctx.redirects.resolve(input.redirectTo);
  const isPkce = (input.token ?? '').startsWith(PKCE_PREFIX);
  try {
    const type = parseLinkType(input.type);
    if (!input.token) throw authErrors.linkExpired();
    const verified = await consumeEmailToken(ctx, {
      token: input.token,
      type,
      expiredError: authErrors.linkExpired,
      allowCode: true,
    });
    if (verified.kind === 'code') return withQuery(redirectTo, { code: verified.code });
    const answer = await buildSessionAnswer(
      ctx,
      verified.user,
      verified.session.session,
      verified.session.refreshToken,
    );
    return withFragment(redirectTo, {
      access_token: answer.access_token,
      expires_at: String(answer.expires_at),
      expires_in: String(answer.expires_in),
      refresh_token: answer.refresh_token,
      token_type: 'bearer',
      type,
    });
  } catch (error) {
    if (!isAppError(error) || error.statusCode >= 500) throw error;
    const oauthError = error.statusCode === 403 || error.statusCode === 401 ? 'access_denied' : 'invalid_request';
    return withError(redirectTo, { error: oauthError, code: error.code, description: error.message }, isPkce);
  }
}

/** POST /verify: the client hands over the token itself (verifyOtp with token_hash, or token plus email). */
export async function verifyEmailToken(
  ctx: AuthContext,
  input: { type?: string; token?: string; tokenHash?: string; email?: string; phone?: string | null },
): Promise<AuthSession> {
  if (input.phone && !input.email) throw authErrors.phoneUnsupported();
  const type = parseLinkType(input.type);
  const token = input.tokenHash ?? input.token;
  if (!token) throw authErrors.validation('Verify requires a token or a token hash');
  if (!input.tokenHash && !input.email)
    throw authErrors.validation('Only an email address or phone number should be provided on verify');
  const expectedEmail = input.tokenHash ? undefined : normalizeEmail(input.email);
  const verified = await consumeEmailToken(ctx, {
    token,
    type,
    expiredError: authErrors.otpExpired,
    expectedEmail,
    allowCode: false,
  });
  if (verified.kind !== 'session') throw authErrors.otpExpired();
  return buildSessionAnswer(ctx, verified.user, verified.session.session, verified.session.refreshToken);
}
