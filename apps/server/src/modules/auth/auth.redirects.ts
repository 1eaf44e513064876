import type { Config } from '../../config.ts';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

const isHttp = (url: URL) => url.protocol === 'http:' || url.protocol === 'https:';

/** An opaque path (`myapp:cb/../x`) keeps its dot segments; a hierarchical one has them resolved by the parser. */
const hasDotSegment = (pathname: string) => pathname.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment));

/**
 * Whether a candidate lies under an allow-listed URL, compared as URLs, never as text: the same scheme, the same host
 * and port (`myapp://callbackevil` is another host than `myapp://callback`), and the listed path or a path below it on
 * a segment boundary (`/callback/x` is under `/callback`, `/callbackx` is not). Custom schemes (mobile deep links)
 * have no origin, so scheme and host are compared one by one, for http(s) as for them.
 */
function isUnder(candidate: URL, entry: URL): boolean {
  if (candidate.protocol !== entry.protocol || candidate.host !== entry.host) return false;
  if (hasDotSegment(candidate.pathname)) return false;
  const path = entry.pathname;
  if (path === '' || path === '/') return true;
  const base = path.endsWith('/') ? path : `${path}/`;
  return candidate.pathname === path || candidate.pathname.startsWith(base);
}

/**
 * Where auth may send a browser back to (redirect_to) and which origins may call the API cross-origin: the site's
 * own origin and ADDITIONAL_REDIRECT_URLS, plus any loopback origin when the site itself is on loopback (development:
 * a Vite dev server on another port). A production site never trusts loopback: on a user's machine, any local program
 * listens there. A rejected redirect_to silently becomes SITE_URL, as GoTrue does, so the server is never an open
 * redirect.
 */
export interface RedirectPolicy {
  /** The site root: where every flow lands when no acceptable redirect_to was given. */
  readonly fallback: string;
  resolve(candidate: string | undefined | null): string;
  isAllowedOrigin(origin: string): boolean;
}

export function createRedirectPolicy(config: Pick<Config, 'siteUrl' | 'env'>): RedirectPolicy {
  const site = new URL(config.siteUrl);
  const fallback = `${site.origin}${site.pathname.replace(/\/*$/, '')}/`;
  const additional = config.env.ADDITIONAL_REDIRECT_URLS.split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map(parse)
    .filter((url): url is URL => url !== undefined);

  const isLoopback = (url: URL) => isHttp(url) && LOOPBACK_HOSTS.has(url.hostname);
  const isDevelopmentSite = isLoopback(site);

  const isAllowed = (candidate: URL) => {
    if (candidate.username || candidate.password) return false;
    if (isHttp(candidate) && candidate.origin === site.origin) return true;
    if (isDevelopmentSite && isLoopback(candidate)) return true;
    return additional.some((entry) => isUnder(candidate, entry));
  };

  const origins = new Set([site.origin, ...additional.filter(isHttp).map((url) => url.origin)]);

  return {
    fallback,
    resolve(candidate) {
      if (!candidate) return fallback;
      const url = parse(candidate);
      return url && isAllowed(url) ? url.href : fallback;
    },
    isAllowedOrigin(origin) {
      if (origins.has(origin)) return true;
      const url = parse(origin);
      return isDevelopmentSite && url !== undefined && isLoopback(url);
    },
  };
}

/** redirect_to with the session in the fragment (implicit flow), where it never reaches a server log. */
export function withFragment(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  url.hash = new URLSearchParams(params).toString();
  return url.href;
}

/** redirect_to with `?code=` (PKCE flow). */
export function withQuery(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.href;
}

/**
 * An error for the browser: in the fragment (what supabase-js reads in the implicit flow) and, for PKCE flows, also
 * in the query (what it reads there). Query parameters of redirect_to are dropped so no stale `code` survives.
 */
export function withError(
  target: string,
  error: { error: string; code: string; description: string },
  isPkce: boolean,
): string {
  const url = new URL(target);
  const params = new URLSearchParams({
    error: error.error,
    error_code: error.code,
    error_description: error.description,
  });
  url.search = isPkce ? params.toString() : '';
  url.hash = params.toString();
  return url.href;
}
