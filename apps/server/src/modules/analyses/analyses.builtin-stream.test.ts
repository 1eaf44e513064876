import type { Analysis } from '@sonhario/contracts/analyses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListeningTestApp, type TestApp } from '../../test/harness.ts';
import { JOURNAL_TEST_ENV, postDream, signUpUser, type TestUser } from '../dreams/dreams.testing.ts';
import { parseEventStream } from './analyses.testing.ts';

/** The builtin reveal over 600 ms, as a person would see it (the other tests turn it off). */
const REVEAL_MS = 600;

describe('the builtin analysis as a stream over the network (issue 19: it must be seen growing)', () => {
  let t: TestApp & { url: string };
  let user: TestUser;
  let dreamId: string;

  beforeAll(async () => {
    t = await createListeningTestApp({ ...JOURNAL_TEST_ENV, AI_BUILTIN_REVEAL_MS: String(REVEAL_MS) });
    user = await signUpUser(t, { isConsenting: true });
    dreamId = (
      await postDream(t, user, {
        content:
          'Eu estava numa casa antiga à beira do mar, e a água subia devagar até as janelas. Abri a porta e a água saiu como um rio calmo.',
      })
    ).id;
  });
  afterAll(() => t.close());

  it('sends the texts a few words at a time, spread over the reveal, before the stored analysis', async () => {
    const res = await fetch(`${t.url}/api/v1/dreams/${dreamId}/analyses`, {
      method: 'POST',
      headers: { ...user.headers, accept: 'text/event-stream', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    // Each network chunk with the instant it arrived: the frames a chunk holds arrived then.
    const arrivals: { at: number; text: string }[] = [];
    const started = performance.now();
    const decoder = new TextDecoder();
    for await (const chunk of res.body!)
      arrivals.push({ at: performance.now() - started, text: decoder.decode(chunk) });

    const events = parseEventStream(arrivals.map((arrival) => arrival.text).join(''));
    expect(events[0]?.event).toBe('start');
    expect(events.at(-1)?.event).toBe('done');
    const analysis = events.at(-1)!.data as Analysis;
    const deltas = events.flatMap((event) => (event.event === 'delta' ? [event.data] : []));
    for (const field of ['summary', 'interpretation'] as const) {
      const pieces = deltas.filter((delta) => delta.field === field).map((delta) => delta.text);
      expect(pieces.join('')).toBe(analysis.result[field]);
      // A few words per piece, so the text grows instead of arriving in a few big jumps.
      expect(pieces.length).toBeGreaterThanOrEqual(Math.ceil(analysis.result[field].split(/\s+/).length / 3));
      for (const piece of pieces) expect(piece.trim().split(/\s+/).length).toBeLessThanOrEqual(3);
    }
    expect(deltas.length).toBeGreaterThan(20);

    // Paced: the deltas came in many chunks spread over most of the reveal, the stored analysis after the last one.
    const withDelta = arrivals.filter((arrival) => arrival.text.includes('event: delta'));
    expect(withDelta.length).toBeGreaterThan(10);
    expect(withDelta.at(-1)!.at - withDelta[0]!.at).toBeGreaterThan(REVEAL_MS / 2);
    const doneAt = arrivals.find((arrival) => arrival.text.includes('event: done'))!.at;
    expect(doneAt).toBeGreaterThanOrEqual(withDelta.at(-1)!.at);
  });
});
