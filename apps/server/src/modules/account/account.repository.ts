import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { analysisUsage, creditLedger, dreamAnalyses } from '../../db/schema/analyses.ts';
import {
  authAuditLogEntries,
  authFlowStates,
  authIdentities,
  authOneTimeTokens,
  authRefreshTokens,
  authSessions,
  authUsers,
} from '../../db/schema/auth.ts';
import { consents } from '../../db/schema/consents.ts';
import { dreams, userTags } from '../../db/schema/dreams.ts';
import { userJournalStats, userRecordedDays } from '../../db/schema/journal-stats.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { userAchievements, userStreakDays, userStreakFreezes } from '../../db/schema/rewards.ts';
import { userKeys } from '../../db/schema/user-keys.ts';
import { auditEntriesAbout } from '../auth/auth.repository.ts';
import { deleteBillingRows } from '../billing/billing.repository.ts';

/**
 * Deletes every row about the user, in every table of both schemas. Foreign keys would cascade most of it from
 * auth.users, but each table is named here so the list reads as what deletion covers, dependants first; the audit
 * log has no foreign key (its entries outlive users) and goes explicitly: the entries the user made, and any whose
 * traits name the user (an operator's actions on the account). credit_ledger refuses UPDATE, not DELETE.
 * public.user_keys holds the wrapped key only with KEYSTORE=database (or as a legacy row); deleting it here makes
 * the key go in the same transaction. Runs inside the caller's transaction.
 */
export async function deleteUserRows(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(dreamAnalyses).where(eq(dreamAnalyses.userId, userId));
  await tx.delete(analysisUsage).where(eq(analysisUsage.userId, userId));
  await tx.delete(creditLedger).where(eq(creditLedger.userId, userId));
  await tx.delete(userAchievements).where(eq(userAchievements.userId, userId));
  await tx.delete(userStreakDays).where(eq(userStreakDays.userId, userId));
  await tx.delete(userStreakFreezes).where(eq(userStreakFreezes.userId, userId));
  await tx.delete(userTags).where(eq(userTags.userId, userId));
  await tx.delete(userRecordedDays).where(eq(userRecordedDays.userId, userId));
  await tx.delete(userJournalStats).where(eq(userJournalStats.userId, userId));
  await tx.delete(dreams).where(eq(dreams.userId, userId));
  await tx.delete(consents).where(eq(consents.userId, userId));
  await deleteBillingRows(tx, userId);
  await tx.delete(profiles).where(eq(profiles.userId, userId));
  await tx.delete(userKeys).where(eq(userKeys.userId, userId));
  await tx.delete(authOneTimeTokens).where(eq(authOneTimeTokens.userId, userId));
  await tx.delete(authFlowStates).where(eq(authFlowStates.userId, userId));
  await tx.delete(authRefreshTokens).where(eq(authRefreshTokens.userId, userId));
  await tx.delete(authSessions).where(eq(authSessions.userId, userId));
  await tx.delete(authIdentities).where(eq(authIdentities.userId, userId));
  await tx.delete(authAuditLogEntries).where(auditEntriesAbout(userId));
  await tx.delete(authUsers).where(eq(authUsers.id, userId));
}
