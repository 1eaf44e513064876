import type { Analysis } from '@sonhario/contracts/analyses';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, postDream, queryRows, signUpUser } from '../dreams/dreams.testing.ts';
import { parseEventStream } from './analyses.testing.ts';
import { withGenerativeApp } from './providers/generative-app.testing.ts';
import { openAiStream, SAMPLE_RESULT, sampleWireJson } from './providers/provider-test-servers.ts';

interface WireBody {
  messages: { role: string; content: string }[];
}

// A generative interpretation cites the earlier dreams it draws on as [D1] (docs/decisions/064): the app, configured
// as an operator would, talks to a local server speaking OpenAI's wire format; the server resolves the labels it sent
// to the dreams' ids (never sent), stores them sealed with the analysis and names them as they are now.
describe('an analysis links the earlier dreams it cites', () => {
  const generative = withGenerativeApp<WireBody>();

  const citing = (interpretation: string) => openAiStream(sampleWireJson({ ...SAMPLE_RESULT, interpretation }));

  const setUp = (answers: string[]) => generative.start(answers.map(citing));

  const journalDreamsOf = (body: WireBody) => {
    const message = body.messages.find((m) => m.role === 'user')?.content ?? '';
    const inside = message.split('<journal_context>')[1]?.split('</journal_context>')[0];
    return inside === undefined
      ? []
      : ((JSON.parse(inside) as { relatedEarlierDreams?: { label: string; title: string }[] }).relatedEarlierDreams ??
          []);
  };

  it('resolves [D1] to the cited dream of the caller, stores it sealed, names it as it is now, and drops it while deleted', async () => {
    const s = await setUp([
      'O farol volta aqui como em [D1], agora com uma escada [D2]. Talvez [D7] também.\n\nSó você sabe o que ele guarda.',
    ]);
    const user = await signUpUser(s.t, { isConsenting: true });
    const stranger = await signUpUser(s.t, { isConsenting: true });
    // Another user's dream, as alike as can be: it can never be in this user's context, so never cited.
    const theirs = await postDream(s.t, stranger, {
      title: 'Farol do vizinho',
      content: 'Subi a escada do farol da ilha; gaivotas gritavam em volta da luz.',
    });
    const own: Record<string, string> = {};
    for (const [i, dreamtOn] of ['2025-01-03', '2025-01-10', '2025-01-17'].entries()) {
      const dream = await postDream(s.t, user, {
        title: `Farol ${i + 1}`,
        content: 'O farol da ilha de novo, as gaivotas e uma escada em espiral.',
        dreamtOn,
      });
      own[`Farol ${i + 1}`] = dream.id;
    }
    const asked = await postDream(s.t, user, {
      title: 'Farol 4',
      content: 'Subi a escada do farol da ilha; gaivotas gritavam.',
      dreamtOn: '2025-02-01',
    });
    const res = await api(s.t, user).post(`/dreams/${asked.id}/analyses`, {});
    expect(res.statusCode, res.body).toBe(201);
    const analysis = res.json<Analysis>();

    // What was sent: labels, titles and words; no id of any dream, and nothing of the other user's.
    const sent = journalDreamsOf(s.provider.requests[0]!.body);
    expect(sent.map((dream) => dream.label)).toEqual(['D1', 'D2', 'D3']);
    const wire = JSON.stringify(s.provider.requests[0]!.body);
    for (const id of [...Object.values(own), asked.id, theirs.id]) expect(wire).not.toContain(id);
    expect(wire).not.toContain('Farol do vizinho');

    // The labels resolve to the dreams sent under them; an invented one ([D7]) is taken out of the text.
    const d1 = sent[0]!.title;
    const d2 = sent[1]!.title;
    expect(analysis.relatedDreams).toEqual([
      { ref: 'D1', dreamId: own[d1], title: d1, dreamtOn: expect.any(String) },
      { ref: 'D2', dreamId: own[d2], title: d2, dreamtOn: expect.any(String) },
    ]);
    for (const ref of analysis.relatedDreams ?? []) expect(Object.values(own)).toContain(ref.dreamId);
    expect(analysis.result.interpretation).toBe(
      'O farol volta aqui como em [D1], agora com uma escada [D2]. Talvez também.\n\nSó você sabe o que ele guarda.',
    );
    expect(analysis.result).not.toHaveProperty('relatedDreams');

    // Stored sealed with the analysis: no id or title in the clear.
    const [row] = await queryRows<{ result_enc: Buffer }>(
      s.t.database.db,
      sql`select result_enc from dream_analyses where id = ${analysis.id}`,
    );
    expect(row!.result_enc.toString('latin1')).not.toContain(own[d1]!);
    expect(row!.result_enc.toString('latin1')).not.toContain('Farol');

    // Read back, named as the dream is now.
    await api(s.t, user).patch(`/dreams/${own[d1]!}`, { title: 'O farol aceso' });
    const read = async () =>
      (await api(s.t, user).get(`/dreams/${asked.id}/analyses`)).json<{ items: Analysis[] }>().items[0]!;
    expect((await read()).relatedDreams?.[0]).toMatchObject({ ref: 'D1', dreamId: own[d1], title: 'O farol aceso' });

    // A cited dream deleted since is no longer linked (the view shows its marker as text); undone, it is again.
    expect((await api(s.t, user).delete(`/dreams/${own[d1]!}`)).statusCode).toBe(200);
    expect((await read()).relatedDreams?.map((ref) => ref.ref)).toEqual(['D2']);
    const exported = (await api(s.t, user).get('/me/export?format=json')).json<{
      dreams: { id: string; analyses: Analysis[] }[];
    }>();
    expect(exported.dreams.find((dream) => dream.id === asked.id)?.analyses[0]?.relatedDreams).toEqual([
      { ref: 'D2', dreamId: own[d2], title: d2, dreamtOn: expect.any(String) },
    ]);
    const html = (await api(s.t, user).get('/me/export?format=html')).body;
    expect(html).toContain(`agora com uma escada «${d2}»`);
    expect(html).toContain('como em um sonho que não está mais no diário,');
    expect((await api(s.t, user).post(`/dreams/${own[d1]!}/restore`, {})).statusCode).toBeLessThan(300);
    expect((await read()).relatedDreams?.map((ref) => ref.ref)).toEqual(['D1', 'D2']);

    // The other user cannot read this analysis nor learn of the links.
    expect((await api(s.t, stranger).get(`/dreams/${asked.id}/analyses`)).statusCode).toBe(404);

    // Erased with the analysis: "delete past analyses" leaves no row, hence no link, behind.
    expect((await api(s.t, user).delete('/analyses')).statusCode).toBe(200);
    expect(await queryRows(s.t.database.db, sql`select id from dream_analyses where id = ${analysis.id}`)).toHaveLength(
      0,
    );
  });

  it('resolves markers in every sentence the model writes (summary, questions, meanings, descriptions) and takes them out of names', async () => {
    const answer = openAiStream(
      sampleWireJson({
        ...SAMPLE_RESULT,
        summary: 'O farol de [D2] voltou, e a escada também [D9].',
        reflectionQuestions: ['O que o farol de [D1] ilumina hoje?', 'Que travessia você vive agora [D8]?'],
        interpretation: 'Só você sabe o que ele guarda.',
        symbols: [
          { symbol: 'Farol [D1]', meaning: 'A luz de [D1], de novo.' },
          { symbol: '[D2]', meaning: 'Um nome que era só uma marca.' },
        ],
        themes: [{ name: 'Retorno', description: 'Como em [D2] [D7].' }],
        characters: ['as gaivotas [D1]'],
        settings: ['[D3]'],
        luciditySignals: ['A luz piscava como em [D1].'],
      }),
    );
    const s = await generative.start([answer]);
    const user = await signUpUser(s.t, { isConsenting: true });
    const own: Record<string, string> = {};
    for (const [i, dreamtOn] of ['2025-01-03', '2025-01-10'].entries()) {
      const dream = await postDream(s.t, user, {
        title: `Farol ${i + 1}`,
        content: 'O farol da ilha de novo, as gaivotas e uma escada em espiral.',
        dreamtOn,
      });
      own[`Farol ${i + 1}`] = dream.id;
    }
    const asked = await postDream(s.t, user, {
      title: 'Farol 3',
      content: 'Subi a escada do farol da ilha; gaivotas gritavam.',
      dreamtOn: '2025-02-01',
    });
    const res = await api(s.t, user).post(`/dreams/${asked.id}/analyses`, {}, { accept: 'text/event-stream' });
    const done = parseEventStream(res.body).at(-1);
    expect(done?.event, res.body).toBe('done');
    const analysis = done?.data as Analysis;

    const [d1, d2] = journalDreamsOf(s.provider.requests[0]!.body).map((dream) => dream.title);
    // The refs come in the order the reader meets them: the summary's D2 first. Invented labels are gone.
    expect(analysis.relatedDreams).toEqual([
      { ref: 'D2', dreamId: own[d2!], title: d2, dreamtOn: expect.any(String) },
      { ref: 'D1', dreamId: own[d1!], title: d1, dreamtOn: expect.any(String) },
    ]);
    const { result } = analysis;
    expect(result.summary).toBe('O farol de [D2] voltou, e a escada também.');
    expect(result.reflectionQuestions).toEqual([
      'O que o farol de [D1] ilumina hoje?',
      'Que travessia você vive agora?',
    ]);
    expect(result.symbols).toEqual([{ symbol: 'Farol', meaning: 'A luz de [D1], de novo.' }]);
    expect(result.themes).toEqual([{ name: 'Retorno', description: 'Como em [D2].' }]);
    expect(result.characters).toEqual(['as gaivotas']);
    expect(result.settings).toEqual([]);
    expect(result.luciditySignals).toEqual(['A luz piscava como em [D1].']);
    // Read back the same, with the links.
    const read = (await api(s.t, user).get(`/dreams/${asked.id}/analyses`)).json<{ items: Analysis[] }>().items[0]!;
    expect(read.result).toEqual(result);
    expect(read.relatedDreams).toEqual(analysis.relatedDreams);

    // The list of analyses has no links to give: the summary names the dream in words.
    const list = (await api(s.t, user).get('/analyses')).json<{ items: { summary: string }[] }>();
    expect(list.items[0]?.summary).toBe(`O farol de «${d2!}» voltou, e a escada também.`);

    // The HTML export writes every citation as the dream's title; with D2 deleted, as words. No marker is left.
    expect((await api(s.t, user).delete(`/dreams/${own[d2!]!}`)).statusCode).toBe(200);
    const html = (await api(s.t, user).get('/me/export?format=html')).body;
    expect(html).toContain('O farol de um sonho que não está mais no diário voltou');
    expect(html).toContain(`O que o farol de «${d1!}» ilumina hoje?`);
    expect(html).toContain(`A luz de «${d1!}», de novo.`);
    expect(html).toContain(`A luz piscava como em «${d1!}».`);
    expect(html).not.toMatch(/\[D\d+\]/);
  });

  it('an answer that cites nothing sent has no relatedDreams (English)', async () => {
    const s = await setUp(['A lighthouse again, as in [D1].', 'Nothing from the journal here.']);
    const user = await signUpUser(s.t, { isConsenting: true });
    const first = await postDream(s.t, user, { title: 'Lighthouse', content: 'A lighthouse on an island, gulls.' });
    // The first dream has no journal yet: a [D1] names nothing sent and goes.
    const alone = (await api(s.t, user).post(`/dreams/${first.id}/analyses`, { language: 'en' })).json<Analysis>();
    expect(alone.result.interpretation).toBe('A lighthouse again, as in.');
    expect(alone).not.toHaveProperty('relatedDreams');
    const second = await postDream(s.t, user, { title: 'Gulls', content: 'Gulls around the lighthouse island.' });
    const plain = (await api(s.t, user).post(`/dreams/${second.id}/analyses`, { language: 'en' })).json<Analysis>();
    expect(plain).not.toHaveProperty('relatedDreams');
    const system = s.provider.requests[1]!.body.messages.find((m) => m.role === 'system')!.content;
    expect(system).toContain('like [D1]');
    expect(system).toContain('findahelpline.com');
  });
});
