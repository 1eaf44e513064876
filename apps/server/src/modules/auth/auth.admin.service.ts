import { randomUUID } from 'node:crypto';
import type { AdminUserBody, AuthUser } from '@sonhario/contracts/auth';
import type { Metadata } from '../../db/schema/auth.ts';
import { withTransaction } from '../../context.ts';
import { createAccount, emailIdentity, eraseUser, type EraseDeps } from '../account/account.service.ts';
import { audit, type AuthContext } from './auth.context.ts';
import { authErrors } from './auth.errors.ts';
import { hashPassword } from './auth.passwords.ts';
import {
  deleteUserSessions,
  findIdentitiesOfUsers,
  findUserByEmail,
  findUserById,
  listUsers,
  updateEmailIdentity,
  updateUser,
  type UserPatch,
} from './auth.repository.ts';
import { toAuthUser } from './auth.serializers.ts';
import { loadAuthUser } from './auth.sessions.service.ts';
import { assertMetadataSize, assertStrongPassword, normalizeEmail } from './auth.rules.ts';

/** Admin actions are taken with the service-role key, not by a user: the audit names the subject in its traits. */
const ADMIN_ACTOR = { actor: 'service_role' };

const DURATION_UNITS = { ms: 1, s: 1000, m: 60_000, h: 3600_000 } as const;

/** GoTrue's ban_duration: a Go duration such as "24h" or "1h30m", or "none" to lift a ban. */
function parseBanDuration(value: string): number | null {
  if (value === 'none') return null;
  if (!/^(\d+(\.\d+)?(ms|s|m|h))+$/.test(value))
    throw authErrors.validation('ban_duration must be a duration such as "24h", or "none"');
  let total = 0;
  for (const [, amount, , unit] of value.matchAll(/(\d+(\.\d+)?)(ms|s|m|h)/g))
    // The pattern only matches these units.
    total += Number(amount) * DURATION_UNITS[unit as keyof typeof DURATION_UNITS];
  return total;
}

export async function listUsersAsAdmin(ctx: AuthContext, input: { page: number; perPage: number }) {
  const { rows, total } = await listUsers(ctx.db, { limit: input.perPage, offset: (input.page - 1) * input.perPage });
  const identities = await findIdentitiesOfUsers(
    ctx.db,
    rows.map((row) => row.id),
  );
  const users: AuthUser[] = rows.map((row) =>
    toAuthUser(
      row,
      identities.filter((identity) => identity.userId === row.id),
    ),
  );
  return { users, total };
}

export async function getUserAsAdmin(ctx: AuthContext, id: string): Promise<AuthUser> {
  const user = await findUserById(ctx.db, id);
  if (!user) throw authErrors.userNotFound();
  return loadAuthUser(ctx.db, user);
}

export async function createUserAsAdmin(ctx: AuthContext, body: AdminUserBody): Promise<AuthUser> {
  const email = normalizeEmail(body.email);
  if (body.password !== undefined) assertStrongPassword(body.password);
  const userMetadata = body.user_metadata ?? {};
  const appMetadata: Metadata = { ...(body.app_metadata ?? {}), provider: 'email', providers: ['email'] };
  assertMetadataSize(userMetadata, 'user_metadata');
  assertMetadataSize(appMetadata, 'app_metadata');
  const banMs = body.ban_duration ? parseBanDuration(body.ban_duration) : null;
  if (await findUserByEmail(ctx.db, email)) throw authErrors.emailExists();
  const passwordHash = body.password
    ? await hashPassword(body.password, { memoryKib: ctx.config.env.AUTH_ARGON2_MEMORY_KIB })
    : null;
  const now = new Date();
  const isConfirmed = body.email_confirm === true;
  const user = await withTransaction(ctx, async (tx) => {
    const values = {
      id: randomUUID(),
      email,
      encryptedPassword: passwordHash,
      emailConfirmedAt: isConfirmed ? now : null,
      bannedUntil: banMs === null ? null : new Date(now.getTime() + banMs),
      rawAppMetaData: appMetadata,
      rawUserMetaData: userMetadata,
      createdAt: now,
      updatedAt: now,
    };
    const user = await createAccount(tx, { user: values, identity: emailIdentity(values) });
    await audit(tx, 'user_signedup', user.id, { ...ADMIN_ACTOR, provider: 'email' });
    return user;
  });
  return loadAuthUser(ctx.db, user);
}

export async function updateUserAsAdmin(ctx: AuthContext, id: string, body: AdminUserBody): Promise<AuthUser> {
  const current = await findUserById(ctx.db, id);
  if (!current) throw authErrors.userNotFound();
  const patch: UserPatch = {};
  const now = new Date();
  let email: string | undefined;
  if (body.email !== undefined) {
    email = normalizeEmail(body.email);
    if (email !== current.email) {
      const owner = await findUserByEmail(ctx.db, email);
      if (owner) throw authErrors.emailExists();
      Object.assign(patch, { email, emailChange: null, emailChangeSentAt: null });
    } else {
      email = undefined;
    }
  }
  if (body.password !== undefined) {
    assertStrongPassword(body.password);
    patch.encryptedPassword = await hashPassword(body.password, { memoryKib: ctx.config.env.AUTH_ARGON2_MEMORY_KIB });
  }
  if (body.email_confirm === true && !current.emailConfirmedAt) patch.emailConfirmedAt = now;
  if (body.user_metadata) {
    patch.rawUserMetaData = { ...current.rawUserMetaData, ...body.user_metadata };
    assertMetadataSize(patch.rawUserMetaData, 'user_metadata');
  }
  if (body.app_metadata) {
    // provider and providers describe the identities; they are not the admin's to rewrite.
    const { provider: _p, providers: _ps, ...rest } = body.app_metadata;
    patch.rawAppMetaData = { ...current.rawAppMetaData, ...rest };
    assertMetadataSize(patch.rawAppMetaData, 'app_metadata');
  }
  let isBanned = false;
  if (body.ban_duration !== undefined) {
    const banMs = parseBanDuration(body.ban_duration);
    patch.bannedUntil = banMs === null ? null : new Date(now.getTime() + banMs);
    isBanned = banMs !== null;
  }
  const user = await withTransaction(ctx, async (tx) => {
    const user = await updateUser(tx.db, id, { ...patch, updatedAt: now });
    if (email) await updateEmailIdentity(tx.db, id, email);
    // A new password or a ban ends every session: that is usually why an admin does either.
    if (patch.encryptedPassword || isBanned) await deleteUserSessions(tx.db, id);
    await audit(tx, 'user_modified', id, { ...ADMIN_ACTOR, fields: Object.keys(body) });
    return user;
  });
  return loadAuthUser(ctx.db, user);
}

/**
 * Deletes the user as account deletion does (eraseUser: every row, then the data key, then the cached aggregates;
 * docs/decisions/009), except that the operator's audit entry names the deleted user. No re-authentication and no
 * goodbye e-mail: the service-role key is the authority here.
 */
export async function deleteUserAsAdmin(ctx: AuthContext, id: string, deps: EraseDeps): Promise<void> {
  const deleted = await eraseUser(
    { ...ctx, userId: id },
    { audit: (db) => audit({ db, ip: ctx.ip }, 'user_deleted', null, { ...ADMIN_ACTOR, user_id: id }) },
    deps,
  );
  if (!deleted) throw authErrors.userNotFound();
}
