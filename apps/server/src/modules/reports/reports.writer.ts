import type { AnalysisLanguage, AnalysisProviderId } from '@sonhario/contracts/analyses';
import type { Emotion } from '@sonhario/contracts/dreams';
import type { MonthlyReportResult, MonthlyReportStats, ReportStreamedField } from '@sonhario/contracts/reports';

/** One dream as the report's provider sees it: the user's words and marks, no ids, no e-mail, no names of the app's. */
export interface ReportDream {
  dreamtOn: string;
  title: string;
  /** Cut to the per-dream budget; `isTruncated` says so. */
  content: string;
  isTruncated: boolean;
  emotions: Emotion[];
  mood: number | null;
  lucidity: number;
  vividness: number | null;
  isNightmare: boolean;
  isRecurring: boolean;
  /** What the dream's newest analysis said, briefly; null if it has none. */
  analysis: { summary: string; themes: string[]; symbols: string[]; dreamType: string } | null;
}

/** The month's two halves (nights 1–15, then the rest): how the feelings moved. */
export interface ReportArcPart {
  part: 'early' | 'late';
  dreams: number;
  nightmares: number;
  averageMood: number | null;
  topEmotions: Emotion[];
}

export interface ReportRequest {
  month: string;
  language: AnalysisLanguage;
  stats: MonthlyReportStats;
  arc: ReportArcPart[];
  /** The most telling dreams, in night order, within the text budget. */
  dreams: ReportDream[];
  /** Dreams of the month whose text was not sent (they are in the statistics). */
  omittedDreams: number;
  /** People the month's analyses name in two dreams or more (forms of one name merged), most frequent first. */
  people: { name: string; count: number }[];
  /** The nights (YYYY-MM-DD) of the month's nightmares, in night order. */
  nightmareNights: string[];
}

interface ReportRunOptions {
  signal: AbortSignal;
  onDelta: (field: ReportStreamedField, text: string) => void;
}

/** Writes a monthly report; resolves only with a result valid under monthlyReportResultSchema. */
export interface ReportWriter {
  readonly id: AnalysisProviderId;
  readonly model: string;
  readonly isGenerative: boolean;
  write(request: ReportRequest, options: ReportRunOptions): Promise<MonthlyReportResult>;
}
