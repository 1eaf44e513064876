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
    .map((entry) => ({ raw: entry, url: parse(entry) }))
    .filter((entry): entry is { raw: string; url: URL } => entry.url !== undefined);

  const isLoopback = (url: URL) => isHttp(url) && LOOPBACK_HOSTS.has(url.hostname);
  const isDevelopmentSite = isLoopback(site);

  const isAllowed = (candidate: URL) => {
    if (candidate.username || candidate.password) return false;
    if (isHttp(candidate) && candidate.origin === site.origin) return true;
    if (isDevelopmentSite && isLoopback(candidate)) return true;
    return additional.some(({ raw, url }) => {
      // Custom schemes (mobile deep links) have no origin: compare the text, as a prefix.
      if (!isHttp(url)) return candidate.href.startsWith(raw);
      if (candidate.origin !== url.origin) return false;
      const base = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
      return url.pathname === '/' || candidate.pathname === url.pathname || candidate.pathname.startsWith(base);
    });
  };

  const origins = new Set([site.origin, ...additional.filter(({ url }) => isHttp(url)).map(({ url }) => url.origin)]);

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
