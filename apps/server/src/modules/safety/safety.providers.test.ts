import type { Analysis } from '@sonhario/contracts/analyses';
import type { ChatSendResult } from '@sonhario/contracts/chat';
import { describe, expect, it } from 'vitest';
import { parseEventStream } from '../analyses/analyses.testing.ts';
import { withGenerativeApp } from '../analyses/providers/generative-app.testing.ts';
import {
  anthropicTextStream,
  openAiStream,
  SAMPLE_RESULT,
  sampleWireJson,
  type Handler,
} from '../analyses/providers/provider-test-servers.ts';
import { parseChatStream, sendMessage, startThread } from '../chat/chat.testing.ts';
import { api, contextFor, postDream, signUpUser } from '../dreams/dreams.testing.ts';
import { setPlan } from '../profile/profile.service.ts';
import { safeParagraph, safeReply } from './safe-reply.ts';

// The safety layer in front of generative providers (docs/decisions/056), through local servers that speak the
// vendors' real protocols: a model that ignores a distress signal is caught, one that heeds it is left alone.
describe('the safety layer with a generative provider', () => {
  const generative = withGenerativeApp();

  async function setUp(kind: 'openai' | 'anthropic', handlers: Handler[], content: string) {
    const { t } = await generative.start(handlers, { vendor: kind, timeoutMs: 3000 });
    const user = await signUpUser(t, { isConsenting: true });
    await setPlan(contextFor(t, user.id), 'oracle');
    const dream = await postDream(t, user, { title: 'Ponte de vidro', content });
    return { t, user, dream };
  }

  const DISTRESSED_DREAM = 'Eu atravessava uma ponte de vidro sobre o mar. Acordei e pensei que queria sumir de vez.';

  async function analyse(s: Awaited<ReturnType<typeof setUp>>) {
    const res = await api(s.t, s.user).post(`/dreams/${s.dream.id}/analyses`, {}, { accept: 'text/event-stream' });
    const events = parseEventStream(res.body);
    const done = events.at(-1);
    expect(done?.event).toBe('done');
    const streamed = events
      .flatMap((e) => (e.event === 'delta' && e.data.field === 'interpretation' ? [e.data.text] : []))
      .join('');
    return { analysis: done?.data as Analysis, streamed };
  }

  it('analysis: a model that misses the signal and reads symbols gets the safe paragraph first, and the flag', async () => {
    // SAMPLE_RESULT says distress: false and reads the bridge as a transition: it ignores the dreamer's words.
    const s = await setUp('openai', [openAiStream(sampleWireJson())], DISTRESSED_DREAM);
    const { analysis, streamed } = await analyse(s);
    expect(analysis.result.distress).toBe(true);
    expect(analysis.result.interpretation).toBe(
      `${safeParagraph('pt-BR', ['suicide'])}\n\n${SAMPLE_RESULT.interpretation}`,
    );
    // Held back until checked, then sent whole: the screen never shows the unchecked reading alone.
    expect(streamed).toBe(analysis.result.interpretation);
    // What is stored is what was sent.
    const stored = (await api(s.t, s.user).get(`/dreams/${s.dream.id}/analyses`)).json<{ items: Analysis[] }>();
    expect(stored.items[0]?.result.interpretation).toBe(analysis.result.interpretation);
  });

  it('analysis: a reading that heeds the signal is kept as the model wrote it', async () => {
    const heeding = {
      ...SAMPLE_RESULT,
      distress: true,
      interpretation:
        'Antes de tudo: o que você escreveu ao acordar importa. O CVV atende pelo 188, de graça, 24 horas.',
    };
    const s = await setUp('openai', [openAiStream(sampleWireJson(heeding))], DISTRESSED_DREAM);
    const { analysis } = await analyse(s);
    expect(analysis.result).toEqual(heeding);
  });

  it('analysis: a calm dream is streamed and stored as the model wrote it', async () => {
    const s = await setUp('openai', [openAiStream(sampleWireJson())], 'Eu atravessava uma ponte de vidro sobre o mar.');
    const { analysis, streamed } = await analyse(s);
    expect(analysis.result).toEqual(SAMPLE_RESULT);
    expect(streamed).toBe(SAMPLE_RESULT.interpretation);
  });

  async function say(s: Awaited<ReturnType<typeof setUp>>, content: string) {
    const thread = await startThread(s.t, s.user, { kind: 'dream', dreamId: s.dream.id });
    const events = parseChatStream((await sendMessage(s.t, s.user, thread.id, content, true)).body);
    const done = events.at(-1);
    expect(done?.event).toBe('done');
    const streamed = events.flatMap((e) => (e.event === 'delta' ? [e.data.text] : [])).join('');
    return { result: done?.data as ChatSendResult, streamed };
  }

  it.each(['openai', 'anthropic'] as const)(
    'chat (%s): an answer to a distressed message that ignores it is replaced by the safe reply',
    async (kind) => {
      const ignoring = 'A ponte de vidro simboliza uma travessia frágil. O que você atravessa agora?';
      const handler = kind === 'openai' ? openAiStream(ignoring) : anthropicTextStream(ignoring);
      const s = await setUp(kind, [handler], 'Eu atravessava uma ponte de vidro sobre o mar.');
      const { result, streamed } = await say(s, 'nao aguento mais, qro morrer');
      expect(result.assistantMessage.content).toBe(safeReply('pt-BR', ['suicide']));
      expect(streamed).toBe(result.assistantMessage.content);
      expect(result.assistantMessage.dreamRefs).toEqual([]);
      expect(result.userMessage.distress).toBe(true);
      expect(result.assistantMessage.distress).toBe(true);
    },
  );

  it('chat: an answer that heeds the signal is kept', async () => {
    const heeding = 'Sinto muito que esteja assim. Você não está sozinho: o CVV atende pelo 188, de graça, 24 horas.';
    const s = await setUp('openai', [openAiStream(heeding)], 'Eu atravessava uma ponte de vidro sobre o mar.');
    const { result, streamed } = await say(s, 'meu marido me bate quando bebe');
    expect(result.assistantMessage.content).toBe(heeding);
    expect(streamed).toBe(heeding);
    expect(result.assistantMessage.distress).toBe(true);
  });

  it.each([
    ['echoes a wish to die the message did not say plainly', 'Você disse que quer morrer. Isso importa muito.', true],
    ["quotes the dream's events", 'No seu relato, "ele me batia com um cinto". O que essa cena lembra a você?', false],
  ])('chat: the answer is read too: one that %s is marked accordingly', async (_, answer, expected) => {
    const s = await setUp('openai', [openAiStream(answer)], 'Eu atravessava uma ponte de vidro sobre o mar.');
    const { result } = await say(s, 'o que esse sonho quer dizer?');
    expect(result.userMessage.distress).toBe(false);
    expect(result.assistantMessage.content).toBe(answer);
    expect(result.assistantMessage.distress).toBe(expected);
  });

  it('chat: a calm message is answered as the model wrote it, idioms included', async () => {
    const answer = 'A ponte de vidro pode falar de uma travessia. O que você atravessa agora?';
    const s = await setUp('openai', [openAiStream(answer)], 'Eu atravessava uma ponte de vidro sobre o mar.');
    const { result } = await say(s, 'morri de rir com esse sonho, o que a ponte significa?');
    expect(result.assistantMessage.content).toBe(answer);
    expect(result.userMessage.distress).toBe(false);
    expect(result.assistantMessage.distress).toBe(false);
  });
});
