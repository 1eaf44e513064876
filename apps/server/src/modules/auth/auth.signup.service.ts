import { randomUUID } from 'node:crypto';
import {
  EMAIL_LINK_TYPES,
  METADATA_MAX_BYTES,
  PASSWORD_MIN_LENGTH,
  signUpDataSchema,
  type AuthSession,
  type AuthUser,
  type EmailLinkType,
  type SignUpBody,
  type UpdateUserBody,
} from '@sonhario/contracts/auth';
import { CONSENT_PURPOSES, CONSENT_TEXT, CONSENT_VERSION } from '@sonhario/contracts/consents';
import { withTransaction } from '../../context.ts';
import { isUniqueViolation } from '../../db/client.ts';
import type { Metadata, OneTimeTokenType } from '../../db/schema/auth.ts';
import { AppError } from '../../errors.ts';
import { createAccount, emailIdentity } from '../account/account.service.ts';
import { audit, type AuthContext, type RequestAuth } from './auth.context.ts';
import { confirmationEmail, emailChangeEmail, recoveryEmail } from './auth.emails.ts';
import { AuthApiError, authErrors, WeakPasswordError } from './auth.errors.ts';
import type { OutgoingEmail } from './auth.mailer.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './auth.passwords.ts';
import { withError, withFragment, withQuery } from './auth.redirects.ts';
import {
  deleteFlowState,
  deleteOneTimeToken,
  deleteUserSessions,
  deleteSession,
  endSession,
  findActiveChildToken,
  findFlowState,
  findFlowStateByAuthCodeForUpdate,
  findOneTimeTokenForUpdate,
  findRefreshTokenForUpdate,
  findSession,
  findUserByEmail,
  findUserById,
  insertConsents,
  insertFlowState,
  insertRefreshToken,
  revokeRefreshToken,
  revokeSessionTokens,
  touchSession,
  updateEmailIdentity,
  updateFlowState,
  updateUser,
  upsertOneTimeToken,
} from './auth.repository.ts';
import { toAuthUser, type UserRow } from './auth.serializers.ts';
import { buildSessionAnswer, loadAuthUser, openSession, type SignInMethod } from './auth.sessions.service.ts';
import {
  childRefreshToken,
  isValidCodeVerifier,
  JwtError,
  PKCE_PREFIX,
  randomToken,
  sha256Hex,
  verifyJwt,
  type CodeChallengeMethod,
} from './auth.tokens.ts';

/** Rules of the contract, in one place. */
export const AUTH_RULES = {
  /** A rotated refresh token presented again within this window gets its (still active) successor back. */
  refreshReuseIntervalMs: 10_000,
  emailLinkLifetimeMs: 24 * 3600 * 1000,
  /** Minimum spacing between two e-mails of the same kind to the same address. */
  emailResendIntervalMs: 60_000,
  /** Between a PKCE auth code being issued and its exchange. */
  flowStateLifetimeMs: 300_000,
} as const;

// --- input rules ---------------------------------------------------------------------------------------------------

const EMAIL_FORMAT = /^[^\s@"<>()[\],;:\\]{1,64}@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export function normalizeEmail(raw: string | undefined | null): string {
  const email = (raw ?? '').trim().toLowerCase();
  if (!email) throw authErrors.emailRequired();
  if (!EMAIL_FORMAT.test(email)) throw authErrors.emailInvalid();
  return email;
}

export function assertStrongPassword(password: string): void {
  if ([...password].length < PASSWORD_MIN_LENGTH) throw new WeakPasswordError(['length']);
}

export function assertMetadataSize(metadata: Metadata, field = 'data'): void {
  if (Buffer.byteLength(JSON.stringify(metadata)) > METADATA_MAX_BYTES) {
    throw authErrors.validation(`${field} is too large (at most ${METADATA_MAX_BYTES} bytes)`);
  }
}

export interface PkceChallenge {
  challenge: string;
  method: CodeChallengeMethod;
}

/** GoTrue's PKCE rules: both or neither, 43–128 characters, s256 or plain (any case). */
export function parsePkce(challenge?: string | null, method?: string | null): PkceChallenge | null {
  if (!challenge && !method) return null;
  if (!challenge || !method)
    throw authErrors.pkceInvalid('PKCE flow requires code_challenge_method and code_challenge');
  if (challenge.length < 43 || challenge.length > 128) {
    throw authErrors.pkceInvalid('code challenge has to be between 43 and 128 characters');
  }
  const normalized = method.toLowerCase();
  if (normalized !== 's256' && normalized !== 'plain')
    throw authErrors.pkceInvalid(`code challenge method ${method} not supported`);
  return { challenge, method: normalized };
}

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

// --- e-mail links ----------------------------------------------------------------------------------------------------

const TOKEN_TYPE: Record<EmailLinkType, OneTimeTokenType> = {
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

function assertResendSpacing(sentAt: Date | null, now: Date): void {
  if (!sentAt) return;
  const waitMs = sentAt.getTime() + AUTH_RULES.emailResendIntervalMs - now.getTime();
  if (waitMs > 0) throw authErrors.emailResendTooSoon(Math.ceil(waitMs / 1000));
}

/**
 * Stores a fresh link token (replacing the previous one of its kind) and, for PKCE clients, the flow state it will
 * turn into a code. Returns the e-mail to send once the transaction has committed.
 */
async function prepareEmailLink(
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
async function deliver(ctx: AuthContext, email: OutgoingEmail, undo: () => Promise<unknown>): Promise<void> {
  try {
    await ctx.mailer.send(email);
  } catch (error) {
    ctx.log.error({ err: error, subject: email.subject }, 'sending an auth e-mail failed');
    await undo().catch((undoError: unknown) => ctx.log.error({ err: undoError }, 'could not reset the e-mail stamp'));
    throw authErrors.emailSendFailed();
  }
}

// --- sign-up and sign-in -------------------------------------------------------------------------------------------

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

/**
 * With confirmation on, an address that already has a confirmed account gets a made-up user back (no identities,
 * nothing sent) so the answer does not reveal the account; an unconfirmed one gets its confirmation e-mail again.
 * With autoconfirm there is nothing to protect by hiding it: "User already registered".
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
    return {
      kind: 'user',
      user: toAuthUser(
        {
          ...existing,
          id: randomUUID(),
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
          rawUserMetaData: input.metadata,
        },
        [],
      ),
    };
  }
  assertResendSpacing(existing.confirmationSentAt, now);
  const previous = existing.confirmationSentAt;
  const { email, user } = await withTransaction(ctx, async (tx) => {
    const email = await prepareEmailLink(tx, {
      user: existing,
      type: 'signup',
      to: existing.email,
      pkce: input.pkce,
      redirectTo: input.redirectTo,
      now,
    });
    const user = await updateUser(tx.db, existing.id, { confirmationSentAt: now, updatedAt: existing.updatedAt });
    await audit(tx, 'user_confirmation_requested', existing.id, { provider: 'email' });
    return { email, user };
  });
  await deliver(ctx, email, () => updateUser(ctx.db, existing.id, { confirmationSentAt: previous }));
  return { kind: 'user', user: await loadAuthUser(ctx.db, user) };
}

export async function signInWithPassword(
  ctx: AuthContext,
  input: { email?: string; phone?: string | null; password?: string },
): Promise<AuthSession> {
  if (!input.email && input.phone) throw authErrors.phoneUnsupported();
  if (!input.email) throw authErrors.validation('missing email or phone');
  const email = (input.email ?? '').trim().toLowerCase();
  const password = input.password ?? '';
  const passwordOptions = { memoryKib: ctx.config.env.AUTH_ARGON2_MEMORY_KIB };
  const user = await findUserByEmail(ctx.db, email);
  if (!user || !user.encryptedPassword || !password) {
    await burnPasswordCheck(password, passwordOptions);
    throw authErrors.invalidCredentials();
  }
  const check = await verifyPassword(user.encryptedPassword, password);
  if (!check.isValid) throw authErrors.invalidCredentials();
  // Only after the password is right: otherwise this would tell strangers which addresses await confirmation.
  if (!user.emailConfirmedAt) throw authErrors.emailNotConfirmed();
  if (user.bannedUntil && user.bannedUntil > new Date()) throw authErrors.userBanned();
  const upgradedHash = check.needsRehash ? await hashPassword(password, passwordOptions) : undefined;

  const opened = await withTransaction(ctx, async (tx) => {
    if (upgradedHash) await updateUser(tx.db, user.id, { encryptedPassword: upgradedHash });
    const opened = await openSession(tx, user, 'password');
    await audit(tx, 'login', user.id, { provider: 'email' });
    return opened;
  });
  return buildSessionAnswer(ctx, opened.user, opened.session, opened.refreshToken);
}

// --- refresh -----------------------------------------------------------------------------------------------------

export async function refreshSession(ctx: AuthContext, presented: string | undefined): Promise<AuthSession> {
  if (!presented) throw authErrors.refreshTokenRequired();
  const now = new Date();
  const outcome = await withTransaction(ctx, async (tx) => {
    const token = await findRefreshTokenForUpdate(tx.db, sha256Hex(presented));
    if (!token) return { error: authErrors.refreshTokenNotFound() };
    const session = await findSession(tx.db, token.sessionId);
    const user = await findUserById(tx.db, token.userId);
    if (!session || !user) return { error: authErrors.refreshTokenNotFound() };
    if (user.bannedUntil && user.bannedUntil > now) return { error: authErrors.userBanned() };
    const isSessionEnded = session.notAfter !== null && session.notAfter <= now;
    const successor = childRefreshToken(ctx.secrets.jwtSecret, presented);

    let issued: string;
    if (token.revokedAt) {
      // Two tabs refreshing at once: the slower one presents the token the faster one just rotated. Within the
      // reuse interval, and only while that rotation's successor is still the live token, both get the same one.
      const child = await findActiveChildToken(tx.db, token.id);
      const isWithinInterval = now.getTime() - token.revokedAt.getTime() <= AUTH_RULES.refreshReuseIntervalMs;
      if (!child || !isWithinInterval || isSessionEnded || child.tokenHash !== sha256Hex(successor)) {
        // Anything else is a replayed token: someone else may hold the family. End the whole session.
        await revokeSessionTokens(tx.db, session.id, now);
        await endSession(tx.db, session.id, now);
        await audit(tx, 'token_revoked', user.id, { reason: 'refresh_token_reuse', session_id: session.id });
        return { error: authErrors.refreshTokenAlreadyUsed() };
      }
      issued = successor;
    } else {
      if (isSessionEnded) return { error: authErrors.sessionExpired() };
      await revokeRefreshToken(tx.db, token.id, now);
      await insertRefreshToken(tx.db, {
        tokenHash: sha256Hex(successor),
        userId: user.id,
        sessionId: session.id,
        parentId: token.id,
        createdAt: now,
        updatedAt: now,
      });
      issued = successor;
    }
    await touchSession(tx.db, session.id, { at: now, userAgent: ctx.userAgent, ip: ctx.ip });
    await audit(tx, 'token_refreshed', user.id, { session_id: session.id });
    return { user, session, refreshToken: issued };
  });
  // Reuse detection must commit its revocation, so the transaction returns the error instead of throwing it.
  if ('error' in outcome) throw outcome.error;
  return buildSessionAnswer(ctx, outcome.user, outcome.session, outcome.refreshToken);
}

// --- PKCE code exchange ------------------------------------------------------------------------------------------------

export async function exchangeAuthCode(
  ctx: AuthContext,
  input: { authCode?: string; codeVerifier?: string },
): Promise<AuthSession> {
  if (!input.authCode || !input.codeVerifier) {
    throw authErrors.pkceInvalid('invalid request: both auth code and code verifier should be non-empty');
  }
  const { authCode, codeVerifier } = input;
  const now = new Date();
  const outcome = await withTransaction(ctx, async (tx) => {
    const flow = await findFlowStateByAuthCodeForUpdate(tx.db, sha256Hex(authCode));
    if (!flow || !flow.userId || !flow.codeChallenge || !flow.codeChallengeMethod)
      return { error: authErrors.flowStateNotFound() };
    const issuedAt = flow.authCodeIssuedAt ?? flow.createdAt;
    if (now.getTime() - issuedAt.getTime() > AUTH_RULES.flowStateLifetimeMs) {
      await deleteFlowState(tx.db, flow.id);
      return { error: authErrors.flowStateExpired() };
    }
    if (!isValidCodeVerifier(codeVerifier, flow.codeChallenge, flow.codeChallengeMethod as CodeChallengeMethod)) {
      return { error: authErrors.badCodeVerifier() };
    }
    const user = await findUserById(tx.db, flow.userId);
    if (!user) return { error: authErrors.flowStateNotFound() };
    if (user.bannedUntil && user.bannedUntil > now) return { error: authErrors.userBanned() };
    await deleteFlowState(tx.db, flow.id);
    const opened = await openSession(tx, user, flow.authenticationMethod as SignInMethod);
    await audit(tx, 'login', user.id, { provider: flow.providerType, flow: 'pkce' });
    return opened;
  });
  if ('error' in outcome) throw outcome.error;
  return buildSessionAnswer(ctx, outcome.user, outcome.session, outcome.refreshToken);
}

// --- the signed-in user ----------------------------------------------------------------------------------------------

/**
 * Verifies a bearer access token and that its session still exists: signing out, or reuse detection, ends access
 * at once rather than when the token expires.
 */
export async function authenticateAccessToken(
  ctx: Pick<AuthContext, 'db' | 'secrets'>,
  authorization: string | undefined,
): Promise<RequestAuth> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) throw authErrors.noAuthorization();
  let claims;
  try {
    claims = await verifyJwt(ctx.secrets.jwtSecret, match[1]!, { audience: 'authenticated' });
  } catch (error) {
    if (error instanceof JwtError) throw authErrors.badJwt(error.message);
    throw error;
  }
  if (typeof claims.sub !== 'string' || !claims.sub) throw authErrors.badJwt('invalid claim: missing sub claim');
  const sessionId = claims.session_id;
  if (typeof sessionId !== 'string' || !/^[0-9a-f-]{36}$/i.test(sessionId)) throw authErrors.sessionNotFound();
  const session = await findSession(ctx.db, sessionId);
  if (!session || session.userId !== claims.sub || (session.notAfter && session.notAfter <= new Date())) {
    throw authErrors.sessionNotFound();
  }
  return { userId: claims.sub, sessionId, email: typeof claims.email === 'string' ? claims.email : '' };
}

export async function getUser(ctx: AuthContext, auth: RequestAuth): Promise<AuthUser> {
  const user = await findUserById(ctx.db, auth.userId);
  if (!user) throw authErrors.userNotFoundFromJwt();
  return loadAuthUser(ctx.db, user);
}

export async function logout(ctx: AuthContext, auth: RequestAuth, scope: 'global' | 'local' | 'others'): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    if (scope === 'local') await deleteSession(tx.db, auth.userId, auth.sessionId);
    else if (scope === 'others') await deleteUserSessions(tx.db, auth.userId, { exceptSessionId: auth.sessionId });
    else await deleteUserSessions(tx.db, auth.userId);
    await audit(tx, 'logout', auth.userId, { scope });
  });
}

/** Merges top-level keys as GoTrue does; a key set to null is removed. */
function mergeMetadata(current: Metadata, patch: Metadata): Metadata {
  const merged: Metadata = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
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
    let user = await updateUser(tx.db, current.id, {
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
    user = (await findUserById(tx.db, user.id))!;
    return { user, email };
  });
  if (email) {
    await deliver(ctx, email, () => updateUser(ctx.db, current.id, { emailChange: null, emailChangeSentAt: null }));
  }
  return loadAuthUser(ctx.db, user);
}

// --- e-mail flows: recovery, resend ------------------------------------------------------------------------------------

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
  if (type === 'signup' && user.emailConfirmedAt) return;
  if (type === 'email_change' && !user.emailChange) return;
  const now = new Date();
  const sentAt = type === 'signup' ? user.confirmationSentAt : user.emailChangeSentAt;
  assertResendSpacing(sentAt, now);
  const to = type === 'signup' ? user.email : user.emailChange!;
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
    if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
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
