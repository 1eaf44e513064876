import {
  monthlyReportSchema,
  monthlyReportStreamEventSchema,
  reportMonthsResponseSchema,
  type MonthlyReport,
  type ReportMonthsResponse,
} from '@sonhario/contracts/reports';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, apiRequest, isApiError, streamApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { retryUnlessClientError } from '@/lib/query-retry';

/** Under `dreams.all`: a write to the journal changes which months have dreams. */
const monthsKey = [...queryKeys.dreams.all, 'report-months'] as const;
const reportKey = (month: string) => ['reports', 'monthly', month] as const;

/** GET /reports/months (Oracle only: the caller enables it from the profile's plan, never on another plan). */
export function useReportMonths(options: { isEnabled: boolean }) {
  return useQuery({
    queryKey: monthsKey,
    queryFn: async ({ signal }) =>
      (await apiRequest('/reports/months', { schema: reportMonthsResponseSchema, signal })).data,
    retry: retryUnlessClientError,
    enabled: options.isEnabled,
  });
}

/** GET /reports/monthly?month: asked only for a month the list says has a report (a 404 would be a console error). */
export function useMonthlyReport(month: string | null, options: { isEnabled: boolean }) {
  return useQuery({
    queryKey: reportKey(month ?? ''),
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
  const running = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      running.current?.abort();
      running.current = null;
    },
    [],
  );

  const start = useCallback(
    async (month: string) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      setState({ status: 'streaming', month, author: null, summary: '', emotionalArc: '' });
      const finish = (next: GenerateState) => {
        if (running.current === controller) running.current = null;
        setState(next);
      };
      const progress = { isFinished: false };
      try {
        await streamApi('/reports/monthly', {
          body: { month },
          signal: controller.signal,
          schema: monthlyReportStreamEventSchema,
          onEvent: (event) => {
            if (controller.signal.aborted || progress.isFinished) return;
            switch (event.event) {
              case 'start':
                setState((current) => (current.status === 'streaming' ? { ...current, author: event.data } : current));
                break;
              case 'delta': {
                const { field, text } = event.data;
                setState((current) =>
                  current.status === 'streaming' ? { ...current, [field]: current[field] + text } : current,
                );
                break;
              }
              case 'done':
                progress.isFinished = true;
                queryClient.setQueryData(reportKey(event.data.month), event.data);
                queryClient.setQueryData<ReportMonthsResponse>(monthsKey, (data) =>
                  data
                    ? {
                        ...data,
                        items: data.items.map((item) =>
                          item.month === event.data.month ? { ...item, reportCreatedAt: event.data.createdAt } : item,
                        ),
                      }
                    : data,
                );
                finish({ status: 'done', report: event.data });
                break;
              case 'error':
                progress.isFinished = true;
                finish({
                  status: 'error',
                  failure: { kind: 'other', error: new ApiError(200, event.data.code, event.data.message) },
                });
                break;
            }
          },
        });
        if (!progress.isFinished && !controller.signal.aborted)
          finish({ status: 'error', failure: { kind: 'network' } });
      } catch (error) {
        if (controller.signal.aborted || progress.isFinished) return;
        finish({ status: 'error', failure: failureOf(error) });
      }
    },
    [queryClient],
  );

  const cancel = useCallback(() => {
    const controller = running.current;
    if (!controller) return;
    running.current = null;
    controller.abort();
    setState({ status: 'cancelled' });
  }, []);

  const reset = useCallback(() => setState({ status: 'idle' }), []);

  return { state, start, cancel, reset, isStreaming: state.status === 'streaming' };
}
