// What happens in a dream (content-analysis.ts): the social interactions, success and failure, misfortune and good
// fortune, and the work and school things a dream turns on (forgotten, unfinished).
import { findSpans, patternSet, type Doc, type PatternSet } from './content-analysis.ts';
import type { Bilingual } from './lexicon.ts';

export type ContentKind = 'friendly' | 'aggressive' | 'sexual' | 'success' | 'failure' | 'misfortune' | 'goodFortune';

/** Each kind: patterns, each with the name of what happened, for the prose ("um abraço", "a hug"). */
// prettier-ignore
const CONTENT_RULES: Record<ContentKind, [pattern: string, pt: string, en: string][]> = {
  friendly: [
    ['(abracou|abracei|abracamos|abraco|abracando|abracava|abracar|hug|hugged|hugging|hugs|embraced)', 'um abraço', 'a hug'],
    ['(sorriu|sorria|sorrindo|smiled|smiling)', 'um sorriso', 'a smile'],
    ['(segurou|segurava|pegou) (minha|na minha) mao', 'mãos dadas', 'a held hand'],
    ['(held|holding) (my|his|her) hand', 'mãos dadas', 'a held hand'],
    ['(me ajudou|ajudou|ajudava|ajudei|helped|helping)', 'ajuda', 'help'],
    ['(conversamos|conversando|conversou|conversava|conversei|batemos papo|talked with|talking with|talked to|chatted|we talked)', 'uma conversa', 'a conversation'],
    ['(me consolou|consolou|comforted|consoled)', 'consolo', 'comfort'],
    ['(brincamos|brincando|played with)', 'uma brincadeira', 'play'],
    ['me deu (um|uma) presente', 'um presente', 'a gift'],
    ['gave me a (gift|present)', 'um presente', 'a gift'],
  ],
  aggressive: [
    ['(me bateu|bateu em|bateram em|me bateram|hit me|punched|beat me)', 'golpes', 'blows'],
    ['(atacou|atacava|atacando|me atacou|attacked|attacking)', 'um ataque', 'an attack'],
    ['(brigamos|brigando|brigou|briguei|discutimos|discutindo|fought|fighting|argued|arguing)', 'uma briga', 'a fight'],
    ['(gritou|gritava|gritando) comigo', 'gritos', 'shouting'],
    ['(yelled|screamed|shouted) at', 'gritos', 'shouting'],
    ['(empurrou|empurrava|pushed)', 'um empurrão', 'a push'],
    ['(matou|matava|matei|mataram|killed|kills|murdered)', 'uma morte violenta', 'a killing'],
    ['(esfaqueou|esfaqueada|esfaqueado|facada|stabbed|stabbing)', 'uma facada', 'a stabbing'],
    ['(atirou|atiraram|atirando|tiro|tiros|shot at|shooting|shot me|shot him|shot her)', 'tiros', 'shooting'],
    ['(me persegu*|perseguindo|chased me|chasing me|chased us|chasing us)', 'uma perseguição', 'a chase'],
    ['(ameacou|ameacava|threatened|threatening)', 'uma ameaça', 'a threat'],
    ['(me mordeu|mordeu|bit me)', 'uma mordida', 'a bite'],
    ['(assaltou|assalto|roubou|roubaram|robbed|mugged)', 'um roubo', 'a robbery'],
  ],
  sexual: [
    ['(beijou|beijamos|beijei|beijando|beijo|kissed|kissing|kiss)', 'um beijo', 'a kiss'],
    ['(transamos|transando|transei|sexo|had sex|having sex|slept with|made out|making out)', 'sexo', 'sex'],
  ],
  success: [
    ['consegui (escapar|fugir|passar|terminar|chegar|voar|salvar|sair|abrir|achar|encontrar|vencer)', 'algo que você conseguiu', 'something you managed'],
    ['(passei|passamos) (na|no) (prova|exame|teste|vestibular|entrevista)', 'uma prova vencida', 'a test passed'],
    ['(ganhei|ganhamos|venci|vencemos) (o|a|um|uma|na|no)', 'uma vitória', 'a win'],
    ['managed to (escape|get|finish|open|find|save|reach|fly)', 'algo que você conseguiu', 'something you managed'],
    ['(i|we) (won|made it|escaped|succeeded)', 'uma conquista', 'a success'],
    ['passed (the|my) (exam|test|interview)', 'uma prova vencida', 'a test passed'],
  ],
  failure: [
    ['(reprovei|reprovado|reprovada|tirei zero|tirei nota baixa)', 'uma reprovação', 'a failed test'],
    ['(nao|n) (consegui|conseguia) (terminar|chegar|passar|abrir|ligar|achar|encontrar|fazer|entregar|responder)', 'algo que não deu certo', 'something that did not work out'],
    ['(perdi|perdemos) (o|a) (jogo|partida|corrida|disputa)', 'uma derrota', 'a defeat'],
    ['(falhei|deu tudo errado|deu errado)', 'algo que não deu certo', 'something that did not work out'],
    ['(nao|n) (estava|tava|tinha|ficou) ~1 (pronto|pronta|terminado|terminada|feito|feita)', 'uma tarefa que não ficou pronta', 'a task left unfinished'],
    ['(failed|flunked) (the|my|a)', 'uma reprovação', 'a failed test'],
    ['(could not|can not|did not) (finish|get there|open|find|answer|reach|make it|start)', 'algo que não deu certo', 'something that did not work out'],
    ['(lost) (the|a) (game|match|race|fight)', 'uma derrota', 'a defeat'],
    ['(was not|were not|is not) (ready|finished|done)', 'uma tarefa que não ficou pronta', 'a task left unfinished'],
    ['(unfinished|incomplete)', 'uma tarefa que não ficou pronta', 'a task left unfinished'],
  ],
  misfortune: [
    ['(acidente|accident|batida de carro|crashed|crash)', 'um acidente', 'an accident'],
    ['(me machuquei|machucado|machucada|ferido|ferida|got hurt|was hurt|injured)', 'um ferimento', 'an injury'],
    ['(pegou fogo|pegando fogo|incendio|caught fire|on fire|burned down)', 'um incêndio', 'a fire'],
    ['(quebrou|quebrado|quebrada|quebrei|broke|broken) (o|a|meu|minha|my|the)', 'algo quebrado', 'something broken'],
    ['(fiquei doente|estava doente|tava doente|got sick|was sick|fell ill)', 'uma doença', 'an illness'],
    ['(atropelad*|run over|ran over)', 'um atropelamento', 'being run over'],
  ],
  goodFortune: [
    ['(achei|encontrei) (dinheiro|um tesouro|ouro|uma fortuna)', 'um achado valioso', 'a valuable find'],
    ['found (money|a treasure|gold|a fortune)', 'um achado valioso', 'a valuable find'],
    ['(ganhei|ganhamos) (na loteria|um premio|uma heranca|dinheiro|um presente)', 'um golpe de sorte', 'a stroke of luck'],
    ['won (the lottery|a prize|money)', 'um golpe de sorte', 'a stroke of luck'],
    ['(inherited|heranca)', 'uma herança', 'an inheritance'],
    ['(que sorte|por sorte|luckily|lucky)', 'sorte', 'luck'],
  ],
};

// One set for every kind (each pattern knows its kind and its name): the dream is scanned once.
const CONTENT_ROWS = (Object.keys(CONTENT_RULES) as ContentKind[]).flatMap((kind) =>
  CONTENT_RULES[kind].map(([pattern, pt, en]) => ({ kind, pattern, name: { pt, en } })),
);
const CONTENT_SET = patternSet(CONTENT_ROWS.map((row) => row.pattern));

export type ContentEvent = { kind: ContentKind; name: Bilingual; at: number };

/** The interactions, successes and failures, misfortunes and good fortunes the dream holds, each name once. */
export function findContent(doc: Doc): ContentEvent[] {
  const events: ContentEvent[] = [];
  for (const span of findSpans(doc, CONTENT_SET)) {
    const row = CONTENT_ROWS[span.pattern];
    if (!row || events.some((event) => event.kind === row.kind && event.name.pt === row.name.pt)) continue;
    events.push({ kind: row.kind, name: row.name, at: span.start });
  }
  // In the order of the kinds (friendly first), then of the text.
  const order = Object.keys(CONTENT_RULES);
  return events.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind) || a.at - b.at);
}

// --- objects a dream turns on that the lexicon does not name ----------------------------------------------------

// Work and school things the classic stress dreams are made of: named in the reading and its questions as written.
const THINGS = new Set(
  'planilha relatorio cracha apresentacao prazo email notebook laptop celular computador slide slides projeto contrato documento documentos chaves carteira mochila uniforme spreadsheet report badge presentation deadline laptop essay project contract document documents keys wallet backpack uniform passport passaporte ingresso ticket'.split(
    ' ',
  ),
);
const ARTICLES: Record<string, string> = {
  o: 'o',
  a: 'a',
  os: 'os',
  as: 'as',
  meu: 'seu',
  minha: 'sua',
  meus: 'seus',
  minhas: 'suas',
  um: 'um',
  uma: 'uma',
  the: 'the',
  my: 'your',
  our: 'your',
};
// "esqueci o crachá", "forgot my badge"; "a planilha não tava pronta", "the report wasn't finished".
const FORGOTTEN = patternSet([
  '(esqueci|esquecido|esquecida|esqueceu|perdi|forgot|forgotten|lost|left) ~1 (o|a|os|as|meu|minha|meus|minhas|my|the|our)',
]);
const UNFINISHED = patternSet([
  '(o|a|meu|minha|my|the) ~ (nao|n) (estava|tava|ficou|tinha ficado) (pronto|pronta|terminado|terminada|feito|feita)',
  '(o|a|meu|minha|my|the) ~ (was not|were not|is not|had not been) (ready|finished|done)',
  '(unfinished|incomplete|half done) ~',
  '(nao|n) (terminei|tinha terminado|acabei|tinha acabado) (o|a|meu|minha)',
  '(did not|had not|could not) finish (my|the)',
]);

/** A thing named with its determiner, as the reading addresses the dreamer ("o crachá", "your badge"). */
export type Thing = { text: string; word: string };

function thingAfter(doc: Doc, from: number, to: number): Thing | undefined {
  for (let at = from; at < Math.min(to + 2, doc.words.length); at++) {
    const word = doc.words[at] ?? '';
    if (!THINGS.has(word) || doc.sentence[at] !== doc.sentence[from]) continue;
    const article = ARTICLES[doc.words[at - 1] ?? ''];
    return { text: article ? `${article} ${doc.raw[at] ?? word}` : (doc.raw[at] ?? word), word };
  }
  return undefined;
}

/** Things forgotten or left unfinished in the dream: the elements a work or school dream's questions are made of. */
export function findLooseEnds(doc: Doc): { forgotten: Thing[]; unfinished: Thing[] } {
  const collect = (set: PatternSet) => {
    const things: Thing[] = [];
    for (const span of findSpans(doc, set)) {
      const thing = thingAfter(doc, span.start, span.end);
      if (thing && !things.some((other) => other.word === thing.word)) things.push(thing);
    }
    return things;
  };
  return { forgotten: collect(FORGOTTEN), unfinished: collect(UNFINISHED) };
}

/** The work and school things the dream names (as written), in order, each once. */
export function findThings(doc: Doc): string[] {
  const things: string[] = [];
  doc.words.forEach((word, at) => {
    if (THINGS.has(word) && !doc.negated[at] && !things.includes(doc.raw[at] ?? word)) things.push(doc.raw[at] ?? word);
  });
  return things;
}
