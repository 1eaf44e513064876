import { randomUUID } from 'node:crypto';
import type { DeleteAccountInput } from '@sonhario/contracts/account';
import type { Config } from '../../config.ts';
import { withTransaction, type RequestContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { audit } from '../auth/auth.context.ts';
import { accountDeletedEmail } from '../auth/auth.emails.ts';
import type { Mailer } from '../auth/auth.mailer.ts';
import { verifyPassword } from '../auth/auth.passwords.ts';
import {
  findSession,
  findUserById,
  insertIdentity,
  insertUser,
  type NewIdentity,
  type NewUser,
} from '../auth/auth.repository.ts';
import type { UserRow } from '../auth/auth.serializers.ts';
import type { PatternAnswerCache } from '../patterns/answer-cache.ts';
import type { RaritySampleCache } from '../patterns/similar.service.ts';
import { insertDefaultProfile } from '../profile/profile.repository.ts';
import type { StatsCache } from '../analyses/analyses.service.ts';
import { cancelSubscriptionsForDeletion } from '../billing/billing.service.ts';
import type { BillingProvider } from '../billing/billing.stripe.ts';
import { grantWelcomeBonus } from '../credits/credits.service.ts';
import { deleteUserRows } from './account.repository.ts';

/** What erasing a user clears besides the database and the key: the analysis aggregates this instance holds. */
export interface EraseDeps {
  analysisStats: Pick<StatsCache, 'forget'>;
  /** The patterns answers kept per instance (charts, dream signs). */
  patternAnswers: Pick<PatternAnswerCache, 'forget'>;
  /** The rarity samples of similar dreams and the chat, kept per instance. */
  raritySamples: Pick<RaritySampleCache, 'forget'>;
  /** Stripe, to cancel the user's live subscriptions before anything is erased (null: billing is off). */
  billing: BillingProvider | null;
}

/** What deleting one's own account needs besides erasing: the goodbye e-mail. */
export interface DeleteAccountDeps extends EraseDeps {
  mailer: Mailer;
  siteUrl: string;
}

/** A user without a password proves it is them by a sign-in this recent. */
const REAUTHENTICATION_WINDOW_MS = 5 * 60_000;

const accountErrors = {
  passwordRequired: () => new AppError(400, 'password_required', 'Digite sua senha para confirmar.'),
  wrongPassword: () => new AppError(400, 'invalid_credentials', 'Senha incorreta'),
  reauthenticationNeeded: () =>
    new AppError(
      403,
      'reauthentication_needed',
      'Por segurança, entre de novo na sua conta e peça a exclusão logo em seguida.',
    ),
};

/** A new account: the user row and its first identity (its e-mail address, or its Google identity). */
export interface NewAccount {
  user: NewUser & { id: string; email: string; createdAt: Date };
  identity: Omit<NewIdentity, 'userId'>;
}

/**
 * Every way an account is born (e-mail sign-up, Google, the admin API) comes here: the user, its identity, its
 * profile on the plan this server gives new accounts (DEFAULT_PLAN without billing, Dreamer with it; decision 077)
 * and its welcome credits in one transaction (the caller's, when it has one open), so no account ever lacks its plan
 * or its bonus and none gets the bonus twice (the ledger key is the user's).
 */
export async function createAccount(
  ctx: { db: DbOrTx; config: Pick<Config, 'newAccountPlan'> },
  input: NewAccount,
): Promise<UserRow> {
  return withTransaction(ctx, async ({ db }) => {
    const user = await insertUser(db, input.user);
    await insertIdentity(db, { ...input.identity, userId: user.id });
    await insertDefaultProfile(db, user.id, { plan: ctx.config.newAccountPlan });
    await grantWelcomeBonus({ db, userId: user.id, now: () => input.user.createdAt });
    return user;
  });
}

/**
 * The `email` identity of an e-mail/password account (sign-up, the admin API). Its `email_verified` is the user's
 * confirmation state, so the two can never disagree.
 */
export function emailIdentity(user: NewAccount['user']): NewAccount['identity'] {
  return {
    providerId: user.id,
    provider: 'email',
    email: user.email,
    identityData: {
      sub: user.id,
      email: user.email,
      email_verified: user.emailConfirmedAt != null,
      phone_verified: false,
    },
    createdAt: user.createdAt,
    updatedAt: user.createdAt,
  };
}

export interface EraseInput {
  /** Writes the one audit entry of this deletion, inside its transaction (the only part the callers word differently). */
  audit: (tx: DbOrTx) => Promise<void>;
  /** Added to the log line if the key re-created during the deletion cannot be deleted. */
  logFields?: Record<string, unknown>;
}

/**
 * Erases a user for good, for both the user's own deletion and an operator's (admin API): every row about them in
 * one transaction with the audit entry, then their data key (which is what makes copies of the database taken
 * earlier, backups included, unable to open their dreams), then what this instance holds of them in memory.
 * Returns the deleted user, or null when there was no such user (nothing done). docs/decisions/009.
 */
export async function eraseUser(
  ctx: Pick<RequestContext, 'db' | 'userId' | 'keys' | 'log'>,
  options: EraseInput,
  deps: EraseDeps,
): Promise<UserRow | null> {
  const { userId } = ctx;
  // Stripe first: if it cannot cancel, the deletion is refused (502) with nothing erased, never a paying
  // subscription left behind an account that is gone.
  await cancelSubscriptionsForDeletion(ctx, deps.billing);
  const deleted = await withTransaction(ctx, async ({ db: tx }) => {
    // Locks the account row, so two deletions of one account (a double click) run one after the other.
    const locked = await findUserById(tx, userId, { forUpdate: true });
    if (!locked) return null;
    await deleteUserRows(tx, userId);
    await options.audit(tx);
    // The key goes last, before the commit: if it cannot be deleted the transaction rolls back and nothing is gone;
    // once it is deleted, only a failed commit could leave the account standing (its dreams then unreadable).
    // Never the reverse: an account gone with its key still able to open an old backup.
    await ctx.keys.destroy(userId, { insideMainTransaction: true });
    return locked;
  });
  if (!deleted) return null;
  deps.analysisStats.forget(userId);
  deps.patternAnswers.forget(userId);
  deps.raritySamples.forget(userId);

  // Again after the commit, for a request of this user that raced the deletion and created a fresh (empty) key.
  await ctx.keys
    .destroy(userId)
    .catch((error: unknown) =>
      ctx.log.error({ err: error, ...options.logFields }, 'could not delete a key re-created during a user deletion'),
    );
  return deleted;
}

/**
 * Deletes the caller's account for good: every row about them in one transaction, then their data key (which is
 * what makes copies of the database taken earlier, backups included, unable to open their dreams). The same
 * address may sign up again afterwards, as a new user with nothing of the old one. docs/decisions/009.
 */
export async function deleteAccount(
  ctx: RequestContext,
  input: DeleteAccountInput & { sessionId: string },
  deps: DeleteAccountDeps,
): Promise<void> {
  const { userId } = ctx;
  const user = await findUserById(ctx.db, userId);
  // The session check passed a moment ago: a deletion of this account that committed in between already did the work.
  if (!user) return;

  // Access first: the caller proves again who they are (the confirmation phrase was checked by the schema).
  if (user.encryptedPassword) {
    if (!input.password) throw accountErrors.passwordRequired();
    if (!(await verifyPassword(user.encryptedPassword, input.password)).isValid) throw accountErrors.wrongPassword();
  } else {
    const session = await findSession(ctx.db, input.sessionId);
    if (!session || ctx.now().getTime() - session.createdAt.getTime() > REAUTHENTICATION_WINDOW_MS) {
      throw accountErrors.reauthenticationNeeded();
    }
  }

  const reference = randomUUID();
  const deleted = await eraseUser(
    ctx,
    {
      audit: (db) => audit({ db, ip: null }, 'account_deleted', null, { reference }),
      logFields: { reference },
    },
    deps,
  );
  if (!deleted) return;
  ctx.log.info({ reference }, 'account deleted');
  try {
    await deps.mailer.send(accountDeletedEmail(deleted.email, deps.siteUrl));
  } catch (error) {
    // The account is gone either way; a lost goodbye must not turn the answer into an error.
    ctx.log.error({ err: error, reference }, 'the account-deleted e-mail could not be sent');
  }
}
