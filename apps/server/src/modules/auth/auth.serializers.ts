import type { AuthSession, AuthUser } from '@sonhario/contracts/auth';
import type { authIdentities, authUsers } from '../../db/schema/auth.ts';

export type UserRow = typeof authUsers.$inferSelect;
export type IdentityRow = typeof authIdentities.$inferSelect;

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : undefined);

/** GoTrue's user object. Absent timestamps are left out (as GoTrue's omitempty does), never sent as null. */
export function toAuthUser(user: UserRow, identities: IdentityRow[]): AuthUser {
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email,
    email_confirmed_at: iso(user.emailConfirmedAt),
    phone: '',
    confirmation_sent_at: iso(user.confirmationSentAt),
    confirmed_at: iso(user.emailConfirmedAt),
    recovery_sent_at: iso(user.recoverySentAt),
    new_email: user.emailChange ?? undefined,
    email_change_sent_at: user.emailChange ? iso(user.emailChangeSentAt) : undefined,
    last_sign_in_at: iso(user.lastSignInAt),
    banned_until: user.bannedUntil && user.bannedUntil.getTime() > Date.now() ? iso(user.bannedUntil) : undefined,
    app_metadata: user.rawAppMetaData,
    user_metadata: user.rawUserMetaData,
    identities: identities.map((identity) => ({
      identity_id: identity.id,
      id: identity.providerId,
      user_id: identity.userId,
      identity_data: identity.identityData,
      provider: identity.provider,
      last_sign_in_at: iso(identity.lastSignInAt),
      created_at: identity.createdAt.toISOString(),
      updated_at: identity.updatedAt.toISOString(),
      email: identity.email ?? undefined,
    })),
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    is_anonymous: false,
  };
}

export function toAuthSession(input: {
  accessToken: string;
  expiresIn: number;
  expiresAt: number;
  refreshToken: string;
  user: AuthUser;
}): AuthSession {
  return {
    access_token: input.accessToken,
    token_type: 'bearer',
    expires_in: input.expiresIn,
    expires_at: input.expiresAt,
    refresh_token: input.refreshToken,
    user: input.user,
  };
}
