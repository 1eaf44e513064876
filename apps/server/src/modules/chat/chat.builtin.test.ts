import type { AnalysisLanguage } from '@sonhario/contracts/analyses';
import type { ChatSendResult } from '@sonhario/contracts/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestApp, createTestDatabase, type TestApp } from '../../test/harness.ts';
import { api, contextFor, JOURNAL_TEST_ENV, postDream, signUpUser } from '../dreams/dreams.testing.ts';
import { setPlan } from '../profile/profile.service.ts';
import { composeGuideAnswer } from './chat.builtin-answer.ts';
import type { ChatContextDream, ChatRequest, ChatTurn } from './chat.context.ts';
import { chat, startThread } from './chat.testing.ts';

// Dreams written for these tests (never taken from a dream bank).
const GRIEF =
  'Sonhei com meu avô, que morreu ano passado. Ele apareceu na cozinha da casa da minha avó, me abraçou e disse que estava tudo bem. Acordei chorando, com saudade, mas em paz.';
const GRIEF_EN =
  'My late grandfather was sitting in the kitchen of our old house. He hugged me and said that everything was fine. I woke up crying, but calm.';
const SNAKE_1 = 'Uma cobra verde subia pela escada da minha casa. Eu tinha medo de chegar perto.';
const FLIGHT = 'Eu estava voando sobre o mar, havia muita luz e eu me sentia livre.';
const SNAKE_2 = 'De novo a cobra, agora no pátio da escola, e minha mãe gritava meu nome.';
const SNAKE_3 = 'A snake in the kitchen of my old house, and my mom was there watching.';
const BRIDGE = 'Eu atravessava uma ponte de vidro sobre o mar, à noite. Um cachorro latia do outro lado.';

function contextDream(label: string, content: string, over: Partial<ChatContextDream> = {}): ChatContextDream {
  return {
    label,
    dreamId: `dream-${label}`,
    dreamtOn: '2026-03-01',
    title: '',
    content,
    isTruncated: false,
    notes: null,
    tags: [],
    emotions: [],
    mood: null,
    lucidity: 0,
    vividness: null,
    isNightmare: false,
    isRecurring: false,
    analysis: null,
    reason: 'search',
    ...over,
  };
}

function ask(
  kind: 'dream' | 'journal',
  dreams: ChatContextDream[],
  message: string,
  options: { language?: AnalysisLanguage; distress?: boolean; turns?: ChatTurn[] } = {},
): string {
  const request: ChatRequest = {
    kind,
    language: options.language ?? 'pt-BR',
    dreams,
    summary: null,
    turns: options.turns ?? [],
    message,
    distress: options.distress ?? false,
  };
  return composeGuideAnswer(request);
}

const questionCount = (text: string) => (text.match(/\?/g) ?? []).length;
const refsIn = (text: string) => [...new Set([...text.matchAll(/\[(D\d+)\]/g)].map((match) => match[1]))].sort();

const grief = () => contextDream('D1', GRIEF, { reason: 'subject', emotions: ['tristeza', 'paz'] });
const griefEn = () => contextDream('D1', GRIEF_EN, { reason: 'subject', emotions: ['tristeza'] });
const journal = () => [
  contextDream('D1', SNAKE_1, { dreamtOn: '2026-01-10', emotions: ['medo'] }),
  contextDream('D2', FLIGHT, { dreamtOn: '2026-02-01', reason: 'recent' }),
  contextDream('D3', SNAKE_2, { dreamtOn: '2026-03-15' }),
  contextDream('D4', SNAKE_3, { dreamtOn: '2026-04-20', emotions: ['medo'] }),
];
const earlierTurn: ChatTurn[] = [
  { role: 'user', content: 'Oi' },
  { role: 'assistant', content: 'Oi! Vamos olhar esse sonho juntos.' },
];

// Every kind of message the guide recognises, in both languages.
const MESSAGES = {
  pt: [
    'Será que era mesmo ele vindo se despedir?',
    'O que significa a cozinha?',
    'Por que sonhei com isso?',
    'Quem era a pessoa do sonho?',
    'Onde eu estava?',
    'Quantas vezes sonhei com meu avô?',
    'Isso parece com outros sonhos meus?',
    'Fiquei com saudade o dia todo.',
    'Obrigada!',
    'Oi',
    'Hoje de manhã lembrei do cheiro de café.',
  ],
  en: [
    'Was it really him coming to say goodbye?',
    'What does the kitchen mean?',
    'Why did I dream this?',
    'Who was the person in the dream?',
    'Where was I?',
    'How often do I dream of my grandfather?',
    'Is this like my other dreams?',
    'I felt sad all day.',
    'Thanks!',
    'Hi',
    'This morning I remembered the smell of coffee.',
  ],
} as const;

describe('the builtin guide answers (composeGuideAnswer)', () => {
  it('never answers "não sei" / "I can\'t answer": every kind of message gets the dream\'s content and at most one question', () => {
    for (const [language, dream] of [
      ['pt-BR', grief()],
      ['en', griefEn()],
    ] as const) {
      for (const message of [...MESSAGES.pt, ...MESSAGES.en]) {
        for (const turns of [[], earlierTurn]) {
          const answer = ask('dream', [dream], message, { language, turns });
          expect(answer, message).not.toMatch(/não sei responder|não sei|can't answer|cannot answer|don't know/i);
          expect(questionCount(answer), `${message}\n${answer}`).toBeLessThanOrEqual(1);
          // Thanks get a short answer (and its one question); everything else gets something of the dream.
          if (!/obrigad|thanks/i.test(message)) expect(answer.length, message).toBeGreaterThan(120);
        }
      }
      for (const message of [...MESSAGES.pt, ...MESSAGES.en]) {
        const answer = ask('journal', journal(), message, { language });
        expect(answer, message).not.toMatch(/não sei responder|can't answer|cannot answer/i);
        expect(questionCount(answer), `${message}\n${answer}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it('a direct question about the dream names its people, resolves "ele" to them and reflects the words back', () => {
    const answer = ask('dream', [grief()], 'Será que era mesmo ele vindo se despedir?');
    expect(answer).toContain('seu avô');
    expect(answer).toContain('era mesmo seu avô vindo se despedir');
    expect(answer).toMatch(/abraça você/);
    expect(answer).toContain('“estava tudo bem”');
    expect(questionCount(answer)).toBe(1);

    const en = ask('dream', [griefEn()], 'Was it really him coming to say goodbye?', { language: 'en' });
    expect(en).toContain('your grandfather');
    expect(en).toContain('whether it was really your grandfather coming to say goodbye');
    expect(en).toMatch(/hugs you/);
    expect(questionCount(en)).toBe(1);
  });

  it('a deceased loved one visiting: says what such visits commonly are, never "an ending", and asks from what was said', () => {
    const answer = ask('dream', [grief()], 'Será que era mesmo ele vindo se despedir?');
    expect(answer).toMatch(/muito comuns no luto|visita assim/);
    expect(answer).not.toMatch(/fim de ciclo|terminando/i);
    expect(answer.trim().split('\n').at(-1)).toBe('O que a frase dele — “estava tudo bem” — diz a você hoje?');

    const en = ask('dream', [griefEn()], 'Was it really him coming to say goodbye?', { language: 'en' });
    expect(en).toMatch(/common in grief|visit like this/);
    expect(en).not.toMatch(/end of a cycle|ending/i);
    expect(en).toContain('“everything was fine”');
  });

  it("asks its own question, built from the dream, never the analysis's questions verbatim", () => {
    const withAnalysis = contextDream('D1', BRIDGE, {
      reason: 'subject',
      analysis: {
        summary: 'Uma ponte de vidro sobre o mar.',
        themes: ['Travessia'],
        symbols: ['Ponte', 'Vidro', 'Mar', 'Cachorro'],
        emotions: ['medo'],
        reflectionQuestions: ['O que na sua vida parece frágil?', 'Que travessia você está fazendo?'],
        dreamType: 'comum',
      },
    });
    for (const message of ['O que a ponte significa?', 'Lembro do cachorro latindo.', 'Por que era de vidro?']) {
      const answer = ask('dream', [withAnalysis], message);
      expect(answer).not.toContain('O que na sua vida parece frágil?');
      expect(answer).not.toContain('Que travessia você está fazendo?');
      expect(questionCount(answer)).toBe(1);
    }
    expect(ask('dream', [withAnalysis], 'Lembro do cachorro latindo.')).toContain('“cachorro”');
  });

  it('an image that comes back: links the dreams that hold it, how many and since when (pt and en, across languages)', () => {
    const answer = ask('journal', journal(), 'Por que sonho tanto com cobras?');
    expect(answer).toMatch(/3 dos 4 sonhos|em 3 sonhos/);
    expect(answer).toContain('[D1] (10 de janeiro de 2026)');
    expect(answer).toContain('[D3] (15 de março de 2026)');
    expect(answer).toContain('[D4] (20 de abril de 2026)');
    expect(answer).toMatch(/10 de janeiro de 2026.*20 de abril de 2026/s);
    expect(refsIn(answer)).not.toContain('D2');

    const en = ask('journal', journal(), 'Why do I keep dreaming of snakes?', { language: 'en' });
    expect(en).toMatch(/3 of the 4 dreams|in 3 dreams/);
    expect(en).toContain('[D1] (January 10, 2026)');
    expect(en).toContain('[D4] (April 20, 2026)');
    expect(refsIn(en)).not.toContain('D2');
  });

  it('how often a person appears: by the person, whatever the word or language ("minha mãe", "my mom")', () => {
    const answer = ask('journal', journal(), 'Quantas vezes sonhei com minha mãe?');
    expect(answer).toContain('[D3]');
    expect(answer).toContain('[D4]');
    expect(answer).toMatch(/2 (dos 4 )?sonhos/);
    expect(refsIn(answer)).toEqual(['D3', 'D4']);
  });

  it('a comparison names what repeats and what differs between the dreams', () => {
    const answer = ask('journal', journal(), 'Compare meus sonhos com cobras');
    expect(answer).toMatch(/Entre \[D3\].* e \[D4\].*o que se repete é .*sua mãe/s);
    expect(answer).toMatch(/Só em \[D3\]/);
    const en = ask('journal', journal(), 'Compare my snake dreams', { language: 'en' });
    expect(en).toMatch(/Between \[D3\].* and \[D4\].*what repeats is .*your mother/s);
  });

  it("a feeling shared is reflected in the dreamer's own word, and found in the dreams that hold it", () => {
    const answer = ask('dream', [grief()], 'Fiquei com saudade dele o dia todo.');
    expect(answer.split('\n')[0]).toMatch(/^(Você ficou com saudade|Saudade —)/);
    const scared = ask('journal', journal(), 'I felt scared again last night', { language: 'en' });
    expect(scared.split('\n')[0]).toMatch(/^(You felt scared|Scared —)/);
    expect(scared).toContain('[D1] (January 10, 2026)');
    expect(scared).toContain('[D4] (April 20, 2026)');
    // A feeling denied is not shared.
    expect(ask('dream', [grief()], 'Não senti medo nenhum.')).not.toMatch(/ficou com medo|sentiu medo/);
  });

  it('words with no content are not topics: stopwords, "sonhei", perception verbs ("vi", "acordei", "saw", "woke")', () => {
    const answer = ask('journal', journal(), 'Eu vi de novo e acordei, sonhei que vi tudo');
    expect(answer).not.toMatch(/“(vi|acordei|sonhei|tudo|novo)”/);
    const en = ask('journal', journal(), 'I saw it again and woke up, I dreamt I saw it all', { language: 'en' });
    expect(en).not.toMatch(/“(saw|woke|dreamt|again)”/);
  });

  it('a meaning or "why" question about a classic dream gets what people and research commonly associate with it', () => {
    const teeth = contextDream('D1', 'sonhei q meus dentes caiam tudo na frente do pessoal do trampo', {
      reason: 'subject',
    });
    expect(ask('dream', [teeth], 'pq eu sonho isso?')).toMatch(/dentes caem ou quebram.*estresse/s);
    const chase = contextDream('D1', 'I was being chased by a huge dog through a dark forest.', { reason: 'subject' });
    expect(ask('dream', [chase], 'What does it mean?', { language: 'en' })).toMatch(/Being chased is.*pressure/s);
  });

  it('what was said belongs to who said it; "foi ela mesmo?" is a guess only the dreamer can weigh', () => {
    const mother = contextDream(
      'D1',
      'Minha mãe, que faleceu em 2019, estava sentada na varanda sorrindo. Ela disse: "cuida do seu irmão".',
      { reason: 'subject' },
    );
    const answer = ask('dream', [mother], 'foi ela mesmo?');
    expect(answer).toContain('se foi sua mãe mesmo');
    expect(answer).toContain('sua mãe, que já morreu, aparece, sorri e diz “cuida do seu irmão”');
    expect(answer).not.toContain('seu irmão.');
    expect(answer.trim().split('\n').at(-1)).toBe('O que a frase dela — “cuida do seu irmão” — diz a você hoje?');
  });

  it('"quem era esse homem?": the dream gives no name; the answer shows how he appears and asks whom he recalls', () => {
    const chase = contextDream('D1', 'Um homem me perseguia por uma rua escura. Eu corria e não conseguia gritar.', {
      reason: 'subject',
      isNightmare: true,
    });
    const answer = ask('dream', [chase], 'Quem era esse homem?');
    expect(answer).toContain('o relato não diz');
    expect(answer).toContain('“Um homem me perseguia por uma rua escura”');
    expect(answer).toContain('numa rua');
    expect(answer.trim().split('\n').at(-1)).toBe('Esse homem lembra alguém da sua vida acordada?');

    // When the dream does name who did it, the answer says so.
    const ex = contextDream('D1', 'I could not find the exam room. My ex was in the hallway laughing.', {
      reason: 'subject',
    });
    const who = ask('dream', [ex], 'who was laughing?', { language: 'en' });
    expect(who).toContain('From the dream, it is your ex: “My ex was in the hallway laughing”.');
    expect(who.trim().split('\n').at(-1)).toBe('What is going on between you and your ex in waking life?');
  });

  it('does not ask again a question it asked earlier in the conversation', () => {
    const first = ask('dream', [grief()], 'Será que era mesmo ele vindo se despedir?');
    const asked = first.trim().split('\n').at(-1) ?? '';
    const again = ask('dream', [grief()], 'Será que era mesmo ele vindo se despedir?', {
      turns: [
        { role: 'user', content: 'Será que era mesmo ele vindo se despedir?' },
        { role: 'assistant', content: first },
      ],
    });
    const next = again.trim().split('\n').at(-1) ?? '';
    expect(next).toMatch(/\?$/);
    expect(next).not.toBe(asked);
  });

  it('the Oráculo about someone who died: the grief note, and no question about "what is going on between you"', () => {
    const father = [
      contextDream('D1', 'Sonhei com meu pai, que já faleceu, me ensinando a andar de bicicleta na praia.', {
        dreamtOn: '2025-12-02',
      }),
      contextDream('D2', 'Tava no meu antigo trabalho e meu pai aparecia na porta, sorrindo.', {
        dreamtOn: '2026-02-11',
      }),
      contextDream('D3', 'Perdi o ônibus e cheguei atrasada na prova.', { dreamtOn: '2026-03-30' }),
    ];
    const first = ask('journal', father, 'tenho sonhado muito com meu pai');
    expect(refsIn(first)).toEqual(['D1', 'D2']);
    expect(first).toMatch(/visita assim|comuns no luto/);
    expect(first).not.toContain('O que está acontecendo entre você e seu pai');
    expect(first.trim().split('\n').at(-1)).toContain('seu pai');

    // A follow-up with no words of its own is about the same person: how often and since when.
    const since = ask('journal', father, 'desde quando isso acontece?', {
      turns: [
        { role: 'user', content: 'tenho sonhado muito com meu pai' },
        { role: 'assistant', content: first },
      ],
    });
    expect(since).toContain('2 de dezembro de 2025');
    expect(refsIn(since)).toEqual(['D1', 'D2']);
    expect(since).not.toMatch(/visita assim|comuns no luto/);
  });

  it("the app's suggested questions (chat.*.example* in the locales) get answers built for them", () => {
    const lighthouse = contextDream('D1', 'Um farol aceso no mar escuro, e eu com medo das ondas batendo nas pedras.', {
      reason: 'subject',
      emotions: ['medo'],
    });
    for (const [message, language] of [
      ['O que este sonho pode estar me mostrando?', 'pt-BR'],
      ['O que os símbolos deste sonho dizem sobre mim?', 'pt-BR'],
      ['What might this dream be showing me?', 'en'],
      ['What do the symbols of this dream say about me?', 'en'],
    ] as const) {
      expect(ask('dream', [lighthouse], message, { language }), message).toMatch(/leitura comum|common reading/);
    }
    expect(ask('dream', [lighthouse], 'Por que acordei com essa emoção?').trim().split('\n').at(-1)).toContain('medo');
    expect(
      ask('dream', [lighthouse], 'Why did I wake up with this feeling?', { language: 'en' }).trim().split('\n').at(-1),
    ).toContain('fear');

    const nights = [
      contextDream('D1', SNAKE_1, { dreamtOn: '2026-09-10', isNightmare: true, reason: 'recent' }),
      contextDream('D2', FLIGHT, { dreamtOn: '2026-10-01', reason: 'recent' }),
      contextDream('D3', SNAKE_2, { dreamtOn: '2026-10-15', isNightmare: true, reason: 'recent' }),
      contextDream('D4', 'Minha mãe fazia bolo na cozinha e o mar entrava pela janela.', {
        dreamtOn: '2026-11-02',
        reason: 'recent',
      }),
    ];
    const changed = ask('journal', nights, 'Como meus pesadelos mudaram nos últimos meses?');
    expect(refsIn(changed)).toEqual(['D1', 'D3']);
    expect(changed).toContain('10 de setembro de 2026');
    expect(changed).not.toMatch(/Não encontrei/);
    const en = ask('journal', nights, 'How have my nightmares changed in recent months?', { language: 'en' });
    expect(refsIn(en)).toEqual(['D1', 'D3']);
    expect(ask('journal', nights, 'Quais símbolos aparecem mais nos meus sonhos?')).toMatch(
      /cobra \(2 sonhos: \[D1\] e \[D3\]\)/,
    );
    expect(ask('journal', nights, 'O que volta quando durmo mal?')).not.toMatch(/Não encontrei/);
  });

  it('a conversation about one dream says where its people and images come back in the related dreams, with links and dates', () => {
    const related = [
      grief(),
      contextDream('D2', 'Sonhei de novo com meu avô, ele estava no sítio dando milho para as galinhas.', {
        dreamtOn: '2026-03-02',
        reason: 'similar',
      }),
      contextDream('D3', 'Eu estava na cozinha fazendo um bolo e alguém bateu na porta.', {
        dreamtOn: '2026-01-20',
        reason: 'similar',
      }),
    ];
    const often = ask('dream', related, 'Quantas vezes já sonhei com ele?');
    expect(often).toMatch(/seu avô \(\[D2\]/);
    expect(often).not.toContain('Não sei');
    const kitchen = ask('dream', related, 'A cozinha aparece em outros sonhos?');
    expect(refsIn(kitchen)).toEqual(['D1', 'D3']);
    expect(kitchen).toMatch(/2 dos 3 sonhos/);
    // On the first turn, the dream's person who comes back elsewhere is named with the link.
    expect(ask('dream', related, 'Oi')).toMatch(/Seu avô também aparece em \[D2\]/);
    const en = ask(
      'dream',
      [griefEn(), contextDream('D2', 'My grandfather was fishing with me at the lake.', { reason: 'similar' })],
      'How often do I dream of him?',
      { language: 'en' },
    );
    expect(en).toMatch(/\[D2\]/);
  });

  it('a frequency question in a conversation about one dream with no related dreams points to the Oráculo, not "não sei"', () => {
    expect(ask('dream', [grief()], 'Quantas vezes já sonhei com ele?')).toContain('Oráculo');
    expect(ask('dream', [griefEn()], 'How often do I dream of him?', { language: 'en' })).toContain('Oracle');
  });

  it('distress: calm, short, points to help; nothing from unrelated dreams, no images, no links but the subject', () => {
    const unrelated = [
      contextDream('D1', FLIGHT, {
        analysis: {
          summary: '',
          themes: ['Voo'],
          symbols: ['Luz', 'Voo', 'Mar'],
          emotions: [],
          reflectionQuestions: [],
          dreamType: 'comum',
        },
      }),
      ...journal().slice(0, 3),
    ];
    const answer = ask('journal', unrelated, 'não aguento mais, queria sumir de vez', { distress: true });
    expect(answer).toContain('188');
    expect(refsIn(answer)).toEqual([]);
    expect(answer).not.toMatch(/luz|voo|cobra|mar\b|escada/i);
    expect(questionCount(answer)).toBeLessThanOrEqual(1);
    expect(answer.length).toBeLessThan(900);

    const en = ask('journal', unrelated, 'I want to end it all', { language: 'en', distress: true });
    expect(en).toContain('findahelpline.com');
    expect(refsIn(en)).toEqual([]);
    expect(en).not.toMatch(/\b(light|flight|flying|snake|sea)\b/i);

    // About the subject dream: it may name it, gently, and read nothing into it.
    const aboutDream = ask(
      'dream',
      [contextDream('D1', BRIDGE, { reason: 'subject' })],
      'Esse sonho me deixou sem vontade de viver',
      {
        distress: true,
      },
    );
    expect(refsIn(aboutDream)).toEqual(['D1']);
    expect(aboutDream).not.toMatch(/ponte|vidro|cachorro|pode sugerir|transição/i);
  });

  it("answers in the request's language whatever the message's language", () => {
    const en = ask('dream', [grief()], 'Será que era mesmo ele vindo se despedir?', { language: 'en' });
    expect(en).toContain('your grandfather');
    expect(en).not.toMatch(/\b(você|seu avô|sonho)\b/);
    const pt = ask('journal', journal(), 'Why do I keep dreaming of snakes?');
    expect(pt).toMatch(/aparece em|Encontrei/);
    expect(pt).not.toMatch(/\b(appears|dreams I looked)\b/);
  });

  it('varies its wording with the message: not one template for every answer', () => {
    const openings = new Set(
      MESSAGES.pt.map((message) => ask('dream', [grief()], message, { turns: earlierTurn }).split(/[.!—]/)[0]),
    );
    expect(openings.size).toBeGreaterThanOrEqual(6);
    const questions = new Set(
      MESSAGES.pt.map((message) => ask('journal', journal(), message).trim().split('\n').at(-1)),
    );
    expect(questions.size).toBeGreaterThanOrEqual(3);
  });
});

describe('the builtin guide through the real route', () => {
  let database: Database;
  let t: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    t = await createTestApp({ ...JOURNAL_TEST_ENV, AI_BUILTIN_REVEAL_MS: '0' }, database);
  });
  afterAll(async () => {
    await t.close();
    await database.close();
  });

  it('answers a direct question about a grief dream, and a journal question with the dreams that hold the image', async () => {
    const user = await signUpUser(t, { isConsenting: true });
    await setPlan(contextFor(t, user.id), 'oracle');
    const dream = await postDream(t, user, { title: 'A visita', content: GRIEF, emotions: ['tristeza', 'paz'] });
    const thread = await startThread(t, user, { kind: 'dream', dreamId: dream.id });
    const answer = (await chat(t, user, thread.id, 'Será que era mesmo ele vindo se despedir?')).assistantMessage;
    expect(answer.content).not.toMatch(/não sei responder/i);
    expect(answer.content).toContain('seu avô');
    expect(questionCount(answer.content)).toBe(1);
    expect(answer.dreamRefs.map((ref) => ref.dreamId)).toEqual([dream.id]);

    const snakes = [
      await postDream(t, user, { content: SNAKE_1, dreamtOn: '2026-01-10' }),
      await postDream(t, user, { content: SNAKE_2, dreamtOn: '2026-03-15' }),
    ];
    const journalThread = await startThread(t, user, { kind: 'journal' });
    const res = await api(t, user).post(`/chat/threads/${journalThread.id}/messages`, {
      content: 'Por que a cobra volta nos meus sonhos?',
      language: 'en',
    });
    expect(res.statusCode).toBe(201);
    const found = res.json<ChatSendResult>().assistantMessage;
    expect(found.dreamRefs.map((ref) => ref.dreamId).sort()).toEqual(snakes.map((s) => s.id).sort());
    expect(found.content).toContain('January 10, 2026');
    expect(found.content).toMatch(/in 2 dreams|2 of the \d+ dreams/);
    expect(questionCount(found.content)).toBe(1);

    const distressed = await chat(t, user, journalThread.id, 'Não aguento mais, queria morrer.');
    expect(distressed.assistantMessage.distress).toBe(true);
    expect(distressed.assistantMessage.dreamRefs).toEqual([]);
    expect(distressed.assistantMessage.content).not.toMatch(/cobra|snake/i);
  });
});

describe('the guide names a person once', () => {
  it("says the ex comes back as 'seu ex', not also as the image 'ex-parceiro'", () => {
    const answer = ask(
      'dream',
      [
        contextDream('D1', 'Eu tava numa festa e do nada meu ex apareceu e ficou me olhando.'),
        contextDream('D2', 'Sonhei com meu ex de novo, ele fingia que não me conhecia.', { dreamtOn: '2026-02-10' }),
      ],
      'por que eu sonho tanto com ele?',
    );
    expect(answer).toContain('seu ex');
    expect(answer.toLowerCase()).not.toContain('ex-parceiro');
  });
});
