import { z } from 'zod';

// Dictation (issue 18, docs/decisions/038): a recording sent once to the operator's transcription model.

/** The audio types POST /dictation takes (what MediaRecorder writes in Chromium, Firefox and Safari). */
export const DICTATION_AUDIO_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/mpeg', 'audio/wav'] as const;

export const DICTATION_LIMITS = {
  /** Bytes of one recording: about 10 minutes of Opus at 128 kbit/s. */
  maxBytes: 10 * 1024 * 1024,
  /** The recorder stops by itself after this long. */
  maxSeconds: 300,
} as const;

/** GET /dictation: whether the server has a transcription model (the microphone button shows only then). */
export const dictationStatusSchema = z.object({
  isAvailable: z.boolean(),
  maxBytes: z.number().int(),
  maxSeconds: z.number().int(),
});
export type DictationStatus = z.infer<typeof dictationStatusSchema>;

export const dictationResponseSchema = z.object({ text: z.string() });
export type DictationResponse = z.infer<typeof dictationResponseSchema>;
