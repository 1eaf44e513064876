import { CONSENT_VERSION } from '@sonhario/contracts/consents';
import { describe, expect, it } from 'vitest';
import { api, postDream, signUpUser } from '../dreams/dreams.testing.ts';
import { withGenerativeApp } from '../analyses/providers/generative-app.testing.ts';
import { openAiStream, sampleWireJson } from '../analyses/providers/provider-test-servers.ts';

interface WireBody {
  messages: { role: string; content: string }[];
}

// A generative analysis reads the dreamer's journal besides the dream (docs/decisions/061): the app, configured as an
// operator would, talks to a local server speaking OpenAI's wire format, and the test reads what it was sent.
describe('the journal context of a generative analysis', () => {
  const generative = withGenerativeApp<WireBody>();

  async function setUp(handlers: number) {
    const { t, provider } = await generative.start(
      Array.from({ length: handlers }, () => openAiStream(sampleWireJson())),
    );
    return { t, provider, user: await signUpUser(t, { isConsenting: true }) };
  }

  const journalOf = (body: WireBody) => {
    const message = body.messages.find((m) => m.role === 'user')?.content ?? '';
    const inside = message.split('<journal_context>')[1]?.split('</journal_context>')[0];
    return inside === undefined ? null : (JSON.parse(inside) as Record<string, { title?: string; sign?: string }[]>);
  };

  it('sends the recurring signs and the most related earlier dreams, after consent, and nothing without them', async () => {
    const s = await setUp(4);
    // A first dream: no journal yet, no context.
    const first = await postDream(s.t, s.user, {
      title: 'Farol 1',
      content: 'Um farol aceso numa ilha, e gaivotas em volta dele.',
      emotions: ['paz'],
    });
    expect((await api(s.t, s.user).post(`/dreams/${first.id}/analyses`, {})).statusCode).toBe(201);
    expect(journalOf(s.provider.requests[0]!.body)).toBeNull();

    for (const i of [2, 3]) {
      await postDream(s.t, s.user, {
        title: `Farol ${i}`,
        content: 'O farol da ilha de novo, as gaivotas e uma escada em espiral.',
        emotions: ['paz'],
      });
    }
    await postDream(s.t, s.user, { title: 'Reunião', content: 'Uma planilha de trabalho sem fim.', emotions: ['paz'] });
    const asked = await postDream(s.t, s.user, {
      title: 'Farol 4',
      content: 'Subi a escada do farol da ilha; gaivotas gritavam.',
      emotions: ['paz'],
    });
    const res = await api(s.t, s.user).post(`/dreams/${asked.id}/analyses`, {});
    expect(res.statusCode, res.body).toBe(201);
    const journal = journalOf(s.provider.requests[1]!.body);
    expect(journal).not.toBeNull();
    const titles = journal?.relatedEarlierDreams?.map((dream) => dream.title) ?? [];
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.length).toBeLessThanOrEqual(3);
    expect(titles).not.toContain('Reunião');
    expect(titles).not.toContain('Farol 4');
    // "paz" is marked in all five dreams: a recurring sign.
    expect(journal?.recurringSigns?.map((sign) => sign.sign)).toContain('paz');

    // Beside a dream whose words show distress, the journal is left out: the safety layer leads there.
    const distressed = await postDream(s.t, s.user, {
      title: 'Farol 5',
      content: 'O farol da ilha apagou. Acordei pensando que não aguento mais viver, queria sumir.',
      emotions: ['paz'],
    });
    expect((await api(s.t, s.user).post(`/dreams/${distressed.id}/analyses`, {})).statusCode).toBe(201);
    expect(journalOf(s.provider.requests[2]!.body)).toBeNull();

    // Without the AI consent nothing is sent at all (the consent is checked before the journal is read).
    const withdrawn = await api(s.t, s.user).post('/me/consents', {
      purposes: ['ai_analysis'],
      isGranted: false,
      textVersion: CONSENT_VERSION,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBeLessThan(300);
    const refused = await api(s.t, s.user).post(`/dreams/${asked.id}/analyses`, {});
    expect(refused.statusCode).toBe(403);
    expect(s.provider.requests).toHaveLength(3);
  });
});
