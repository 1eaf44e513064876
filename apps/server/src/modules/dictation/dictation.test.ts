import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { api, JOURNAL_TEST_ENV, signUpUser, type TestUser } from '../dreams/dreams.testing.ts';
import { createTranscriber } from './dictation.service.ts';

// Dictation (issue 18, docs/decisions/038) against a local server speaking OpenAI's /audio/transcriptions: it parses
// the multipart request as the real API does and answers `{text}`.

interface TranscriptionRequest {
  path: string;
  authorization: string | undefined;
  model: string;
  language: string;
  fileName: string;
  fileType: string;
  bytes: Buffer;
}

async function startTranscriptionServer() {
  const requests: TranscriptionRequest[] = [];
  let status = 200;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        // undici's multipart parser (deprecated for servers, as it buffers the body: fine for a test's small one).
        const body = new Response(Buffer.concat(chunks), {
          headers: { 'content-type': req.headers['content-type'] ?? '' },
        });
        // eslint-disable-next-line @typescript-eslint/no-deprecated
        const form = await body.formData();
        const file = form.get('file');
        if (!(file instanceof Blob) || !('name' in file)) throw new Error('no file part');
        const field = (name: string) => {
          const value = form.get(name);
          return typeof value === 'string' ? value : '';
        };
        requests.push({
          path: req.url ?? '',
          authorization: req.headers.authorization,
          model: field('model'),
          language: field('language'),
          fileName: file.name,
          fileType: file.type,
          bytes: Buffer.from(await file.arrayBuffer()),
        });
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(
            status === 200 ? { text: ' Eu voava sobre o mar. ' } : { error: { message: 'boom', type: 'server_error' } },
          ),
        );
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? String(address.port) : '0'}/v1`,
    requests,
    fail: (code: number) => {
      status = code;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const audio = Buffer.from('OggS-fake-opus-bytes-'.repeat(50));

describe('dictation', () => {
  let whisper: Awaited<ReturnType<typeof startTranscriptionServer>>;
  let t: TestApp;
  let consenting: TestUser;

  const dictate = (user: TestUser | null, body: Buffer, type = 'audio/webm;codecs=opus', query = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/dictation${query}`,
      headers: { ...(user?.headers ?? {}), 'content-type': type },
      payload: body,
    });

  beforeAll(async () => {
    whisper = await startTranscriptionServer();
    t = await createTestApp({
      ...JOURNAL_TEST_ENV,
      AI_TRANSCRIPTION_MODEL: 'whisper-local',
      AI_TRANSCRIPTION_BASE_URL: whisper.url,
      AI_TRANSCRIPTION_API_KEY: 'sk-transcribe',
    });
    consenting = await signUpUser(t, { isConsenting: true });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await whisper.close();
  });

  it('says it is available, with its limits', async () => {
    expect((await api(t, consenting).get('/dictation')).json()).toEqual({
      isAvailable: true,
      maxBytes: 10 * 1024 * 1024,
      maxSeconds: 300,
    });
  });

  it('sends the recording once, in the user language, and answers the text; the audio is not kept', async () => {
    const res = await dictate(consenting, audio);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ text: 'Eu voava sobre o mar.' });
    expect(whisper.requests).toHaveLength(1);
    const [request] = whisper.requests;
    expect(request).toMatchObject({
      path: '/v1/audio/transcriptions',
      authorization: 'Bearer sk-transcribe',
      model: 'whisper-local',
      language: 'pt',
      fileName: 'dictation.webm',
      fileType: 'audio/webm',
    });
    expect(request!.bytes.equals(audio)).toBe(true);
    // English for a user who chose English, or when asked.
    await api(t, consenting).patch('/me/profile', { locale: 'en' });
    await dictate(consenting, audio, 'audio/ogg');
    expect(whisper.requests.at(-1)).toMatchObject({ language: 'en', fileName: 'dictation.ogg' });
    await dictate(consenting, audio, 'audio/mp4', '?language=pt');
    expect(whisper.requests.at(-1)).toMatchObject({ language: 'pt', fileName: 'dictation.mp4' });
    expect(t.logs.text).not.toContain('Eu voava');
    expect(t.logs.text).not.toContain('OggS-fake');
  });

  it('refuses a user without AI consent before any audio is sent', async () => {
    const user = await signUpUser(t);
    const before = whisper.requests.length;
    const res = await dictate(user, audio);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('consent_required');
    expect(whisper.requests).toHaveLength(before);
  });

  it('refuses a recording over 10 MB (413), another type (415), an empty one (400) and no session (401)', async () => {
    const before = whisper.requests.length;
    const big = await dictate(consenting, Buffer.alloc(10 * 1024 * 1024 + 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('payload_too_large');
    const text = await dictate(consenting, audio, 'text/plain');
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('unsupported_media_type');
    const video = await dictate(consenting, audio, 'audio/x-unknown');
    expect(video.statusCode).toBe(415);
    const empty = await dictate(consenting, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect((await dictate(null, audio)).statusCode).toBe(401);
    expect(whisper.requests).toHaveLength(before);
  });

  it('answers 502 provider_failed when the model fails, and logs no audio', async () => {
    whisper.fail(500);
    const res = await dictate(consenting, audio);
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('provider_failed');
    whisper.fail(200);
  });

  it(
    'without AI_TRANSCRIPTION_MODEL: not available, and POST answers 404 dictation_not_configured',
    { timeout: 60_000 },
    async () => {
      // Another instance on the same database, without the setting.
      const off = await createTestApp(JOURNAL_TEST_ENV, t.database);
      try {
        const user = await signUpUser(off, { isConsenting: true });
        const status = await api(off, user).get('/dictation');
        expect(status.json()).toMatchObject({ isAvailable: false });
        const res = await off.app.inject({
          method: 'POST',
          url: '/api/v1/dictation',
          headers: { ...user.headers, 'content-type': 'audio/webm' },
          payload: audio,
        });
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('dictation_not_configured');
      } finally {
        await off.close();
      }
    },
  );

  it('shares the analyses API (AI_BASE_URL, AI_API_KEY) when AI_PROVIDER is openai, and only then', () => {
    const shared = loadConfig({
      AI_PROVIDER: 'openai',
      AI_MODEL: 'm',
      AI_BASE_URL: 'http://127.0.0.1:11434/v1',
      AI_TRANSCRIPTION_MODEL: 'whisper',
    });
    expect(createTranscriber(shared.env)?.baseUrl).toBe('http://127.0.0.1:11434/v1');
    const anthropic = loadConfig({
      AI_PROVIDER: 'anthropic',
      AI_MODEL: 'm',
      AI_API_KEY: 'k',
      AI_BASE_URL: 'http://127.0.0.1:9/anthropic',
      AI_TRANSCRIPTION_MODEL: 'whisper-1',
    });
    expect(createTranscriber(anthropic.env)?.baseUrl).toBe('https://api.openai.com/v1');
    expect(createTranscriber(loadConfig({}).env)).toBeNull();
  });
});
