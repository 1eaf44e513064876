// The builtin guide's one question: built from the dream's elements, never one it already asked.
import { personOf, placeLabel, quote, type Answer } from './chat.builtin-describe.ts';
import { emotionName, type DreamFacts } from './chat.builtin-dreams.ts';
import { pick } from './chat.builtin-words.ts';

export function questionsFor(facts: DreamFacts | undefined, a: Answer, focus: string | null): string[] {
  const { lang } = a;
  const pool: string[] = [];
  if (focus) {
    pool.push(
      lang === 'pt'
        ? `O que ${quote(focus)} lembra na sua vida acordada?`
        : `What does ${quote(focus)} bring to mind in your waking life?`,
    );
  }
  if (facts) {
    const [main] = facts.people;
    const speech = main?.speech[0];
    if (main && speech) {
      pool.push(
        lang === 'pt'
          ? `O que a frase ${personOf(main, lang)} — ${quote(speech)} — diz a você hoje?`
          : `What do ${personOf(main, lang)} words — ${quote(speech)} — say to you today?`,
      );
    }
    if (main?.isDeceased) {
      pool.push(
        lang === 'pt'
          ? `Se você pudesse falar com ${main.label.pt} nesse encontro, o que diria?`
          : `If you could speak to ${main.label.en} in that meeting, what would you say?`,
      );
    }
    const hug = main?.actions.find((action) => action.en === 'hugs you');
    if (main && hug) {
      pool.push(
        lang === 'pt'
          ? `Como esse abraço ficou em você depois que acordou?`
          : `How did that hug stay with you after you woke up?`,
      );
    }
    if (main && !main.isDeceased) {
      pool.push(
        lang === 'pt'
          ? `O que está acontecendo entre você e ${main.label.pt} na vida acordada?`
          : `What is going on between you and ${main.label.en} in waking life?`,
      );
    }
    const place = facts.places[0];
    if (place) {
      const label = placeLabel(facts, place, lang).replace(/^(uma|um|a|o|as|os) /u, '');
      pool.push(
        lang === 'pt'
          ? `Que lembranças ${quote(label)} traz para você?`
          : `What memories does ${quote(label)} bring back?`,
      );
    }
    for (const image of facts.images.slice(0, 2)) {
      pool.push(
        lang === 'pt'
          ? `O que ${quote(image)} lembra na sua vida acordada?`
          : `What does ${quote(image)} bring to mind in your waking life?`,
      );
    }
    const [feeling] = facts.emotions;
    if (feeling) {
      pool.push(
        lang === 'pt'
          ? `Onde mais, nos últimos dias, você sentiu ${emotionName(feeling, lang)}?`
          : `Where else, in recent days, did you feel ${emotionName(feeling, lang)}?`,
      );
    }
  }
  pool.push(
    ...(lang === 'pt'
      ? ['O que mais chamou sua atenção ao acordar?', 'Isso lembra algo que você está vivendo agora?']
      : ['What struck you most when you woke up?', 'Does this remind you of something you are living now?']),
  );
  return pool;
}

/** One question: the first of the pool not asked before in this conversation. */
/**
 * One question: among the first `spread` of the pool not asked before in this conversation (the pool is most
 * specific first: 1 keeps the most specific, more lets the wording vary with the message).
 */
export function oneQuestion(pool: string[], a: Answer, spread = 1): string {
  const fresh = pool.filter((question) => !a.asked.includes(question));
  return fresh.length > 0 ? pick(fresh.slice(0, spread), a.seed >>> 9) : (pool[0] ?? '');
}
