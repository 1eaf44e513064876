/**
 * The `retry` of every query that can be refused: client errors (404, 400…) are answers, not hiccups, so asking
 * again would get the same one; anything else (a 5xx, a dropped connection) is asked once more.
 */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  const status = (error as { status?: number } | null)?.status ?? 0;
  if (status >= 400 && status < 500) return false;
  return failureCount < 1;
}
