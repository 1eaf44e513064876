// The one AI pipeline's vendor side (issue 31, decision 062): a vendor adapter (OpenAI-compatible, Anthropic) speaks
// its wire protocol and nothing else; the features (an analysis, a monthly report, a chat answer) say what to ask
// and how to read the answer, and every call runs under one deadline with its errors classified one way.
import { createJsonFieldStream } from './json-stream.ts';
import { ProviderError } from './provider-error.ts';

type VendorId = 'openai' | 'anthropic';

/** One turn of the conversation a vendor is sent (the system prompt apart). */
export interface VendorTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** A structured answer: JSON under a schema (OpenAI's json_schema response format; Anthropic's one forced tool). */
export interface JsonShape {
  /** The schema's (OpenAI) or the tool's (Anthropic) name. */
  name: string;
  /** What the tool records (Anthropic's tool description). */
  description: string;
  schema: Record<string, unknown>;
}

/** A JSON answer as it came, with what the vendor needs to show it back to the model in a repair. */
export interface JsonCompletion {
  output: string;
  /** Anthropic: the tool call's id, to answer it with an error result; null elsewhere. */
  toolUseId: string | null;
}

interface VendorCall {
  system: string;
  turns: VendorTurn[];
  signal: AbortSignal;
  /** Each piece of the answer's text (or JSON text) as it arrives. */
  onText?: (text: string) => void;
  /** What is asked, for the refusal's message: 'analyze this dream', 'write the report', 'answer'. */
  what: string;
}

export interface Vendor {
  readonly id: VendorId;
  readonly model: string;
  /** Plain text, streamed. An answer cut at the output limit is kept (it is still an answer); an empty one is not. */
  text(call: VendorCall & { maxTokens: number }): Promise<string>;
  /**
   * JSON under `shape`, streamed as raw JSON text. `repair` re-asks after an invalid answer, showing the model its
   * answer and what is wrong with it in the vendor's own way. An answer cut at the output limit is invalid_output
   * (a repair would hit the same ceiling).
   */
  json(
    call: VendorCall & { shape: JsonShape; repair?: { previous: JsonCompletion; text: string } },
  ): Promise<JsonCompletion>;
  /** The SDK's timeout error (told apart from other failures). */
  isTimeoutError(error: unknown): boolean;
  /** The SDK's other errors as failure kinds (HTTP status, rate limits, connection). */
  classify(error: unknown): ProviderError;
}

/**
 * One provider call under one deadline (the whole call, a repair included), with errors classified with the signals
 * first: once the user cancelled or the deadline passed, whatever the SDK threw is only a consequence.
 */
export async function runProviderCall<T>(options: {
  vendor: Vendor;
  signal: AbortSignal;
  timeoutMs: number;
  /** What is under way, for the cancel's message: 'analysis', 'report', 'answer'. */
  what: string;
  call: (signal: AbortSignal) => Promise<T>;
}): Promise<T> {
  const { vendor } = options;
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const callSignal = AbortSignal.any([options.signal, deadline]);
  try {
    callSignal.throwIfAborted();
    return await options.call(callSignal);
  } catch (error) {
    if (options.signal.aborted)
      throw new ProviderError('aborted', `The ${options.what} was cancelled`, { cause: error });
    if (deadline.aborted || vendor.isTimeoutError(error))
      throw new ProviderError('timeout', 'The model did not finish in time', { cause: error });
    if (error instanceof ProviderError) throw error;
    throw vendor.classify(error);
  }
}

export type ParsedOutput<R> = { ok: true; result: R } | { ok: false; problems: string[] };

/**
 * A structured answer (an analysis, a monthly report): the first answer streamed, its text fields passed to
 * `onDelta` as they grow, then parsed; exactly one repair request (not streamed: the client already shows the first
 * answer's text, and a second copy would garble it) when it is not valid. The resolved result is authoritative.
 */
export function runJsonWithOneRepair<R, F extends string>(options: {
  vendor: Vendor;
  signal: AbortSignal;
  timeoutMs: number;
  /** 'analysis' or 'report': the cancel's and the invalid answer's messages. */
  what: string;
  /** What is asked, for the refusal's message. */
  asked: string;
  system: string;
  user: string;
  shape: JsonShape;
  streamedFields: readonly F[];
  onDelta: (field: F, text: string) => void;
  parse: (output: string) => ParsedOutput<R>;
  repairText: (problems: string[]) => string;
}): Promise<R> {
  const { vendor, system, shape } = options;
  const turns: VendorTurn[] = [{ role: 'user', content: options.user }];
  return runProviderCall({
    vendor,
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    what: options.what,
    call: async (signal) => {
      const fields = createJsonFieldStream(options.streamedFields, options.onDelta);
      const first = await vendor.json({
        system,
        turns,
        shape,
        signal,
        what: options.asked,
        onText: (text) => fields.write(text),
      });
      const parsed = options.parse(first.output);
      if (parsed.ok) return parsed.result;
      const second = await vendor.json({
        system,
        turns,
        shape,
        signal,
        what: options.asked,
        repair: { previous: first, text: options.repairText(parsed.problems) },
      });
      const repaired = options.parse(second.output);
      if (repaired.ok) return repaired.result;
      throw new ProviderError(
        'invalid_output',
        `The answer was not a valid ${options.what} after one repair: ${repaired.problems.slice(0, 5).join('; ')}`,
      );
    },
  });
}
