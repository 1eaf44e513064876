import { bigint, bigserial, index, jsonb, pgSchema, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Supabase Auth's (GoTrue's) tables, trimmed to what this server uses, in their own `auth` schema so a database
 * dump lines up with a Supabase project's. Differences from GoTrue, on purpose: refresh tokens, e-mail tokens and
 * PKCE auth codes are stored only as SHA-256 hashes (a leaked dump opens no session), and the audit log keeps user
 * ids but no e-mail addresses.
 */
export const authSchema = pgSchema('auth');

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });

export type Metadata = Record<string, unknown>;
/** Authentication method references, as in the access token's `amr` claim. */
export type AmrEntry = { method: string; timestamp: number };

export const authUsers = authSchema.table(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    aud: text('aud').notNull().default('authenticated'),
    role: text('role').notNull().default('authenticated'),
    /** Always lower-cased and trimmed, so the unique index is case-insensitive. */
    email: text('email').notNull(),
    /** argon2id (or an imported bcrypt hash until the next sign-in); null for users who only sign in with Google. */
    encryptedPassword: text('encrypted_password'),
    emailConfirmedAt: at('email_confirmed_at'),
    confirmationSentAt: at('confirmation_sent_at'),
    recoverySentAt: at('recovery_sent_at'),
    /** The address waiting for confirmation during an e-mail change. */
    emailChange: text('email_change'),
    emailChangeSentAt: at('email_change_sent_at'),
    lastSignInAt: at('last_sign_in_at'),
    bannedUntil: at('banned_until'),
    rawAppMetaData: jsonb('raw_app_meta_data').$type<Metadata>().notNull().default({}),
    rawUserMetaData: jsonb('raw_user_meta_data').$type<Metadata>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const authIdentities = authSchema.table(
  'identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The subject at the provider: Google's `sub`, or the user's own id for the e-mail identity. */
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    identityData: jsonb('identity_data').$type<Metadata>().notNull().default({}),
    email: text('email'),
    lastSignInAt: at('last_sign_in_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('identities_provider_id_provider_key').on(t.providerId, t.provider),
    index('identities_user_id_idx').on(t.userId),
  ],
);

export const authSessions = authSchema.table(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    aal: text('aal').notNull().default('aal1'),
    amr: jsonb('amr').$type<AmrEntry[]>().notNull().default([]),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** Set when refresh-token reuse is detected: the session ends at once, access tokens included. */
    notAfter: at('not_after'),
    /** Last refresh: with user_agent and ip, what a "your devices" page shows. */
    refreshedAt: at('refreshed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const authRefreshTokens = authSchema.table(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    parentId: bigint('parent_id', { mode: 'number' }),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_session_id_idx').on(t.sessionId),
    index('refresh_tokens_parent_id_idx').on(t.parentId),
  ],
);

/** PKCE state: between the client's code_challenge and its code exchange, and across the Google round trip. */
export const authFlowStates = authSchema.table(
  'flow_state',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => authUsers.id, { onDelete: 'cascade' }),
    providerType: text('provider_type').notNull(),
    authenticationMethod: text('authentication_method').notNull(),
    codeChallenge: text('code_challenge'),
    codeChallengeMethod: text('code_challenge_method'),
    authCodeHash: text('auth_code_hash'),
    authCodeIssuedAt: at('auth_code_issued_at'),
    /** Google leg only: where to send the browser back, and our own PKCE verifier and nonce towards Google. */
    redirectTo: text('redirect_to'),
    providerCodeVerifier: text('provider_code_verifier'),
    providerNonce: text('provider_nonce'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('flow_state_auth_code_hash_key').on(t.authCodeHash),
    index('flow_state_created_at_idx').on(t.createdAt),
  ],
);

/** E-mail link tokens: one active per user and kind (a new one replaces the old), hashed, single use, expiring. */
export const authOneTimeTokens = authSchema.table(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    tokenType: text('token_type').$type<OneTimeTokenType>().notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address the link was sent to. */
    relatesTo: text('relates_to').notNull(),
    flowStateId: uuid('flow_state_id').references(() => authFlowStates.id, { onDelete: 'set null' }),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_user_id_token_type_key').on(t.userId, t.tokenType),
    uniqueIndex('one_time_tokens_token_hash_key').on(t.tokenHash),
  ],
);
export type OneTimeTokenType = 'confirmation_token' | 'recovery_token' | 'email_change_token_new';

/** Who did what, when, from where; never passwords, tokens or e-mail addresses. No foreign key: entries outlive users. */
export const authAuditLogEntries = authSchema.table(
  'audit_log_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: text('action').notNull(),
    actorId: uuid('actor_id'),
    logType: text('log_type').notNull(),
    payload: jsonb('payload').$type<Metadata>().notNull().default({}),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_entries_actor_id_idx').on(t.actorId),
    index('audit_log_entries_created_at_idx').on(t.createdAt),
  ],
);
