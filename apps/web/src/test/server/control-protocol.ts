import type { AnalysisResult } from '@sonhario/contracts/analyses';

declare module 'vitest' {
  export interface ProvidedContext {
    webTestServer: WebTestServer;
  }
}

/** What the global setup hands every web test file (read with `inject('webTestServer')`). */
interface WebTestServer {
  /** The real server (builtin analysis). */
  url: string;
  /**
   * A second instance on the same database: its AI provider is the local OpenAI-compatible model, and its sign-ups
   * wait for the e-mail's link (no AUTH_AUTOCONFIRM).
   */
  generativeUrl: string;
  /** The test-control server (global-setup.ts). */
  controlUrl: string;
  /**
   * The local Stripe stand-in the generative instance bills through (apps/server/src/test/fake-stripe.ts): its hosted
   * checkout and portal pages, and its scenario controls at POST /_control/<name>.
   */
  stripeUrl: string;
  anonKey: string;
  serviceRoleKey: string;
}

/** POST /inject: one request to the real app, made as of `at` when given. */
export interface ControlRequest {
  at?: string;
  /** The instance that answers: the main one unless `generative`. */
  instance?: 'main' | 'generative';
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
}

/**
 * How the local model answers the next analysis whose request contains `needle`: `stall` sends the summary's first
 * words and waits to be released; `hang` never answers (the analysis then times out on the server).
 */
export interface ProviderScript {
  needle: string;
  kind: 'answer' | 'stall' | 'hang';
  result?: AnalysisResult;
}
