import { createHash } from 'node:crypto';
import {
  EXPORT_SCHEMA_VERSION,
  exportSecurityLogDetailsSchema,
  IMPORT_LIMITS,
  type ExportDream,
  type ExportFile,
  type ExportRewards,
  type ExportSecurityLogEntry,
  type ExportSupportMessage,
  type ImportFile,
  type ImportResult,
  type SessionInfo,
} from '@sonhario/contracts/account';
import { createDreamSchema } from '@sonhario/contracts/dreams';
import type { RequestContext } from '../../context.ts';
import { AppError, NotFoundError, ValidationError } from '../../errors.ts';
import { localDate } from '../../lib/local-time.ts';
import { PRODUCT_NAME } from '../../product.ts';
import { listAnalysesOfDreams } from '../analyses/analyses.service.ts';
import {
  createImportedDreams,
  refreshStatisticsAfterImport,
  findDreamsInJournal,
  listDreamsForExport,
  type DreamCandidate,
} from '../dreams/dreams.data.service.ts';
import type { CreateDreamBody } from '../dreams/dreams.rows.ts';
import { getProfile, getTimeZone } from '../profile/profile.service.ts';
import { exportRewards, rewardImportedJournal } from '../rewards/rewards.service.ts';
import { exportBilling } from '../billing/billing.service.ts';
import type { ExportBilling } from '@sonhario/contracts/billing';
import { exportSupportMessages } from '../support/support.service.ts';
import { exportReminders } from '../reminders/reminders.service.ts';
import { listPins } from '../patterns/signs.service.ts';
import { listReportsForExport } from '../reports/reports.service.ts';
import { listChatsForExport } from '../chat/chat.service.ts';
import { openLedgerDetail } from '../credits/credits.sealing.ts';
import {
  findAccount,
  listConsentRows,
  listIdentities,
  listLedgerRowsOldestFirst,
  listSecurityLogRows,
  listSessionRows,
  listUsageRows,
} from './account.data.repository.ts';

/** Dreams read, opened and written per step of an export (and checked per step of an import). */
export const EXPORT_PAGE_SIZE = 200;

// --- the export ------------------------------------------------------------------------------------------------

/** Everything in the file before the dreams (the security log always written, though older files may lack it). */
export type ExportHead = Omit<ExportFile, 'dreams' | 'totals' | 'securityLog' | 'rewards' | 'billing' | 'support'> & {
  securityLog: ExportSecurityLogEntry[];
  rewards: ExportRewards;
  billing: ExportBilling;
  support: ExportSupportMessage[];
};
export type ExportTotals = Required<ExportFile['totals']>;

/** Turns the export, read piece by piece, into the text of one format. */
export interface ExportWriter {
  readonly contentType: string;
  readonly extension: string;
  start(head: ExportHead): string;
  dreams(dreams: ExportDream[]): string;
  end(totals: ExportTotals): string;
}

const nameOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const iso = (date: Date | null) => date?.toISOString() ?? null;

const SECURITY_LOG_DETAILS = Object.entries(exportSecurityLogDetailsSchema.shape);

/** The exported traits of an audit entry: only the listed keys, and only with the type the contract gives them. */
function securityLogDetails(payload: Record<string, unknown>): ExportSecurityLogEntry['details'] {
  const details: Record<string, unknown> = {};
  for (const [key, schema] of SECURITY_LOG_DETAILS) {
    const parsed = schema.safeParse(payload[key]);
    if (parsed.success && parsed.data !== undefined) details[key] = parsed.data;
  }
  return details;
}

async function readExportHead(ctx: RequestContext): Promise<ExportHead> {
  const account = await findAccount(ctx.db, ctx.userId);
  // The session check passed a moment ago; the account can still have been deleted in between.
  if (!account) throw new NotFoundError('Usuário não encontrado');
  const [identities, consents, sessions, securityLog, ledger, usage, profile, rewards, support, keys] =
    await Promise.all([
      listIdentities(ctx.db, ctx.userId),
      listConsentRows(ctx.db, ctx.userId),
      listSessionRows(ctx.db, ctx.userId),
      listSecurityLogRows(ctx.db, ctx.userId),
      listLedgerRowsOldestFirst(ctx.db, ctx.userId),
      listUsageRows(ctx.db, ctx.userId),
      getProfile(ctx),
      exportRewards(ctx),
      exportSupportMessages(ctx),
      ctx.keys.forUser(ctx.userId),
    ]);
  const billing = await exportBilling(ctx);
  const dreamSignPins = (await listPins(ctx, keys)).map(({ kind, key, label, createdAt }) => ({
    kind,
    key,
    label,
    createdAt,
  }));
  const monthlyReports = await listReportsForExport(ctx, keys);
  const chatConversations = await listChatsForExport(ctx, keys);
  const reminders = await exportReminders(ctx);
  return {
    schemaVersion: EXPORT_SCHEMA_VERSION,
    product: PRODUCT_NAME,
    exportedAt: ctx.now().toISOString(),
    account: {
      id: account.id,
      email: account.email,
      firstName: nameOf(account.metadata.first_name),
      lastName: nameOf(account.metadata.last_name),
      createdAt: account.createdAt.toISOString(),
      emailConfirmedAt: iso(account.emailConfirmedAt),
      lastSignInAt: iso(account.lastSignInAt),
      providers: identities.map((identity) => ({
        provider: identity.provider,
        email: identity.email,
        createdAt: identity.createdAt.toISOString(),
        lastSignInAt: iso(identity.lastSignInAt),
      })),
    },
    profile,
    consents: consents.map((consent) => ({
      purpose: consent.purpose,
      text: consent.text,
      textVersion: consent.textVersion,
      grantedAt: consent.grantedAt.toISOString(),
      withdrawnAt: iso(consent.withdrawnAt),
      isGranted: consent.isGranted,
      source: consent.source,
    })),
    sessions: sessions.map((session) => ({
      id: session.id,
      createdAt: session.createdAt.toISOString(),
      lastUsedAt: session.lastUsedAt.toISOString(),
      userAgent: session.userAgent,
      ip: session.ip,
      endedAt: iso(session.notAfter),
    })),
    securityLog: securityLog.map((entry) => ({
      action: entry.action,
      createdAt: entry.createdAt.toISOString(),
      ip: entry.ipAddress,
      details: securityLogDetails(entry.payload),
    })),
    creditLedger: ledger.map(({ idempotencyKey, detailEnc, ...entry }) => ({
      ...entry,
      detail: detailEnc ? openLedgerDetail(keys, ctx.userId, idempotencyKey, detailEnc) : null,
      createdAt: entry.createdAt.toISOString(),
    })),
    analysisUsage: usage.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
    rewards,
    billing,
    support,
    dreamSignPins,
    monthlyReports,
    chatConversations,
    reminders,
  };
}

/**
 * The user's dreams with their analyses, a page at a time, oldest night first: the live ones, then those deleted
 * but still restorable. Each page is read only when the previous one has been consumed, so an export holds one page
 * in memory whatever the journal's size. No transaction spans the pages (a slow download must not hold one open):
 * a dream written during the download may or may not be in it.
 */
async function* readDreamPages(ctx: RequestContext, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<ExportDream[]> {
  for (const isDeleted of [false, true]) {
    let after: Parameters<typeof listDreamsForExport>[1]['after'];
    do {
      const page = await listDreamsForExport(ctx, { isDeleted, after, limit: pageSize });
      if (page.items.length === 0) break;
      const analyses = await listAnalysesOfDreams(
        ctx,
        page.items.map((dream) => dream.id),
      );
      yield page.items.map((dream) => ({ ...dream, analyses: analyses.get(dream.id) ?? [] }));
      after = page.next;
    } while (after);
  }
}

/** The export as chunks of text in the writer's format: the head, one chunk per page of dreams, the end. */
export async function* writeExport(
  ctx: RequestContext,
  writer: ExportWriter,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<string> {
  const head = await readExportHead(ctx);
  yield writer.start(head);
  const totals: ExportTotals = { dreams: 0, analyses: 0, securityLog: head.securityLog.length };
  for await (const dreams of readDreamPages(ctx, pageSize)) {
    totals.dreams += dreams.length;
    for (const dream of dreams) totals.analyses += dream.analyses.length;
    yield writer.dreams(dreams);
  }
  yield writer.end(totals);
}

/** sonhario-export-YYYY-MM-DD.<ext>, dated today in the user's time zone. */
export async function exportFileName(ctx: RequestContext, extension: string): Promise<string> {
  return `sonhario-export-${localDate(ctx.now(), await getTimeZone(ctx))}.${extension}`;
}

// --- the import ------------------------------------------------------------------------------------------------

/** The idempotency key of a dream restored from an export: importing the same file again creates nothing. */
const importKeyOf = (sourceDreamId: string) => `import:${sourceDreamId}`;

const INVALID_FILE = 'O arquivo não é uma exportação válida do Sonhário.';

/**
 * Why a body that failed the export schema was refused, in the order a user can act on: not an export at all, an
 * export of another format version, too many dreams, or an export with invalid fields (the first few named).
 */
export function explainRejectedImport(body: unknown, issues: { path: string; message: string }[]): AppError {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return new AppError(400, 'invalid_export', INVALID_FILE);
  }
  const { schemaVersion, dreams } = body as { schemaVersion?: unknown; dreams?: unknown };
  if (schemaVersion === undefined)
    return new AppError(400, 'invalid_export', `${INVALID_FILE} Falta a versão do formato (schemaVersion).`);
  if (schemaVersion !== EXPORT_SCHEMA_VERSION) {
    return new AppError(
      400,
      'unsupported_export_version',
      `Este arquivo usa a versão ${shownVersion(schemaVersion)} do formato de exportação; este servidor só importa a versão ${EXPORT_SCHEMA_VERSION}.`,
    );
  }
  if (Array.isArray(dreams) && dreams.length > IMPORT_LIMITS.maxDreams) return tooManyDreams(dreams.length);
  const shown = issues.slice(0, 10);
  const more = issues.length > shown.length ? ` (e mais ${issues.length - shown.length})` : '';
  return new AppError(
    400,
    'invalid_export',
    `${INVALID_FILE} ${shown.map((i) => `${i.path}: ${i.message}`).join('; ')}${more}`,
    shown,
  );
}

/** The start of the version a file claims, for the message: never half an emoji (a lone surrogate) at the cut. */
const shownVersion = (schemaVersion: unknown) =>
  JSON.stringify(schemaVersion)
    .slice(0, 20)
    .replace(/[\ud800-\udbff]$/, '');

function tooManyDreams(count: number): AppError {
  return new AppError(
    413,
    'import_too_large',
    `O arquivo tem ${count.toLocaleString('pt-BR')} sonhos; uma importação aceita até ${IMPORT_LIMITS.maxDreams.toLocaleString('pt-BR')}. Divida o arquivo em partes menores.`,
  );
}

interface PreparedDream {
  candidate: DreamCandidate;
  body: CreateDreamBody;
  recordedAt: Date;
}

/** Checks every dream of the file before writing any, so a bad file restores nothing. */
function prepareDreams(file: ImportFile, today: string): { prepared: PreparedDream[]; deleted: number } {
  const prepared: PreparedDream[] = [];
  let deleted = 0;
  file.dreams.forEach((dream, index) => {
    // A dream that was being deleted when the file was written stays deleted.
    if (dream.deletedAt) {
      deleted += 1;
      return;
    }
    const parsed = createDreamSchema.safeParse({
      title: dream.isTitleDerived ? null : dream.title,
      content: dream.content,
      notes: dream.notes,
      dreamtOn: dream.dreamtOn,
      mood: dream.mood,
      emotions: dream.emotions,
      tags: dream.tags,
      lucidity: dream.lucidity,
      vividness: dream.vividness,
      sleepQuality: dream.sleepQuality,
      isNightmare: dream.isNightmare,
      isRecurring: dream.isRecurring,
    });
    const fail = (field: string, message: string) =>
      new ValidationError(`O sonho ${index + 1} do arquivo não pode ser importado: ${message}`, [
        { path: `body.dreams.${index}.${field}`, message },
      ]);
    if (!parsed.success) {
      // A failed parse has at least one issue; the first one names the field.
      const [issue] = parsed.error.issues;
      throw issue ? fail(issue.path.join('.'), issue.message) : fail('', parsed.error.message);
    }
    const dreamtOn = parsed.data.dreamtOn ?? dream.dreamtOn;
    if (dreamtOn > today) throw fail('dreamtOn', 'A data do sonho não pode estar no futuro');
    if (dreamtOn < '1900-01-01') throw fail('dreamtOn', 'A data do sonho não pode ser anterior a 1900');
    // Kept (never later than now): the journal orders a night's dreams by it; streaks ignore imported dreams. Before
    // 1900 it is no record of ours (and year 0 is no date PostgreSQL stores).
    const recordedAt = new Date(dream.recordedAt);
    if (!(recordedAt.getTime() >= Date.UTC(1900, 0, 1))) {
      throw fail('recordedAt', 'A data de registro do sonho não pode ser anterior a 1900');
    }
    prepared.push({
      candidate: { id: dream.id, idempotencyKey: importKeyOf(dream.id), dreamtOn, content: parsed.data.content },
      body: { ...parsed.data, dreamtOn },
      recordedAt,
    });
  });
  return { prepared, deleted };
}

const textKey = (dreamtOn: string, content: string) =>
  createHash('sha256').update(`${dreamtOn}\n${content}`).digest('base64');

/**
 * Restores the DREAMS of an export file (only dreams: docs/export-format.md; the security log is not even read) into the caller's journal through the
 * dreams service, so each is sealed and indexed like a dream written here. Skipped: dreams this journal already
 * holds (same id, imported before, or the same night and text) and dreams deleted in the file. Every dream is
 * checked before any is written; then each batch of 200 is written in one transaction, so an interrupted import
 * leaves whole batches behind and can simply be run again.
 */
export async function importDreams(ctx: RequestContext, file: ImportFile): Promise<ImportResult> {
  if (file.dreams.length > IMPORT_LIMITS.maxDreams) throw tooManyDreams(file.dreams.length);
  const { prepared, deleted } = prepareDreams(file, localDate(ctx.now(), await getTimeZone(ctx)));
  let imported = 0;
  let skipped = deleted;
  // Same night and text twice in the file: the journal check cannot see a copy about to be written in this batch.
  const seen = new Set<string>();
  for (let start = 0; start < prepared.length; start += EXPORT_PAGE_SIZE) {
    const batch = prepared.slice(start, start + EXPORT_PAGE_SIZE);
    const present = await findDreamsInJournal(
      ctx,
      batch.map((dream) => dream.candidate),
    );
    const fresh = batch.filter((dream) => {
      const key = textKey(dream.candidate.dreamtOn, dream.candidate.content);
      if (present.has(dream.candidate) || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    // A concurrent import of the same file may have written some of them since the check: their keys skip them.
    const created = await createImportedDreams(
      ctx,
      fresh.map((dream) => ({
        body: dream.body,
        idempotencyKey: dream.candidate.idempotencyKey,
        recordedAt: dream.recordedAt,
      })),
    );
    imported += created;
    skipped += batch.length - created;
  }
  if (imported > 0) await refreshStatisticsAfterImport(ctx, imported);
  if (imported > 0)
    await rewardImportedJournal(
      ctx,
      prepared.map((dream) => dream.body.dreamtOn?.slice(0, 7) ?? ''),
    );
  return { imported, skipped };
}

// --- sessions --------------------------------------------------------------------------------------------------

/** The user's live sessions (those the /api/v1 authentication accepts), most recently used first. */
export async function listSessions(ctx: RequestContext, currentSessionId: string): Promise<{ items: SessionInfo[] }> {
  const rows = await listSessionRows(ctx.db, ctx.userId, { liveAt: ctx.now() });
  return {
    items: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt.toISOString(),
      userAgent: row.userAgent,
      isCurrent: row.id === currentSessionId,
    })),
  };
}
