import {
  monthlyReportSchema,
  monthlyReportStreamEventSchema,
  reportMonthsResponseSchema,
  type MonthlyReport,
  type ReportMonthsResponse,
} from '@sonhario/contracts/reports';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useProviderStream } from '@/hooks/use-provider-stream';
import { apiRequest, isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { retryUnlessClientError } from '@/lib/query-retry';

/** GET /reports/months (Oracle only: the caller enables it from the profile's plan, never on another plan). */
export function useReportMonths(options: { isEnabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.dreams.reportMonths,
    queryFn: async ({ signal }) =>
      (await apiRequest('/reports/months', { schema: reportMonthsResponseSchema, signal })).data,
    retry: retryUnlessClientError,
    enabled: options.isEnabled,
  });
}

/** GET /reports/monthly?month: asked only for a month the list says has a report (a 404 would be a console error). */
export function useMonthlyReport(month: string | null, options: { isEnabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.monthlyReport(month ?? ''),
    queryFn: async ({ signal }) =>
      (await apiRequest('/reports/monthly', { query: { month }, schema: monthlyReportSchema, signal })).data,
    retry: retryUnlessClientError,
    enabled: options.isEnabled && month !== null,
  });
}

export type ReportFailure =
  /** 403 consent_required: no standing consent to AI analysis. */
  | { kind: 'consent' }
  /** The connection dropped before the final event. */
  | { kind: 'network' }
  | { kind: 'other'; error: unknown };

export type GenerateState =
  | { status: 'idle' }
  | {
      status: 'streaming';
      month: string;
      author: { provider: MonthlyReport['provider']; model: string; isGenerative: boolean } | null;
      summary: string;
      emotionalArc: string;
    }
  | { status: 'done'; report: MonthlyReport }
  | { status: 'error'; failure: ReportFailure }
  | { status: 'cancelled' };

function failureOf(error: unknown): ReportFailure {
  if (isApiError(error)) {
    if (error.isNetworkError) return { kind: 'network' };
    if (error.code === 'consent_required') return { kind: 'consent' };
  }
  return { kind: 'other', error };
}

/**
 * POST /reports/monthly as a stream: `start(month)` writes the month's report (replacing the stored one), `state`
 * follows it, `cancel()` aborts it (the server stores nothing). Leaving the page cancels too.
 */
export function useGenerateReport() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<GenerateState>({ status: 'idle' });
  const stream = useProviderStream();

  const start = useCallback(
    async (month: string) => {
      const controller = stream.begin();
      setState({ status: 'streaming', month, author: null, summary: '', emotionalArc: '' });
      const end = await stream.read(controller, '/reports/monthly', {
        body: { month },
        schema: monthlyReportStreamEventSchema,
        onStart: (author) => setState((current) => (current.status === 'streaming' ? { ...current, author } : current)),
        onDelta: ({ field, text }) =>
          setState((current) =>
            current.status === 'streaming' ? { ...current, [field]: current[field] + text } : current,
          ),
      });
      if (end === null) return;
      if (end.kind === 'done') {
        const report = end.result;
        queryClient.setQueryData(queryKeys.monthlyReport(report.month), report);
        queryClient.setQueryData<ReportMonthsResponse>(queryKeys.dreams.reportMonths, (data) =>
          data
            ? {
                ...data,
                items: data.items.map((item) =>
                  item.month === report.month ? { ...item, reportCreatedAt: report.createdAt } : item,
                ),
              }
            : data,
        );
        setState({ status: 'done', report });
      } else {
        setState({
          status: 'error',
          failure: end.kind === 'provider' ? { kind: 'other', error: end.error } : failureOf(end.error),
        });
      }
    },
    [queryClient, stream],
  );

  const cancel = useCallback(() => {
    if (stream.stop()) setState({ status: 'cancelled' });
  }, [stream]);

  const reset = useCallback(() => setState({ status: 'idle' }), []);

  return { state, start, cancel, reset, isStreaming: state.status === 'streaming' };
}
