import {
  CREDIT_RULES,
  LEDGER_REASONS,
  PLAN_NAMES,
  PLAN_QUOTAS,
  type CreditsSummary,
  type LedgerReason,
  type ListLedgerResponse,
  type Quota,
} from '@sonhario/contracts/credits';
import type { AnalysisCharge } from '@sonhario/contracts/analyses';
import type { Profile } from '@sonhario/contracts/profile';
import { withTransaction, type RequestContext } from '../../context.ts';
import { AppError, ValidationError } from '../../errors.ts';
import { localMonth, nextMonthStart } from '../../lib/local-time.ts';
import { getProfile } from '../profile/profile.service.ts';
import {
  countQuotaUsage,
  insertLedgerEntry,
  insertUsage,
  listLedgerRows,
  lockUserCredits,
  sumBalance,
} from './credits.repository.ts';
import { openLedgerDetail, sealLedgerDetail } from './credits.sealing.ts';
import type { UserKeys } from '../keys/keys.crypto.ts';
import { decodeInstantCursor, encodeInstantCursor } from '../../pagination.ts';

/** Neither the month's quota nor the credits cover another analysis (402: payment, in credits, is required). */
class AnalysisLimitError extends AppError {
  constructor(message: string) {
    super(402, 'analysis_limit_reached', message);
  }
}

// --- months ------------------------------------------------------------------------------------------------------

const longDate = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long', timeZone: 'UTC' });

// --- reading ---------------------------------------------------------------------------------------------------

interface Standing {
  quota: Quota;
  balance: number;
  /** How the next analysis would be paid; null when it cannot be. */
  nextCharge: AnalysisCharge | null;
}

async function readStanding(ctx: RequestContext): Promise<Standing> {
  const profile = await getProfile(ctx);
  const month = localMonth(ctx.now(), profile.timeZone);
  const [used, balance] = await Promise.all([
    countQuotaUsage(ctx.db, ctx.userId, month),
    sumBalance(ctx.db, ctx.userId),
  ]);
  const limit = PLAN_QUOTAS[profile.plan];
  const quota: Quota = { plan: profile.plan, limit, used, month, resetsOn: nextMonthStart(month) };
  const nextCharge = limit === null || used < limit ? 'quota' : balance >= CREDIT_RULES.analysisCost ? 'credits' : null;
  return { quota, balance, nextCharge };
}

/**
 * How the next analysis would be paid (null: it cannot be), reading no more than that needs: an unlimited plan
 * counts nothing, a limited one counts the month's usage up to its limit, and the balance is summed only past it.
 * An analysis thus never walks every analysis of the month (docs/decisions/021). Same answer as readStanding's.
 */
async function decideCharge(
  ctx: RequestContext,
  profile: Profile,
): Promise<{ charge: AnalysisCharge | null; month: string }> {
  const month = localMonth(ctx.now(), profile.timeZone);
  const limit = PLAN_QUOTAS[profile.plan];
  if (limit === null) return { charge: 'quota', month };
  if ((await countQuotaUsage(ctx.db, ctx.userId, month, limit)) < limit) return { charge: 'quota', month };
  const balance = await sumBalance(ctx.db, ctx.userId);
  return { charge: balance >= CREDIT_RULES.analysisCost ? 'credits' : null, month };
}

function limitMessage(standing: Standing): string {
  const { quota, balance } = standing;
  const renews = longDate.format(new Date(`${quota.resetsOn}T00:00:00Z`));
  return (
    `Você já usou as ${quota.limit} análises do plano ${PLAN_NAMES[quota.plan]} deste mês, e cada análise extra custa ` +
    `${CREDIT_RULES.analysisCost} créditos (seu saldo é de ${balance}). Sua cota se renova em ${renews}; ` +
    'até lá, veja em Créditos como ganhar mais.'
  );
}

export async function getCreditsSummary(ctx: RequestContext): Promise<CreditsSummary> {
  const standing = await readStanding(ctx);
  return {
    balance: standing.balance,
    quota: standing.quota,
    analysisCost: CREDIT_RULES.analysisCost,
    nextCharge: standing.nextCharge,
  };
}

/** Refuses early (before any provider call) when the analysis could not be paid for; `profile` is the user's. */
export async function assertCanAnalyze(ctx: RequestContext, profile: Profile): Promise<void> {
  if ((await decideCharge(ctx, profile)).charge === null)
    throw new AnalysisLimitError(limitMessage(await readStanding(ctx)));
}

const asReason = (reason: string): LedgerReason =>
  (LEDGER_REASONS as readonly string[]).includes(reason) ? (reason as LedgerReason) : 'operator_grant';

export async function listLedger(
  ctx: RequestContext,
  query: { cursor?: string; limit: number },
): Promise<ListLedgerResponse> {
  const after = query.cursor ? decodeInstantCursor(query.cursor) : undefined;
  const rows = await listLedgerRows(ctx.db, ctx.userId, { after, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  // The key is fetched only when a row has a detail to open.
  const keys = page.some((row) => row.detailEnc) ? await ctx.keys.forUser(ctx.userId) : undefined;
  const items = page.map((row) => ({
    id: row.id,
    amount: row.amount,
    reason: asReason(row.reason),
    analysisId: row.analysisId,
    detail: keys && row.detailEnc ? openLedgerDetail(keys, ctx.userId, row.idempotencyKey, row.detailEnc) : null,
    balanceAfter: row.balanceAfter,
    createdAt: row.createdAt.toISOString(),
  }));
  const last = items.at(-1);
  return { items, nextCursor: rows.length > query.limit && last ? encodeInstantCursor(last) : null };
}

export async function getBalance(ctx: Pick<RequestContext, 'db' | 'userId'>): Promise<number> {
  return sumBalance(ctx.db, ctx.userId);
}

// --- writing ---------------------------------------------------------------------------------------------------

/** The rewards' reasons (modules/rewards, docs/decisions/026). */
type RewardReason = Extract<LedgerReason, 'first_dream_of_day' | 'streak_milestone' | 'daily_bonus' | 'achievement'>;

/**
 * A reward, once per idempotency key whoever asks and however often; `detail` (what it was for) is sealed with the
 * user's key. Returns whether it was granted now. A grant only adds, so it needs no credit lock: the caller holds
 * the user's aggregates row lock, which the rewards' writes take first.
 */
export async function grantReward(
  ctx: Pick<RequestContext, 'db' | 'userId' | 'now'>,
  keys: UserKeys,
  reward: { amount: number; reason: RewardReason; key: string; detail: string },
): Promise<boolean> {
  return insertLedgerEntry(ctx.db, {
    userId: ctx.userId,
    amount: reward.amount,
    reason: reward.reason,
    idempotencyKey: reward.key,
    detailEnc: sealLedgerDetail(keys, ctx.userId, reward.key, reward.detail),
    createdAt: ctx.now(),
  });
}

/**
 * +10 once per user, whoever calls it and however often (its idempotency key is the user's). Reads only the database
 * and the clock of the context: account creation has no request of the new user behind it.
 */
export async function grantWelcomeBonus(ctx: Pick<RequestContext, 'db' | 'userId' | 'now'>): Promise<boolean> {
  return insertLedgerEntry(ctx.db, {
    userId: ctx.userId,
    amount: CREDIT_RULES.welcomeBonus,
    reason: 'welcome_bonus',
    idempotencyKey: `welcome:${ctx.userId}`,
    createdAt: ctx.now(),
  });
}

/** An operator's gift (CLI); the key makes a retried command grant once. */
export async function grantCredits(
  ctx: Pick<RequestContext, 'db' | 'userId' | 'now'>,
  input: { amount: number; key: string },
): Promise<boolean> {
  const { amount, key } = input;
  if (!Number.isInteger(amount) || amount <= 0)
    throw new ValidationError('A quantidade de créditos deve ser um inteiro positivo');
  return insertLedgerEntry(ctx.db, {
    userId: ctx.userId,
    amount,
    reason: 'operator_grant',
    idempotencyKey: `grant:${ctx.userId}:${key}`,
    createdAt: ctx.now(),
  });
}

/**
 * Pays for one analysis in the transaction that stores it (the caller's; one is opened if the caller has none): the
 * month's quota first, then credits. Under the user's credit lock, so concurrent analyses cannot both take the last
 * quota slot or the same credits. Throws AnalysisLimitError, which rolls the whole transaction back, when neither
 * covers it.
 */
export async function chargeAnalysis(
  ctx: RequestContext,
  analysis: { id: string; provider: string; model: string },
): Promise<AnalysisCharge> {
  return withTransaction(ctx, async (tx) => {
    await lockUserCredits(tx.db, ctx.userId);
    const { charge, month } = await decideCharge(tx, await getProfile(tx));
    if (!charge) throw new AnalysisLimitError(limitMessage(await readStanding(tx)));
    const now = ctx.now();
    if (charge === 'credits') {
      await insertLedgerEntry(tx.db, {
        userId: ctx.userId,
        amount: -CREDIT_RULES.analysisCost,
        reason: 'analysis',
        idempotencyKey: `analysis:${analysis.id}`,
        analysisId: analysis.id,
        createdAt: now,
      });
    }
    await insertUsage(tx.db, {
      userId: ctx.userId,
      analysisId: analysis.id,
      month,
      charge,
      provider: analysis.provider,
      model: analysis.model,
      createdAt: now,
    });
    return charge;
  });
}
