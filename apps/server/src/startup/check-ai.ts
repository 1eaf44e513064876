// `npm run admin -- check-ai`: one tiny call through the configured provider (its URL, key and model), and what is
// wrong in one line when it fails: connection refused, a refused key, an unknown model, a timeout.
import Anthropic, {
  APIConnectionError as AnthropicConnectionError,
  APIConnectionTimeoutError as AnthropicTimeoutError,
} from '@anthropic-ai/sdk';
import OpenAI, { APIConnectionError, APIConnectionTimeoutError } from 'openai';
import type { Env } from '../config.ts';
import { createVendor, providerBaseUrl } from '../modules/ai/create-vendor.ts';
import { errorCode, networkReason } from './preflight.ts';
import { withoutCredentials } from './steps.ts';

/** The check waits at most this long, or AI_TIMEOUT_MS when that is shorter. */
const CHECK_TIMEOUT_MS = 30_000;
const PROMPT = 'Reply with the single word: ok';
// Local OpenAI-compatible servers ignore the key; the SDK refuses to start without one (as create-provider does).
const LOCAL_PLACEHOLDER_KEY = 'sonhario-local';

export interface AiCheck {
  ok: boolean;
  /** "ok: openai gpt-4o-mini answered in 812 ms", or "failed: … <what is wrong>". */
  line: string;
}

/** The SDKs' errors as duck types: both carry `status` (HTTP), OpenAI a `code`, both a `type` and the API's words. */
interface SdkError {
  status?: number;
  code?: string | null;
  type?: string | null;
  error?: { message?: unknown; error?: { message?: unknown } };
  message: string;
  name: string;
}

function apiMessage(error: SdkError): string {
  const body = error.error;
  const message = body?.error?.message ?? body?.message;
  return typeof message === 'string' ? message : error.message;
}

function explainAiFailure(caught: unknown, env: Env, timeoutMs: number): string {
  const host = new URL(providerBaseUrl(env) ?? 'http://unknown').host;
  const error = caught as SdkError;
  if (caught instanceof APIConnectionTimeoutError || caught instanceof AnthropicTimeoutError) {
    return `no answer from ${host} within ${String(timeoutMs)} ms (timeout); is the model loading or the server overloaded?`;
  }
  if (typeof error.status === 'number') {
    const status = error.status;
    const code = error.code ?? error.type;
    const said = `HTTP ${String(status)}${code ? ` ${code}` : ''} from ${host}: ${apiMessage(error)}`;
    if (status === 401 || status === 403) return `${said}; the API key (AI_API_KEY) was refused`;
    if (status === 404 || code === 'model_not_found' || code === 'not_found_error') {
      return `${said}; the model "${env.AI_MODEL ?? ''}" is unknown there (check AI_MODEL), or AI_BASE_URL lacks its version path (…/v1)`;
    }
    if (status === 429) return `${said}; rate limited or out of quota`;
    return said;
  }
  if (caught instanceof APIConnectionError || caught instanceof AnthropicConnectionError || errorCode(caught)) {
    return `cannot connect to ${host}: ${networkReason(caught)}; is the server running? check AI_BASE_URL`;
  }
  return `${error.name}: ${error.message}`;
}

/** Makes one tiny call (a few tokens) through AI_PROVIDER with AI_BASE_URL, AI_API_KEY and AI_MODEL. */
export async function checkAi(env: Env): Promise<AiCheck> {
  // Throws ConfigError naming the variable when a setting is missing, as the server's start does.
  const provider = createVendor(env);
  if (!provider) return { ok: true, line: 'ok: builtin (the offline reading; there is no model API to call)' };
  const baseUrl = providerBaseUrl(env) ?? '';
  const model = provider.model;
  const timeoutMs = Math.min(env.AI_TIMEOUT_MS, CHECK_TIMEOUT_MS);
  const name = `${provider.id} ${model}`;
  const started = Date.now();
  try {
    if (env.AI_PROVIDER === 'anthropic') {
      const client = new Anthropic({
        baseURL: baseUrl,
        apiKey: env.AI_API_KEY,
        maxRetries: 0,
        timeout: timeoutMs,
        logLevel: 'off',
      });
      await client.messages.create({ model, max_tokens: 5, messages: [{ role: 'user', content: PROMPT }] });
    } else {
      const client = new OpenAI({
        baseURL: baseUrl,
        apiKey: env.AI_API_KEY || LOCAL_PLACEHOLDER_KEY,
        maxRetries: 0,
        timeout: timeoutMs,
        logLevel: 'off',
      });
      await client.chat.completions.create({ model, messages: [{ role: 'user', content: PROMPT }] });
    }
    return { ok: true, line: `ok: ${name} answered in ${String(Date.now() - started)} ms` };
  } catch (error) {
    const reason = explainAiFailure(error, env, timeoutMs);
    return { ok: false, line: `failed: ${name} at ${withoutCredentials(baseUrl)}: ${reason}` };
  }
}
