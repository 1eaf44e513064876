// What the builtin guide says it is and cannot do (the note on its first answer; no rule answers what a dream means),
// and what it offers instead: what grief visits commonly are, the dreamer's own words, what the dream holds.
import { quote, type Answer } from './chat.builtin-describe.ts';
import type { DreamPerson } from './chat.builtin-dreams.ts';
import { lowerFirst } from './chat.builtin-topics.ts';
import { languageOf, list, pick, type Lang } from './chat.builtin-words.ts';

export const INTRO: Record<Lang, string> = {
  pt: 'Uma nota só desta vez: sou o guia de reflexão do Sonhário, não uma IA generativa. Respondo por regras, com o que está nos seus sonhos; o sentido quem dá é você.',
  en: "A note just this once: I am Sonhário's reflection guide, not generative AI. I answer by rules, from what is in your dreams; the meaning is yours to give.",
};

export function griefNote(person: DreamPerson, a: Answer, options: { isDescribed: boolean }): string {
  const { lang } = a;
  const shown = options.isDescribed ? [] : [...person.actions.map((action) => action[lang])];
  const speech = options.isDescribed ? undefined : person.speech[0];
  if (speech) shown.push(lang === 'pt' ? `diz ${quote(speech)}` : `says ${quote(speech)}`);
  const who = lang === 'pt' ? person.label.pt : person.label.en;
  const showed = shown.length
    ? lang === 'pt'
      ? ` No seu sonho, ${who} ${list(shown, lang)}.`
      : ` In your dream, ${who} ${list(shown, lang)}.`
    : '';
  return (
    pick(
      lang === 'pt'
        ? [
            'Sonhos em que alguém querido que já morreu vem visitar são muito comuns no luto, e muita gente os sente como uma despedida, um consolo ou um reencontro.',
            'Quem perdeu alguém sonha muitas vezes com uma visita assim; é comum que ela seja sentida como despedida ou como conforto, mais do que como um sonho qualquer.',
          ]
        : [
            'Dreams in which a loved one who has died comes to visit are very common in grief, and many people feel them as a farewell, a comfort or a reunion.',
            'People who have lost someone often dream of a visit like this; it is commonly felt as a goodbye or a comfort, more than as an ordinary dream.',
          ],
      a.seed >>> 4,
    ) + showed
  );
}

/** "was it really him" → "whether it was really him"; other questions are quoted as they were asked. */
function englishIndirect(clause: string): string {
  const inverted = /^(was|is|were|are)\s+(it|he|she|that|this|they|there)\s+(.+)$/iu.exec(clause);
  if (inverted)
    return `whether ${inverted[2]?.toLowerCase() ?? ''} ${inverted[1]?.toLowerCase() ?? ''} ${inverted[3] ?? ''}`;
  return `about this: ${quote(lowerFirst(clause))}`;
}

/** The honest part for what no rule can answer (meaning, why, "será que…"), in the dreamer's own words. */
export function honestOffer(a: Answer, person: DreamPerson | undefined, hasNote = true): string {
  const { lang, message, seed } = a;
  const sameLanguage = languageOf(a.request.message) === lang;
  let clause = sameLanguage ? message.clause : null;
  if (clause && person) {
    const pronouns = lang === 'pt' ? /\b(ele|ela)\b/iu : /\b(him|her|he|she)\b/iu;
    const name = lang === 'pt' ? person.label.pt : person.label.en;
    clause = clause.replace(pronouns, name);
  }
  if (message.asksSpeculation) {
    const asked =
      clause && lang === 'pt'
        ? `Você se pergunta ${/^(se|quem|o que|por que|onde|como|quando)\b/iu.test(clause) ? '' : 'se '}${lowerFirst(clause)}.`
        : clause
          ? `You are wondering ${englishIndirect(clause)}.`
          : null;
    const honest = pick(
      lang === 'pt'
        ? [
            'Isso eu não tenho como saber por você — ninguém de fora tem. O que posso é mostrar o que o sonho trouxe e o que se costuma viver em sonhos assim.',
            'Essa resposta só você pode sentir; uma regra não chega lá. Posso, sim, mostrar o que o sonho trouxe e o que muita gente vive em sonhos parecidos.',
          ]
        : [
            "That is something I can't know for you — no one outside can. What I can do is show what the dream brought and what people often live in dreams like it.",
            'Only you can feel the answer to that; a rule cannot reach it. I can show what the dream brought and what many people live in similar dreams.',
          ],
      seed,
    );
    return asked ? `${asked} ${honest}` : honest;
  }
  if (message.asksMeaning && !hasNote) {
    return pick(
      lang === 'pt'
        ? [
            'O sentido, quem dá é você: não tenho um dicionário de certezas, e esse elemento não está entre os que conheço. Posso mostrar como ele aparece no sonho e o que está em volta.',
            'Não existe um significado fixo que eu possa afirmar; o que posso é mostrar como isso aparece no sonho e o que está em volta.',
          ]
        : [
            "The meaning is yours to give: I don't have a dictionary of certainties, and this is not among the images I know. I can show how it appears in the dream and what surrounds it.",
            'There is no fixed meaning I could state; what I can do is show how it appears in the dream and what surrounds it.',
          ],
      seed,
    );
  }
  if (message.asksMeaning) {
    return pick(
      lang === 'pt'
        ? [
            'O sentido, quem dá é você: não tenho um dicionário de certezas. Posso contar o que se costuma associar a isso e como aparece no seu sonho.',
            'Não existe um significado fixo que eu possa afirmar; o que posso é mostrar como isso aparece no sonho e o que se costuma associar a ele.',
          ]
        : [
            "The meaning is yours to give: I don't have a dictionary of certainties. I can tell you what is commonly associated with it and how it shows up in your dream.",
            'There is no fixed meaning I could state; what I can do is show how it appears in the dream and what it is commonly linked to.',
          ],
      seed,
    );
  }
  return pick(
    lang === 'pt'
      ? [
          'O porquê eu não consigo dizer por regra. Dá para olhar o que o sonho mostra e onde isso volta nos seus registros.',
          'Por que o sonho foi assim, só você pode ligar à sua vida; eu mostro o que está nele.',
        ]
      : [
          'The why is not something I can tell by rule. We can look at what the dream shows and where it comes back in your journal.',
          'Why the dream went this way, only you can link to your life; I can show what is in it.',
        ],
    seed,
  );
}
