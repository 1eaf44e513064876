import {
  CONSENT_PURPOSES,
  CONSENT_TEXT,
  type ConsentPurpose,
  type ConsentsResponse,
  type ConsentState,
  type RecordConsentInput,
} from '@sonhario/contracts/consents';
import { withTransaction, type RequestContext } from '../../context.ts';
import { findLatestConsents, insertConsentRows, markConsentWithdrawn, type ConsentRow } from './consents.repository.ts';

function statusOf(row: ConsentRow | undefined): ConsentState['status'] {
  if (!row) return 'unanswered';
  if (!row.isGranted) return 'declined';
  return row.withdrawnAt ? 'withdrawn' : 'granted';
}

function toStates(rows: ConsentRow[]): ConsentsResponse {
  const byPurpose = new Map(rows.map((row) => [row.purpose, row]));
  return {
    items: CONSENT_PURPOSES.map((purpose) => {
      const row = byPurpose.get(purpose);
      return {
        purpose,
        status: statusOf(row),
        textVersion: row?.textVersion ?? null,
        answeredAt: row ? (row.withdrawnAt ?? row.grantedAt).toISOString() : null,
      };
    }),
  };
}

export async function getConsents(ctx: RequestContext): Promise<ConsentsResponse> {
  return toStates(await findLatestConsents(ctx.db, ctx.userId));
}

/** Whether the user's recorded answer lets their dream text go to an analysis provider. */
export async function hasConsent(ctx: RequestContext, purpose: ConsentPurpose): Promise<boolean> {
  const rows = await findLatestConsents(ctx.db, ctx.userId);
  return statusOf(rows.find((row) => row.purpose === purpose)) === 'granted';
}

/**
 * Records an answer to CONSENT_TEXT for each purpose. Yes: a new grant unless one stands. No: withdraws a standing
 * consent, or records the refusal when the question had never been answered. Repeating an answer changes nothing.
 */
export async function recordConsent(ctx: RequestContext, input: RecordConsentInput): Promise<ConsentsResponse> {
  const source = input.source ?? 'prompt';
  return withTransaction(ctx, async ({ db: tx }) => {
    const now = ctx.now();
    const latest = new Map((await findLatestConsents(tx, ctx.userId)).map((row) => [row.purpose, row]));
    for (const purpose of new Set(input.purposes)) {
      const row = latest.get(purpose);
      const status = statusOf(row);
      if (input.isGranted && status !== 'granted') {
        await insertConsentRows(tx, [
          { userId: ctx.userId, purpose, text: CONSENT_TEXT, textVersion: input.textVersion, source, grantedAt: now },
        ]);
      } else if (!input.isGranted && status === 'granted' && row) {
        await markConsentWithdrawn(tx, ctx.userId, row.id, now);
      } else if (!input.isGranted && status === 'unanswered') {
        await insertConsentRows(tx, [
          {
            userId: ctx.userId,
            purpose,
            text: CONSENT_TEXT,
            textVersion: input.textVersion,
            source,
            grantedAt: now,
            isGranted: false,
          },
        ]);
      }
    }
    return toStates(await findLatestConsents(tx, ctx.userId));
  });
}
