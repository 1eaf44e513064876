/**
 * Runtime configuration injected by the server into
 * `<meta name="sonhario-config" content="…">` at serve time, so one build runs
 * against any backend. Read once; a missing or malformed tag yields defaults.
 */
interface RuntimeConfig {
  supabaseUrl?: string;
  supabaseAnonKey?: string;
  productName?: string;
  /**
   * Where the app API (`/api/v1`) lives. Absent (the usual case): this origin, since our server serves the SPA
   * and the API together. Set when the front end is hosted apart from the API (and by the component tests).
   */
  apiUrl?: string;
}

/** The config with defaults applied: the auth URL falls back to this origin (our own server). */
export type ResolvedRuntimeConfig = RuntimeConfig & { supabaseUrl: string };

const META_NAME = 'sonhario-config';
const KEYS = ['supabaseUrl', 'supabaseAnonKey', 'productName', 'apiUrl'] as const;

export function readRuntimeConfig(doc: Document = document): ResolvedRuntimeConfig {
  const raw = doc.querySelector<HTMLMetaElement>(`meta[name="${META_NAME}"]`)?.content;
  const config: RuntimeConfig = {};
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object') {
        for (const key of KEYS) {
          const value = (parsed as Record<string, unknown>)[key];
          if (typeof value === 'string' && value.trim() !== '') config[key] = value;
        }
      }
    } catch {
      // A broken tag must not take the page down; the defaults still work against our own server.
    }
  }
  const origin = doc.defaultView?.location.origin ?? window.location.origin;
  return { ...config, supabaseUrl: config.supabaseUrl ?? origin };
}

let cached: ResolvedRuntimeConfig | undefined;

export function getRuntimeConfig(): ResolvedRuntimeConfig {
  cached ??= readRuntimeConfig();
  return cached;
}
