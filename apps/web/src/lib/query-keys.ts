import type { Emotion } from '@sonhario/contracts/dreams';

/** The journal's search and filters, as the list page reads them from the URL and the API takes them. */
export interface DreamFilters {
  q?: string;
  from?: string;
  to?: string;
  emotion?: Emotion;
  tag?: string;
  lucid?: boolean;
  nightmare?: boolean;
  recurring?: boolean;
}

/**
 * Every TanStack Query key of the app, in one place, so a write knows exactly what to invalidate.
 * Keys are hierarchical: invalidating `dreams.all` refreshes every list and every dream.
 */
export const queryKeys = {
  dreams: {
    all: ['dreams'] as const,
    lists: () => [...queryKeys.dreams.all, 'list'] as const,
    list: (filters: DreamFilters) => [...queryKeys.dreams.lists(), filters] as const,
    details: () => [...queryKeys.dreams.all, 'detail'] as const,
    detail: (id: string) => [...queryKeys.dreams.details(), id] as const,
    // Answers computed from the whole journal, under `dreams.all` so that any write to it refreshes them.
    /** GET /dreams/:id/similar. */
    similar: (dreamId: string) => [...queryKeys.dreams.all, 'similar', dreamId] as const,
    /** GET /patterns/charts: a period's charts, or `basics` (the counts alone). */
    patternCharts: (period: string) => [...queryKeys.dreams.all, 'pattern-charts', period] as const,
    /** GET /patterns/signs. */
    signs: ['dreams', 'dream-signs'] as const,
    /** GET /reports/months: which months have dreams. */
    reportMonths: ['dreams', 'report-months'] as const,
  },
  /** The dreams saved offline on this device, waiting to be sent (lib/pending-dreams.ts); never from the API. */
  pendingDreams: (userId: string) => ['pending-dreams', userId] as const,
  tags: ['tags'] as const,
  overview: ['me', 'overview'] as const,
  profile: ['me', 'profile'] as const,
  credits: {
    /** The summary (balance, quota); also the ledger's prefix, so invalidating it after an analysis refreshes both. */
    summary: ['credits'] as const,
    ledger: ['credits', 'ledger'] as const,
  },
  analyses: {
    all: ['analyses'] as const,
    list: ['analyses', 'list'] as const,
    stats: ['analyses', 'stats'] as const,
    /** One dream's analyses (newest first). Under `all`, but set from the stream, not refetched, after an analysis. */
    ofDream: (dreamId: string) => ['analyses', 'dream', dreamId] as const,
  },
  /** GET /reports/monthly?month: a month's stored report (set from the stream when one is written). */
  monthlyReport: (month: string) => ['reports', 'monthly', month] as const,
  /** The chat's conversations: under `chat` so an account-wide reset clears them all. */
  chat: {
    threads: ['chat', 'threads'] as const,
    /** Every conversation (no filter) or one dream's. */
    threadList: (dreamId: string | null) => ['chat', 'threads', { dreamId }] as const,
    /** Every conversation's messages (a prefix), or one conversation's. */
    threadDetails: ['chat', 'thread'] as const,
    thread: (id: string) => ['chat', 'thread', id] as const,
    usage: ['chat', 'usage'] as const,
  },
  /** GET /auth/v1/settings: what the sign-in offers (Google or not); public, read once per session. */
  authSettings: ['auth-settings'] as const,
  /** GET /rewards: streak, calendar, level, achievements and the daily bonus ('Conquistas', the streak card). */
  rewards: ['rewards'] as const,
  /** GET /support/messages: the 'Ajuda' page's messages and answers. */
  support: ['support', 'messages'] as const,
  /** GET /billing: the plan page and the past-due banner; with a checkout id while its webhook is awaited. */
  billing: {
    all: ['billing'] as const,
    status: (checkout: string | null) => ['billing', { checkout }] as const,
  },
  consents: ['me', 'consents'] as const,
  /** GET /reminders: 'Lembretes' in settings. */
  reminders: ['me', 'reminders'] as const,
  /** GET /dictation: whether the server transcribes (the dream form's microphone); read once per session. */
  dictation: ['dictation'] as const,
  /** GET /me/sessions: the signed-in devices. */
  sessions: ['me', 'sessions'] as const,
  /** GET /privacy-info: public, the same for everyone (not under `me`). */
  privacyInfo: ['privacy-info'] as const,
};
