// The reading's reflection questions, made of the dream's own people, words and things: what was said, the classic
// dreams', the loose ends, the themes' and the symbols'.
import type { ClassicDreamId } from './classic-dreams.data.ts';
import type { ClassicDream } from './classic-dreams.ts';
import { agentOf, deviceOf, exName, objectPronoun, SENTENCE_WORDS, sentenceHas, soughtOf } from './reading-events.ts';
import { isQuotable, LIMITS, type Scene } from './reading-facts.ts';
import { capitalize, contract, lower, personName, quote, toYou, toYouDoing } from './reading-grammar.ts';
import { imagePhrase, locative, OBJECTS } from './reading-images.ts';
import { TEXT } from './reading-interpretation.ts';

// The lexicon themes a classic dream already asks about: their generic question gives way to the classic's own.
const CLASSIC_THEMES: Partial<Record<ClassicDreamId, string>> = {
  teeth: 'dentes',
  chase: 'perseguicao',
  falling: 'queda',
  flying: 'voo',
  exposure: 'nudez',
  exam_unprepared: 'provas',
  late: 'atraso',
  lost_searching: 'perdido',
  trapped_paralysed: 'preso',
  ex_partner: 'ex',
  unknown_rooms: 'casas',
  water_rising: 'agua',
  deceased_visit: 'morte',
};

// Themes that name a classic scene (not water or houses, which are broader than rising water or unknown rooms).
const EVENT_THEMES: Record<string, ClassicDreamId> = {
  dentes: 'teeth',
  perseguicao: 'chase',
  queda: 'falling',
  voo: 'flying',
  nudez: 'exposure',
  atraso: 'late',
  ex: 'ex_partner',
};

function speechQuestion({ facts, input }: Scene): string | undefined {
  const { speech } = facts;
  const { lang } = input;
  if (!speech) return undefined;
  const speaker = personName(speech.speaker, lang);
  if (speech.isInstruction && isQuotable(input)) {
    const what = toYouDoing(speech.text, lang);
    return lang === 'pt'
      ? `${capitalize(speaker ?? 'alguém')} pediu no sonho para você ${what}: o que esse pedido diz a você hoje?`
      : `${capitalize(speaker ?? 'someone')} told you in the dream to ${what}: what do those words say to you today?`;
  }
  if (speech.isDirect && isQuotable(input)) {
    if (lang === 'pt')
      return speaker
        ? `O que a frase ${contract('de', speaker)} — ${quote(speech.text)} — diz a você hoje?`
        : `O que a frase ${quote(speech.text)}, do sonho, diz a você hoje?`;
    return speaker
      ? `What do ${speaker}’s words — ${quote(speech.text)} — say to you today?`
      : `What do the words ${quote(speech.text)} from the dream say to you today?`;
  }
  if (isQuotable(input)) {
    const said = toYou(speech.text, lang);
    if (lang === 'pt')
      return `${capitalize(speaker ?? 'alguém')} disse no sonho que ${said}: o que essas palavras dizem a você hoje?`;
    return `${capitalize(speaker ?? 'someone')} said in the dream that ${said}: what do those words say to you today?`;
  }
  return undefined;
}

/** The questions of a classic dream told with its scene: who came or chased, what was sought or failed, where. */
function sceneQuestions(scene: Scene, classic: ClassicDream): string[] {
  const { facts, input } = scene;
  const { lang } = input;
  const pt = lang === 'pt';
  const place = input.settings[0] ? locative(input.settings[0], lang, facts.doc) : undefined;
  switch (classic.id) {
    case 'deceased_visit': {
      const name = personName(facts.deceased, lang);
      if (!name)
        return pt
          ? ['Do que você sente mais falta nessa pessoa, e o que gostaria de dizer a ela?']
          : ['What do you miss most about this person, and what would you like to tell them?'];
      return pt
        ? [
            `O que mais faz falta ${contract('de', name)} hoje: um gesto, a voz, um jeito de estar junto?`,
            `Se pudesse responder ${contract('a', name)} no sonho, o que você diria?`,
          ]
        : [
            `What do you miss most about ${name} today?`,
            `If you could answer ${name} in the dream, what would you say?`,
          ];
    }
    case 'chase': {
      const agent = agentOf(scene, classic);
      if (agent)
        return pt
          ? [
              `Se você parasse e se virasse para ${agent}, o que acha que aconteceria?`,
              `O que ${agent} lembra na sua vida desperta?`,
            ]
          : [
              `If you stopped and turned to face ${agent}, what do you think would happen?`,
              `What does ${agent} remind you of in your waking life?`,
            ];
      return pt
        ? ['Do que você tem fugido ultimamente, e o que aconteceria se parasse para olhar?']
        : ['What have you been running from lately, and what would happen if you stopped to look?'];
    }
    case 'exposure':
      return pt
        ? [
            `Diante de quem${place ? `, ${place},` : ''} você sentia os olhares, e onde na vida desperta você teme ficar à mostra?`,
          ]
        : [
            `Whose eyes did you feel on you${place ? ` ${place}` : ''}, and where in your waking life do you fear being exposed?`,
          ];
    case 'lost_searching': {
      const sought = soughtOf(scene, classic);
      if (sought)
        return pt
          ? [`Como era procurar ${sought} sem encontrar, e o que parece faltar na sua vida agora?`]
          : [
              `What was it like to look for ${sought} without finding ${objectPronoun(sought)}, and what seems to be missing in your life now?`,
            ];
      return pt
        ? ['O que você procurava no sonho, e o que parece faltar na sua vida agora?']
        : ['What were you looking for in the dream, and what seems to be missing in your life now?'];
    }
    case 'device_failure': {
      const device = deviceOf(scene, classic) ?? '';
      return pt
        ? [
            `Quando ${device} falhou, o que você precisava fazer com ele? Em que situação recente os seus meios pareceram não dar conta?`,
          ]
        : [
            `When ${device} failed, what did you need it for? In what recent situation did your means seem not to be enough?`,
          ];
    }
    case 'water_rising':
      if (sentenceHas(facts.doc, classic.sentence, SENTENCE_WORDS.drowning))
        return pt
          ? ['O que deixava você sem ar no sonho, e o que tem tirado o seu fôlego ultimamente?']
          : ['What was taking your breath away in the dream, and what has been leaving you breathless lately?'];
      return pt
        ? ['Até onde a água chegou, e o que tem se acumulado para você ultimamente?']
        : ['How high did the water come, and what has been piling up for you lately?'];
    case 'ex_partner':
      return pt
        ? [`O que ${exName(scene, lang)} fazia no sonho, e o que aquela fase tem a ver com o que você vive agora?`]
        : ['What was your ex doing in the dream, and what does that time have to do with what you live now?'];
    default:
      return [];
  }
}

function classicQuestions(scene: Scene, classic: ClassicDream): string[] {
  const pt = scene.input.lang === 'pt';
  switch (classic.id) {
    case 'deceased_visit':
    case 'chase':
    case 'exposure':
    case 'lost_searching':
    case 'device_failure':
    case 'water_rising':
    case 'ex_partner':
      return sceneQuestions(scene, classic);
    case 'teeth':
      return pt
        ? [
            'Em que situação recente você se preocupou com a forma como os outros veem você, ou sentiu que algo saía do seu controle?',
          ]
        : [
            'In what recent situation did you worry about how you are seen, or feel something slipping out of your control?',
          ];
    case 'falling':
      return pt
        ? ['O que acontecia logo antes de você cair, e em que parte da sua vida falta chão agora?']
        : ['What was happening just before you fell, and where in your life is the ground missing now?'];
    case 'flying':
      return pt
        ? ['Como era voar, e o que você via lá de cima?', 'Onde na sua vida você gostaria dessa mesma leveza?']
        : [
            'What was flying like, and what could you see from up there?',
            'Where in your life would you like that same lightness?',
          ];
    case 'exam_unprepared':
      return pt
        ? ['Que situação recente tem pedido que você mostre o que sabe?']
        : ['What recent situation has been asking you to show what you know?'];
    case 'late':
      return pt
        ? ['Aonde você tentava chegar no sonho, e que prazo tem pesado para você agora?']
        : ['Where were you trying to get to in the dream, and which deadline has been weighing on you?'];
    case 'trapped_paralysed':
      return pt
        ? ['De que você não conseguia sair no sonho, e onde na vida você sente que falta saída ou escolha?']
        : [
            'What could you not get out of in the dream, and where in your life do you feel a lack of way out or choice?',
          ];
    case 'car_out_of_control':
      return pt
        ? [
            'Quem estava (ou não) no controle do carro, e em que parte da vida as coisas andam sem que você consiga conduzir?',
          ]
        : [
            'Who was (or was not) in control of the car, and where in your life are things moving without you steering?',
          ];
    case 'pregnancy_baby':
      return pt
        ? ['O que de novo está começando a crescer na sua vida, e como você tem cuidado disso?']
        : ['What new thing is starting to grow in your life, and how have you been caring for it?'];
    case 'unknown_rooms':
      return pt
        ? ['O que havia nos cômodos que você descobriu, e que espaço você gostaria de ter agora?']
        : ['What was in the rooms you found, and what space would you like to have now?'];
  }
}

function looseEndQuestions({ facts, input }: Scene): string[] {
  if (!isQuotable(input)) return [];
  const { lang } = input;
  const questions: string[] = [];
  const unfinished = facts.unfinished[0];
  if (unfinished)
    questions.push(
      lang === 'pt'
        ? `O que faltava terminar ${contract('em', unfinished.text)}, e que tarefa da sua vida desperta tem essa mesma sensação de não estar pronta?`
        : `What was still missing in ${unfinished.text}, and which task in your waking life feels just as unfinished?`,
    );
  const forgotten = facts.forgotten[0];
  if (forgotten)
    questions.push(
      lang === 'pt'
        ? `No sonho você tinha esquecido ${forgotten.text}: o que você sente que tem deixado para trás ultimamente?`
        : `In the dream you had forgotten ${forgotten.text}: what do you feel you have been leaving behind lately?`,
    );
  return questions;
}

// The images a classic dream's own questions are about: no second question on them.
const CLASSIC_IMAGES: Partial<Record<ClassicDreamId, readonly string[]>> = {
  water_rising: ['agua', 'afogamento', 'enchente', 'onda', 'mar'],
  chase: ['perseguicao'],
  falling: ['queda'],
  flying: ['voo'],
  teeth: ['dentes'],
  exposure: ['nudez'],
  late: ['atraso', 'relogio'],
  exam_unprepared: ['prova_simbolo'],
  trapped_paralysed: ['preso', 'paralisia', 'trancado'],
  deceased_visit: ['morte_simbolo'],
  pregnancy_baby: ['gravidez', 'bebe'],
  ex_partner: ['ex'],
  lost_searching: ['procura'],
};

export function writeQuestions(scene: Scene): string[] {
  const { facts, input } = scene;
  const { lang } = input;
  const classics = facts.classics.slice(0, LIMITS.classicNotes);
  const perClassic = classics.map((classic) => classicQuestions(scene, classic));
  const coveredThemes = new Set(classics.map((classic) => CLASSIC_THEMES[classic.id]).filter(Boolean));
  const found = new Set(facts.classics.map((classic) => classic.id));
  const themeQuestions = input.themes
    .filter((theme) => !coveredThemes.has(theme.id))
    // A theme of a classic scene whose event is not there ("my late grandmother" is no lateness, "fugimos da chuva" no
    // chase) asks nothing: its question would be about a scene the dream does not have.
    .filter((theme) => {
      const event = EVENT_THEMES[theme.id];
      return event === undefined || found.has(event);
    })
    .filter((theme) => !(facts.hasDeceasedVisit && theme.id === 'morte'))
    .slice(0, 2)
    .map((theme) => theme.question[lang]);
  const themeIds = new Set(input.themes.map((theme) => theme.id));
  // After a nightmare, the feeling asked about is the one that made it (not the joy of its happy ending).
  const felt =
    input.dreamType === 'pesadelo'
      ? (input.emotions.find(({ entry }) => entry.valence < 0) ?? input.emotions[0])
      : input.emotions[0];
  const topEmotion = felt?.entry.name[lang];
  const asked = [
    speechQuestion(scene),
    // The first question of each classic dream, then their second ones.
    ...perClassic.map((questions) => questions[0]),
    ...looseEndQuestions(scene),
    ...perClassic.map((questions) => questions[1]),
    ...themeQuestions,
  ].filter((question): question is string => question !== undefined);
  // An image no question asks about yet ("a monster" once, not again as “Monster”), said as the dream says it.
  const classicImages = new Set(classics.flatMap((classic) => CLASSIC_IMAGES[classic.id] ?? []));
  const isAsked = (name: string) => asked.some((question) => lower(question, lang).includes(lower(name, lang)));
  const symbol = input.symbols.find(
    (entry) =>
      !themeIds.has(entry.id) &&
      // The theme of the same image asks already ("provas" for an exam).
      !themeIds.has(`${entry.id.replace(/_simbolo$/u, '')}s`) &&
      !OBJECTS.has(entry.id) &&
      !classicImages.has(entry.id) &&
      !isAsked(entry.name[lang]),
  );
  const image = symbol ? imagePhrase(scene, symbol) : undefined;
  const hasArticle = image !== undefined && symbol !== undefined && image !== lower(symbol.name[lang], lang);
  // "What do the woods…", "O que os sapatos lembram…".
  const isPlural =
    hasArticle && (/^(os|as|uns|umas|seus|suas|some) /u.test(image) || (lang === 'en' && /[^su]s$/u.test(image)));
  const candidates = [
    ...asked,
    symbol
      ? lang === 'pt'
        ? `O que ${hasArticle ? image : quote(symbol.name.pt)} ${isPlural ? 'lembram' : 'lembra'} na sua vida desperta?`
        : `What ${isPlural ? 'do' : 'does'} ${hasArticle ? image : quote(symbol.name.en)} bring to mind in your waking life?`
      : undefined,
    topEmotion
      ? lang === 'pt'
        ? `Em que momento dos últimos dias você sentiu ${lower(topEmotion, lang)}?`
        : `When in the last few days did you feel ${lower(topEmotion, lang)}?`
      : undefined,
  ].filter((question): question is string => question !== undefined);
  const questions = [...new Set(candidates)].slice(0, LIMITS.questions);
  for (const fallback of TEXT.fallbackQuestions[lang]) if (questions.length < 2) questions.push(fallback);
  return questions;
}
