import { z } from 'zod';

/**
 * The wire format of /auth/v1, the Supabase Auth (GoTrue) protocol that @supabase/supabase-js speaks. Field names
 * stay snake_case because the client sends and reads them that way. Request schemas check types and hard size caps
 * only; the rules with GoTrue's exact codes and messages (e-mail required, weak password, …) live in the server's
 * auth service, so a missing field gets "An email address is required" rather than a generic type error.
 */

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 72;
export const EMAIL_MAX_LENGTH = 255;
/** Serialized user_metadata / app_metadata beyond this are refused: metadata travels inside every access token. */
export const METADATA_MAX_BYTES = 8 * 1024;

const str = (field: string, max = 1000) =>
  z.string({ error: `${field} must be a string` }).max(max, `${field} is too long`);
const metadata = (field: string) => z.record(z.string(), z.unknown(), { error: `${field} must be an object` });

const email = z.string({ error: 'email must be a string' }).max(EMAIL_MAX_LENGTH, 'An email address is too long');
const password = z
  .string({ error: 'password must be a string' })
  .max(PASSWORD_MAX_LENGTH, `Password cannot be longer than ${PASSWORD_MAX_LENGTH} characters`);

// supabase-js sends `code_challenge: null` outside the PKCE flow, hence nullish.
const pkce = {
  code_challenge: str('code_challenge', 256).nullish(),
  code_challenge_method: str('code_challenge_method', 16).nullish(),
};

export const redirectQuerySchema = z.object({ redirect_to: str('redirect_to', 2048).optional() });

export const signUpBodySchema = z.object({
  email: email.optional(),
  phone: str('phone', 32).nullish(),
  password: password.optional(),
  data: metadata('data').nullish(),
  ...pkce,
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

/** The sign-up form's metadata: names plus the version of the consent text the user ticked. */
export const signUpDataSchema = z.object({
  first_name: str('first_name', 100).optional(),
  last_name: str('last_name', 100).optional(),
  consent_version: str('consent_version', 32).optional(),
});

export const tokenQuerySchema = z.object({ grant_type: str('grant_type', 64).optional() });

/** One lenient body for every grant: which fields are required depends on grant_type, checked by the service. */
export const tokenBodySchema = z
  .object({
    email: email.optional(),
    phone: str('phone', 32).nullish(),
    password: z.string({ error: 'password must be a string' }).max(1000, 'password is too long').optional(),
    refresh_token: str('refresh_token', 256).optional(),
    auth_code: str('auth_code', 256).optional(),
    code_verifier: str('code_verifier', 256).optional(),
  })
  .optional();

export const LOGOUT_SCOPES = ['global', 'local', 'others'] as const;
export const logoutQuerySchema = z.object({
  scope: z.enum(LOGOUT_SCOPES, { error: 'Unsupported logout scope (use global, local or others)' }).optional(),
});

export const updateUserBodySchema = z.object({
  email: email.optional(),
  phone: str('phone', 32).nullish(),
  password: password.optional(),
  /** Required with `password` when the user has one, except in a session opened by a recovery link. */
  current_password: str('current_password').nullish(),
  data: metadata('data').nullish(),
  nonce: str('nonce', 64).nullish(),
  ...pkce,
});
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const recoverBodySchema = z.object({ email: email.optional(), ...pkce });

export const resendBodySchema = z.object({
  type: str('type', 32).optional(),
  email: email.optional(),
  phone: str('phone', 32).nullish(),
  ...pkce,
});

export const EMAIL_LINK_TYPES = ['signup', 'recovery', 'email_change'] as const;
export type EmailLinkType = (typeof EMAIL_LINK_TYPES)[number];

export const verifyBodySchema = z.object({
  type: str('type', 32).optional(),
  token: str('token', 256).optional(),
  token_hash: str('token_hash', 256).optional(),
  email: email.optional(),
  phone: str('phone', 32).nullish(),
  redirect_to: str('redirect_to', 2048).optional(),
});

export const verifyQuerySchema = z.object({
  token: str('token', 256).optional(),
  type: str('type', 32).optional(),
  redirect_to: str('redirect_to', 2048).optional(),
});

export const authorizeQuerySchema = z.object({
  provider: str('provider', 64).optional(),
  redirect_to: str('redirect_to', 2048).optional(),
  scopes: str('scopes', 512).optional(),
  skip_http_redirect: str('skip_http_redirect', 8).optional(),
  ...pkce,
});

export const callbackQuerySchema = z.object({
  code: str('code', 2048).optional(),
  state: str('state', 256).optional(),
  error: str('error', 256).optional(),
  error_description: str('error_description', 2048).optional(),
});

/** POST /admin/users and PUT /admin/users/:id take the same body (GoTrue's AdminUserAttributes). */
export const adminUserBodySchema = z.object({
  email: email.optional(),
  password: password.optional(),
  email_confirm: z.boolean({ error: 'email_confirm must be a boolean' }).optional(),
  user_metadata: metadata('user_metadata').nullish(),
  app_metadata: metadata('app_metadata').nullish(),
  ban_duration: str('ban_duration', 32).optional(),
});
export type AdminUserBody = z.infer<typeof adminUserBodySchema>;

// supabase-js sends `page=&per_page=` when the caller gives none: empty means the default.
const pageNumber = (field: string, max: number) =>
  z
    .union([
      z.literal(''),
      z.coerce
        .number({ error: `${field} must be a number` })
        .int()
        .min(1)
        .max(max),
    ])
    .optional();
export const adminListQuerySchema = z.object({
  page: pageNumber('page', 100_000),
  per_page: pageNumber('per_page', 1000),
});
export const adminUserParamsSchema = z.object({ id: z.uuid({ error: 'user id must be a UUID' }) });

// --- answers ---------------------------------------------------------------------------------------------------

const timestamp = z.string();

export const authIdentitySchema = z.object({
  identity_id: z.string(),
  id: z.string(),
  user_id: z.string(),
  identity_data: z.record(z.string(), z.unknown()),
  provider: z.string(),
  last_sign_in_at: timestamp.optional(),
  created_at: timestamp,
  updated_at: timestamp,
  email: z.string().optional(),
});

export const authUserSchema = z.object({
  id: z.string(),
  aud: z.string(),
  role: z.string(),
  email: z.string(),
  email_confirmed_at: timestamp.optional(),
  phone: z.string(),
  confirmation_sent_at: timestamp.optional(),
  confirmed_at: timestamp.optional(),
  recovery_sent_at: timestamp.optional(),
  new_email: z.string().optional(),
  email_change_sent_at: timestamp.optional(),
  last_sign_in_at: timestamp.optional(),
  banned_until: timestamp.optional(),
  app_metadata: z.record(z.string(), z.unknown()),
  user_metadata: z.record(z.string(), z.unknown()),
  identities: z.array(authIdentitySchema),
  created_at: timestamp,
  updated_at: timestamp,
  is_anonymous: z.boolean(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const authSessionSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int().positive(),
  expires_at: z.number().int(),
  refresh_token: z.string(),
  user: authUserSchema,
});
export type AuthSession = z.infer<typeof authSessionSchema>;

export const authErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  weak_password: z.object({ reasons: z.array(z.string()) }).optional(),
});
export type AuthError = z.infer<typeof authErrorSchema>;

export const authSettingsSchema = z.object({
  external: z.object({ email: z.boolean(), phone: z.boolean(), google: z.boolean(), anonymous_users: z.boolean() }),
  disable_signup: z.boolean(),
  mailer_autoconfirm: z.boolean(),
  phone_autoconfirm: z.boolean(),
  sms_provider: z.string(),
  saml_enabled: z.boolean(),
});

export const adminUserListSchema = z.object({ users: z.array(authUserSchema), aud: z.string() });

/** GET /api/v1/me: the signed-in caller as the app sees them. */
export const meResponseSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;
