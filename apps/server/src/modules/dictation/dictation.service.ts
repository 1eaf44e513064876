import { DICTATION_AUDIO_TYPES } from '@sonhario/contracts/dictation';
import OpenAI, { toFile } from 'openai';
import type { Env } from '../../config.ts';
import { OPENAI_DEFAULT_BASE_URL } from '../ai/openai.vendor.ts';
import { providerFailureDetails } from '../ai/provider-error.ts';
import { AppError } from '../../errors.ts';

// Dictation (issue 18, docs/decisions/038): one recording, sent once to an OpenAI-compatible /audio/transcriptions
// endpoint with the user's language; the text comes back, the audio is kept nowhere (not stored, not logged).

export interface Transcriber {
  /** host:port of the API, for failure logs. */
  readonly baseUrl: string;
  transcribe(audio: Buffer, input: { mimeType: string; language: string }): Promise<string>;
}

const EXTENSIONS: Record<(typeof DICTATION_AUDIO_TYPES)[number], string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'mp4',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
};

/** The audio type of a Content-Type header (parameters such as `;codecs=opus` dropped), if it is one we take. */
export function dictationAudioType(contentType: string | undefined): (typeof DICTATION_AUDIO_TYPES)[number] | null {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return (DICTATION_AUDIO_TYPES as readonly string[]).includes(type)
    ? (type as (typeof DICTATION_AUDIO_TYPES)[number])
    : null;
}

/**
 * The transcriber AI_TRANSCRIPTION_MODEL asks for, or null (no dictation). Base URL: AI_TRANSCRIPTION_BASE_URL, else
 * AI_BASE_URL when the analyses use an OpenAI-compatible API, else OpenAI's; the key likewise.
 */
export function createTranscriber(env: Env): Transcriber | null {
  const model = env.AI_TRANSCRIPTION_MODEL;
  if (!model) return null;
  const sharesAnalysisApi = env.AI_PROVIDER === 'openai';
  const baseUrl =
    env.AI_TRANSCRIPTION_BASE_URL ?? (sharesAnalysisApi ? env.AI_BASE_URL : undefined) ?? OPENAI_DEFAULT_BASE_URL;
  const apiKey = env.AI_TRANSCRIPTION_API_KEY || (sharesAnalysisApi ? env.AI_API_KEY : undefined) || 'sonhario-local';
  const client = new OpenAI({ baseURL: baseUrl, apiKey, maxRetries: 0, timeout: env.AI_TIMEOUT_MS, logLevel: 'off' });
  return {
    baseUrl,
    async transcribe(audio, { mimeType, language }) {
      const type = dictationAudioType(mimeType) ?? 'audio/webm';
      const file = await toFile(audio, `dictation.${EXTENSIONS[type]}`, { type });
      const result = await client.audio.transcriptions.create({ file, model, language, response_format: 'json' });
      return result.text;
    },
  };
}

/** A failed transcription as the API answers it: 504 on a timeout, 502 otherwise (the same codes as analyses). */
export function transcriptionError(error: unknown, baseUrl: string, log: { warn(obj: object, msg: string): void }) {
  const details = providerFailureDetails(error, baseUrl);
  log.warn({ ...details, failure: 'transcription' }, 'transcription failed');
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new AppError(504, 'provider_timeout', 'A transcrição demorou demais. Tente de novo.');
  }
  if (error instanceof OpenAI.RateLimitError) {
    return new AppError(429, 'provider_rate_limited', 'O serviço de transcrição está ocupado. Tente em instantes.');
  }
  return new AppError(502, 'provider_failed', 'A transcrição falhou. Tente de novo.');
}
