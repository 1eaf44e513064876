// The one crisis/distress detector (docs/decisions/056), run on dream texts, chat messages and model answers for
// every provider. A readable rule set, not a model: each rule is a phrase pattern over folded text (lower case, no
// accents, phone spellings and English contractions written out), with a few words of gap where people put them.
// Around the patterns: a negation window ("não quero morrer" is not a positive, "não quero mais viver" is, because
// that negation is inside its pattern), idiom blockers ("morrendo de rir", "dying to see you") and a dream frame (a
// death or an attack told as part of a dream is the dream's content, not the dreamer's waking life).

export const DISTRESS_KINDS = ['suicide', 'self_harm', 'abuse', 'panic'] as const;
export type DistressKind = (typeof DISTRESS_KINDS)[number];

export interface DistressAssessment {
  isDistress: boolean;
  /** The kinds that fired, in DISTRESS_KINDS order. */
  kinds: DistressKind[];
}

/**
 * `dream`: the text is a dream report (the journal's dream text), so it is read as dream narration until the writer
 * says they woke up or speaks of waking life. `message`: a chat message, a note or a model answer, read as waking
 * life until it says it tells a dream ("sonhei que…", "in the dream…").
 */
export type DistressContext = 'dream' | 'message';

// --- folding --------------------------------------------------------------------------------------------------

/** Phone spellings and short forms people type, written out so one pattern covers them (pt and en share a table). */
const SPELLINGS: Record<string, string> = {
  // pt-BR
  n: 'nao',
  nn: 'nao',
  naum: 'nao',
  nao: 'nao',
  q: 'que',
  qe: 'que',
  ki: 'que',
  pq: 'porque',
  vc: 'voce',
  vcs: 'voces',
  mt: 'muito',
  mto: 'muito',
  mta: 'muita',
  mts: 'muitos',
  qro: 'quero',
  kero: 'quero',
  qria: 'queria',
  qeria: 'queria',
  keria: 'queria',
  dnv: 'de novo',
  agr: 'agora',
  hj: 'hoje',
  ngm: 'ninguem',
  td: 'tudo',
  tds: 'todos',
  dps: 'depois',
  qnd: 'quando',
  qdo: 'quando',
  qndo: 'quando',
  qd: 'quando',
  msm: 'mesmo',
  vdd: 'verdade',
  tb: 'tambem',
  tbm: 'tambem',
  cmg: 'comigo',
  pra: 'para',
  pro: 'para o',
  aki: 'aqui',
  sla: 'sei la',
  // en (apostrophes are already gone: "can't" and "cant" both arrive here as "cant" or "can not")
  cannot: 'can not',
  cant: 'can not',
  dont: 'do not',
  didnt: 'did not',
  doesnt: 'does not',
  couldnt: 'could not',
  wont: 'will not',
  wouldnt: 'would not',
  isnt: 'is not',
  wasnt: 'was not',
  arent: 'are not',
  werent: 'were not',
  havent: 'have not',
  hadnt: 'had not',
  shouldnt: 'should not',
  aint: 'is not',
  im: 'i am',
  ive: 'i have',
  id: 'i would',
  ill: 'i will',
  wanna: 'want to',
  gonna: 'going to',
  gotta: 'got to',
  kms: 'kill myself',
  rn: 'right now',
  u: 'you',
  ur: 'your',
  whats: 'what is',
  thats: 'that is',
  theres: 'there is',
  shes: 'she is',
  youre: 'you are',
  theyre: 'they are',
  everyones: 'everyone is',
  cuz: 'because',
  coz: 'because',
  bc: 'because',
  tho: 'though',
  bf: 'boyfriend',
  gf: 'girlfriend',
  idk: 'i do not know',
};

/**
 * Lower case, accents off, contractions and phone spellings written out, laughter as one token (`risos`),
 * sentence ends as " . " and clause breaks as " , ", one space between tokens and one on each side.
 */
export function foldForDistress(text: string): string {
  let s = text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  s = s.replace(/[’‘`´]/g, "'");
  s = s
    .replace(/\bcan't\b/g, 'can not')
    .replace(/\bwon't\b/g, 'will not')
    .replace(/n't\b/g, ' not')
    .replace(/'m\b/g, ' am')
    .replace(/'re\b/g, ' are')
    .replace(/'ve\b/g, ' have')
    .replace(/'ll\b/g, ' will')
    .replace(/'d\b/g, ' would')
    .replace(/\b(he|she|it|that|there|what|who|everyone|nobody|someone)'s\b/g, '$1 is')
    .replace(/'s\b/g, '')
    .replace(/'/g, '');
  // Laughter marks a joke ("this is killing me lol"); a few rules ask for it. Before the repeated letters go.
  s = s.replace(/\b(?:k{2,}\w*|(?:ha){2,}h?|(?:he){3,}|(?:rs){2,}|lol|lmao|lmfao|rofl)\b/g, ' risos ');
  // "nãooo", "muitooo", "sooo": three or more of a letter are one.
  s = s.replace(/([a-z])\1{2,}/g, '$1');
  s = s.replace(/[.!?;\n\r…]+/g, ' . ').replace(/[,:()[\]"“”–—]+/g, ' , ');
  s = s.replace(/[^a-z0-9., ]+/g, ' ');
  const tokens: string[] = [];
  for (const token of s.split(' ')) {
    if (token) tokens.push(SPELLINGS[token] ?? token);
  }
  return ` ${tokens.join(' ')} `;
}

// --- rules ----------------------------------------------------------------------------------------------------

interface Rule {
  kind: DistressKind;
  /** Why it exists, in a few words (shown by the tests when a rule is missing). */
  id: string;
  /** A quick filter: the rule runs only on texts with one of these tokens (the patterns are the costly part). */
  needs: readonly string[];
  pattern: RegExp;
  /**
   * True when the words can be dream narration ("ele me batia", "i can't breathe", "queria morrer" in the past):
   * inside a dream frame the rule does not fire. Present wishes and plans ("quero morrer", "i want to die") stay
   * positives even in a dream report: nobody narrates a dream in that tense.
   */
  isDreamable: boolean;
  /** Idioms that start where the match ends ("sumir de vergonha", "dying of laughter"). */
  unlessAfter?: RegExp;
  /** The match counts only with one of these in its sentence (an intent cue for acts that are also accidents). */
  onlyWith?: RegExp;
  /** Jokes and harmless readings anywhere in the sentence ("laughing so hard I can't breathe"). */
  unlessWith?: RegExp;
}

/** Up to `n` words (never a clause break) between two parts of a phrase. */
const gap = (n: number) => `(?:[a-z0-9]+ ){0,${n}}`;
/** Up to `n` words, none of them a negation ("my husband would never hit me"). */
const plainGap = (n: number) => `(?:(?!nao |nunca |jamais |not |never )[a-z0-9]+ ){0,${n}}`;

/** A rule's pattern: whole tokens only (the folded text has a space on each side of every token). */
const phrase = (source: string) => new RegExp(`(?<= )(?:${source})(?= )`, 'g');

const PT_BE = '(?:eu )?(?:estou|to|tou|ando|vivo|fico)';
const PT_DEATH_WISH =
  '(?:morrer(?! de (?:rir|vergonha|fome|sede|sono|saudade|vontade|calor|frio|tedio|cansaco|raiva|medo|susto|tanto))|me matar(?! de (?:rir|vergonha|susto|raiva|tanto))|me suicidar|suicidio|(?:sumir|desaparecer)(?! (?:com|de vergonha|daqui|dali|de la|daquela sala|daquele lugar|da reuniao|do trabalho|da aula|numa|num|para(?! sempre)|em|no|na|um pouco|uns dias|um tempo|por uns|por um|de ferias))|deixar de existir|nao existir|nao acordar(?: mais)?|dormir e (?:nao|nunca mais) acordar|dormir para sempre|descansar para sempre|acabar com (?:a minha |minha |a )?vida|acabar com tudo|tirar (?:a )?(?:minha )?(?:propria )?vida|me jogar (?:de|da|do|na|no) [a-z]+|pular (?:de|da|do) [a-z]+)';
const PT_IDIOM_AFTER =
  /^ (?:de tanto|(?:de|da|do) (?:rir|risos|vergonha|fome|sede|sono|saudade|saudades|vontade|calor|frio|tedio|cansaco|raiva|inveja|curiosidade|amor|susto|medo|ciume|ciumes)) /;
const EN_DEATH_WISH =
  '(?:die|be dead|kill myself|unalive myself|overdose|hang myself|end (?:it all|my life|it|things|everything)|take my (?:own )?life|disappear(?! (?:into|to|for|on|in|from) )|not exist|stop existing|not be (?:here|alive)|not wake up|sleep forever|commit suicide|jump off (?:a|the|my) [a-z]+)';
const EN_DEATH_WISH_ING =
  '(?:dying|killing myself|unaliving myself|overdosing|hanging myself|taking all my pills|ending (?:it all|my life|it|things|everything)|taking my (?:own )?life|suicide|disappearing|not waking up|jumping off (?:a|the|my) [a-z]+)';
const EN_IDIOM_AFTER =
  /^ (?:(?:of|from|with) (?:embarrassment|shame)|of (?:laughter|laughing|embarrassment|boredom|hunger|thirst|curiosity|cringe|shame)|to (?:see|know|try|hear|meet|go|get|eat|tell|find)|for (?:a|an|some|the|this|that|it|one) |laughing) /;

/** Who hurts someone in waking life, as people name them. */
const PT_PERSON =
  '(?:(?:o |a )?(?:meu|minha) (?:marido|esposa|mulher|namorado|namorada|companheiro|companheira|ex|ex marido|ex namorado|pai|mae|padrasto|madrasta|irmao|irma|tio|tia|avo|primo|prima|chefe|patrao|patroa|sogro|sogra|parceiro|parceira|noivo|noiva|ficante|vizinho)|ele|ela|eles)';
const PT_HURTS_ME =
  'me (?:bate|batia|bateu|espanca|espancou|espancava|agride|agredia|agrediu|empurra|empurrou|empurrava|enforca|enforcou|estrangula|estrangulou|sufoca|sufocou|chuta|chutou|ameaca|ameacou|ameacava|estuprou|estupra|abusa|abusou|abusava|assedia|assediou|assediava|forca|forcou|forcava|toca|tocou|tocava|machuca|machucou|machucava|prende|prendeu|trancou|tranca|obriga|obrigou|obrigava|proibe|proibiu|humilha|humilhou|xinga|xingou|persegue|controla|vigia|ameacando|batendo|agredindo|empurrando|humilhando|xingando|perseguindo|vigiando|controlando|obrigando|forcando|estrangulando|enforcando|arrasta|arrastou|queimou|mordeu|cuspiu|jogou contra|joga contra|da tapa|deu (?:um )?tapa|deu um soco|bate em mim)|nao me deixa (?:sair|trabalhar|ver (?:meus|minha|minhas|meu)|falar com)|bate em mim|batia em mim|(?:abusa|abusava|abusou|abusaram|abusavam) de mim|bate (?:na gente|em nos|em mim e n[ao] minha [a-z]+|na minha [a-z]+ e em mim)';
const EN_PERSON =
  '(?:(?:my|our) (?:husband|wife|boyfriend|girlfriend|partner|ex|ex husband|ex wife|ex boyfriend|dad|father|mom|mum|mother|stepdad|stepfather|stepmom|stepmother|brother|sister|uncle|aunt|grandpa|grandfather|boss|fiance|fiancee|roommate|neighbor|cousin)|he|she|they)';
const EN_HURTS_ME =
  '(?:hits|hit|hitting|beats|beat|beating|chokes|choked|choking|strangled|strangles|slaps|slapped|punches|punched|kicks|kicked|pushes|pushed|shoves|shoved|hurts|hurt|rapes|raped|abuses|abused|touches|touched|threatens|threatened|locks|locked|grabs|grabbed|harasses|harassed|harassing|sexually harassing|forces|forced|makes|made|threw|throws|slammed|slams|dragged|drags|burned|bit|bites|spits on) me(?! (?:laugh|smile|happy|feel (?:better|good|safe|loved)|food|dinner|breakfast|coffee|a|an|some|so happy) )|(?:will not|does not|would not|never) let me (?:leave|go out|see my|talk to|have my)|(?:hits|hit|beats|beat|hurts|hurt) (?:my [a-z]+ and me|me and my [a-z]+|us)';

const SELF_HARM_CUE_PT =
  / (?:de novo|novamente|outra vez|voltei a|volto a|de proposito|escondid[oa]|ate sangrar|ate ficar|ate doer|para sentir|raiva de mim|mereco|quando fico|nao consigo parar|vontade de|quero|queria|penso em|pensei em|pensando em|pensar em|marcas|cicatriz|cicatrizes|sempre que|para me punir|me punir|aliviar|alivio|descontar|desabafar|sempre|vivo|parar de sentir|isqueiro|cigarro) /;
/** An accident in the sentence makes a cut or a burn an accident ("fell and cut my leg again"). */
const ACCIDENT_PT =
  / (?:cai|caiu|tropecei|escorreguei|sem querer|acidente|acidentalmente|fazendo comida|cozinhando|descascando|me barbeando|fazendo a barba) /;
const ACCIDENT_EN =
  / (?:fell|fall|falling|tripped|slipped|accident|accidentally|by accident|shaving|cooking|chopping|slicing|peeling|crashed|crash) /;
const SELF_HARM_CUE_EN =
  / (?:again|on purpose|deliberately|till|until|deserve|punish|punishing|when i feel|when i get|whenever|urge|want to|wanted to|thinking about|thought about|relapse|relapsed|scars|can not stop|every time|to feel something|to feel|keep|kept|always|cigarette|cigarettes|lighter) /;

// prettier-ignore
const RULE_SET: readonly (Omit<Rule, 'needs'> & { needs: string })[] = [
  // Suicide: wishes, plans and the indirect ways people say them. Present wishes fire even inside a dream report.
  { kind: 'suicide', id: 'pt present wish to die or vanish', needs: 'coragem quero queira quer vontade desejo penso pensa pensando planejando planejo pensado pensar pesquisando procurando', isDreamable: false,
    pattern: phrase(`(?:(?:quero|queira|quer|desejo|planejando|planejo)|(?:ter|tivesse|tenho|tive|falta|faltou) coragem (?:de|para)|(?:vontade|desejo) ${gap(2)}de|(?:penso|pensa|pensando|tenho pensado|pensar) ${gap(2)}em|(?:pesquisando|procurando|pensando em|penso em) (?:como|formas? de|jeitos? de|um jeito de)) (?:muito |so |apenas |mesmo |simplesmente |logo )?${PT_DEATH_WISH}`) },
  { kind: 'suicide', id: 'pt past or wistful wish to die or vanish', needs: 'queria quis gostaria pensei pensava pesquisei procurei', isDreamable: true, unlessWith: / risos /,
    pattern: phrase(`(?:queria|quis|gostaria de|(?:pensei|pensava) ${gap(2)}em|(?:pesquisei|procurei|pensei em) (?:como|formas? de|jeitos? de|um jeito de)) (?:muito |so |apenas |mesmo |simplesmente |logo )?${PT_DEATH_WISH}`) },
  { kind: 'suicide', id: 'pt wish that something would kill me', needs: 'que quando futuro imagino imaginando enterro velorio funeral', isDreamable: false, unlessWith: / risos /,
    pattern: phrase(`(?:queria|quero|tomara|torco para|rezo para) que ${gap(3)}me (?:atropelasse|atropele|matasse|mate|levasse|leve|acertasse)|(?:para|pra) quando eu (?:for|partir|morrer|nao estiver mais aqui)(?= (?:[.,] |$))|nao (?:vejo|tenho|ha|existe) (?:mais )?(?:nenhum )?futuro (?:nenhum |algum )?(?:para mim|pra mim)?(?= (?:[.,] |$))|(?:imagino|imaginando|penso no|pensando no|fico imaginando) (?:o )?meu (?:proprio )?(?:enterro|velorio|funeral)`) },
  { kind: 'suicide', id: 'pt I will kill myself', needs: 'vou', isDreamable: false,
    pattern: phrase('(?:vou|eu vou|acho que vou|vou acabar) (?:me matar|me suicidar|acabar com (?:a minha |minha |a )?vida|tirar (?:a )?minha (?:propria )?vida|acabar com tudo|me jogar)') },
  { kind: 'suicide', id: 'pt no longer want to live', needs: 'nao', isDreamable: false,
    pattern: phrase('nao (?:quero|queria|aguento|consigo|tenho forcas para) (?:mais )?(?:viver|estar aqui|existir|acordar|continuar|continuar vivendo|continuar vivo|continuar viva|seguir)(?: mais)?') },
  { kind: 'suicide', id: 'pt no longer want to live (mais first)', needs: 'vida forca forcas', isDreamable: false,
    pattern: phrase('nao (?:quero|aguento) mais (?:essa|esta|minha|a) vida|nao (?:tenho|tenho mais|sinto) (?:mais )?forcas? (?:para|de) (?:continuar|viver|seguir|lutar)') },
  { kind: 'suicide', id: 'pt what am I alive for', needs: 'vivo viva aqui vivendo viver', isDreamable: false,
    pattern: phrase('(?:para que|porque|por que) (?:eu )?(?:ainda )?(?:estou|to|continuo|sigo|fico) (?:vivo|viva|aqui|vivendo)|(?:para que|porque|por que) (?:continuar )?viver') },
  { kind: 'suicide', id: 'pt I cannot take it anymore', needs: 'aguento suporto', isDreamable: false,
    pattern: phrase('nao (?:aguento|suporto) mais (?:nada|tudo isso|isso tudo|de tanto sofrer|sofrer|essa dor|tanta dor)|nao (?:aguento|suporto) mais(?= (?:[.,] |$))') },
  { kind: 'suicide', id: 'pt I want the pain to stop', needs: 'que', isDreamable: false,
    pattern: phrase('(?:quero|queria|so quero|so queria) que (?:(?:essa dor|essa dor toda|o sofrimento|esse sofrimento|essa vida|minha vida|a minha vida|tudo isso) (?:acabe|acabasse|pare|parasse|termine|terminasse)|a dor (?:parasse|acabasse|pare|acabe) (?:de vez|para sempre))') },
  { kind: 'suicide', id: 'pt no reason to go on', needs: 'motivo motivos razao razoes sentido porque', isDreamable: false,
    pattern: phrase('(?:sem|nao (?:tenho|tem|vejo|encontro|acho|existe|ha|sei)(?: mais)?(?: nenhum| nenhuma| um| uma| o)?) (?:motivos?|razao|razoes|sentido|porque|por que) (?:para |de |em )?(?:viver|continuar|continuar vivendo|seguir vivendo|seguir em frente|estar vivo|estar viva|existir|acordar)|nao faz (?:mais )?sentido (?:continuar|viver|nada|seguir|existir|eu estar aqui)') },
  { kind: 'suicide', id: 'pt attempts and plans', needs: 'tomei corda joguei jogar jogando tentei tentar tentando overdose tentativa separei juntei guardei juntando guardando acumulando enforcar',
    isDreamable: true,
    pattern: phrase('(?:quase|tentei|tentar|tento) (?:me jogar|me joguei|me matar|me enforcar|tomar todos|me cortar)|me (?:jogar|joguei|jogando) na frente (?:do|de um|de uma|da) [a-z]+|tentativa de suicidio|overdose de proposito|tomei (?:uma |a )?(?:cartela|caixa) (?:inteira )?(?:de |do )?(?:remedio|remedios|comprimidos|rivotril|calmante|calmantes)|tomei (?:todos os|todas as|varios|muitos|um monte de) (?:remedios|comprimidos|calmantes)|(?:tentei|tentar|tentando) (?:uma )?overdose|(?:separei|juntei|guardei|juntando|guardando|acumulando) (?:os |uns |varios |todos os |muitos |umas |as )?(?:comprimidos|remedios|pilulas|cartelas)|me enforcar|(?:a )?corda (?:ja )?(?:esta|ta) pronta') },
  { kind: 'suicide', id: 'pt tired of living', needs: 'viver existir vivo viva vida', isDreamable: false,
    pattern: phrase(`(?:cansei|${PT_BE} cansad[oa]|${PT_BE} exaust[oa]|cansad[oa]) de (?:viver|existir|estar vivo|estar viva|essa vida|tudo isso e de viver)`) },
  { kind: 'suicide', id: 'pt no reason, no sense, no way out', needs: 'nao', isDreamable: false,
    pattern: phrase('nao (?:tenho|tem|vejo|encontro|acho) (?:mais )?(?:vontade de viver|motivo para viver|razao para viver|sentido (?:em nada|nenhum|na vida|na minha vida|em viver|em continuar|em mais nada)|mais sentido|porque continuar|por que continuar|saida|razao para continuar)') },
  { kind: 'suicide', id: 'pt life has no meaning', needs: 'vida viver sentido', isDreamable: false,
    pattern: phrase('(?:minha )?vida (?:nao tem|perdeu|sem) (?:mais |nenhum |o |a )?(?:sentido|graca)|sem (?:nenhuma |a menor |mais )?vontade (?:nenhuma |alguma )?de viver|nada mais faz sentido|nada faz mais sentido') },
  { kind: 'suicide', id: 'pt everyone better off without me', needs: 'mim', isDreamable: false,
    pattern: phrase(`(?:todo mundo|todos|minha familia|o mundo|as pessoas|eles|voces) ${gap(1)}(?:ficaria|ficariam|estaria|estariam|seria|seriam|viveria|viveriam|vai ficar|vao ficar) ${gap(1)}(?:melhor|melhores|mais feliz|mais felizes|em paz) sem mim`) },
  { kind: 'suicide', id: 'pt better if I did not exist', needs: 'melhor facil simples alivio', isDreamable: false,
    pattern: phrase(`(?:melhor|mais facil|mais simples|alivio) ${gap(2)}(?:se )?(?:eu )?(?:simplesmente |so )?(?:nao ter acordado|nunca ter acordado|nao ter nascido|nao estar aqui|nao estar viv[oa]|estar mort[oa]|nao acordar|nao existir|nao existisse|nao estivesse aqui|morresse|sumisse|deixasse de existir|desaparecesse|sumir de vez|nao tivesse nascido|eu sumir|eu morrer)`) },
  { kind: 'suicide', id: 'pt nobody would miss me', needs: 'ninguem', isDreamable: false,
    pattern: phrase(`(?:ninguem ${gap(2)}(?:liga|ligaria|ligar|se importa|se importaria|se importar|sentiria falta|sentir (?:a )?(?:minha )?falta|perceberia|perceber|notaria|notar|nota|percebe|sente falta) ${gap(2)}se eu (?:morresse|sumisse|morrer|sumir|fosse embora|nao estivesse|desaparecesse)|se eu (?:morresse|sumisse|desaparecesse) ${gap(2)}ninguem (?:ia|iria|vai) (?:ligar|sentir|perceber|notar|se importar))`) },
  { kind: 'suicide', id: 'pt I am a burden', needs: 'peso fardo', isDreamable: false,
    pattern: phrase('(?:sou|me sinto|sinto que sou|eu sou|minha existencia e|minha vida e|eu so sou) (?:so |apenas )?(?:um |uma )?(?:peso|fardo|estorvo) (?:para|na vida d)') },
  { kind: 'suicide', id: 'pt thoughts of suicide or death', needs: 'pensamentos pensamento ideias ideia ideacao suicidio suicida', isDreamable: false,
    pattern: phrase(`(?:pensamentos?|ideias?|ideacao) (?:de |sobre )?(?:morte|morrer|suicidio|suicidas?|me matar)|(?:penso|pensei|pensando|pensar|pensava) ${gap(1)}(?:em |no )?(?:suicidio|me suicidar)|(?:sou|estou|to|me sinto|ando|fico|eu sou) suicida`) },
  { kind: 'suicide', id: 'pt should not have been born', needs: 'nascido', isDreamable: false,
    pattern: phrase('(?:nao devia|nao deveria|nunca devia|nunca deveria) ter nascido|(?:queria|quero|preferia) (?:nunca |nao )ter nascido') },
  { kind: 'suicide', id: 'pt I want it all to end', needs: 'tudo despedida', isDreamable: false,
    pattern: phrase('(?:quero|queria|so quero) que tudo (?:acabe|acabasse|termine|terminasse)|(?:ja |eu )?(?:escrevi|deixei|fiz) (?:uma )?carta de despedida') },
  { kind: 'suicide', id: 'pt pills all at once', needs: 'tomar', isDreamable: false,
    pattern: phrase(`(?:remedios|comprimidos|pilulas|cartelas?) ${gap(2)}(?:para |de )?tomar ${gap(2)}(?:tudo|todos|todas) de uma vez|tomar (?:todos os|todas as|a caixa de|a cartela de) (?:remedios|comprimidos|pilulas)`) },

  { kind: 'suicide', id: 'en present wish to die or vanish', needs: 'want wish like need going plan planning thinking think thoughts hope am will feel wishing hoping', isDreamable: false, unlessAfter: EN_IDIOM_AFTER,
    pattern: phrase(`(?:i |just |really |honestly |sometimes i |i just )?(?:want|wish|would like|need|plan|am planning|planning) (?:to )?(?:just |really |honestly )?${EN_DEATH_WISH}|(?:thinking|think|thoughts|feel like|felt like) (?:about |of )?(?:just |seriously )?${EN_DEATH_WISH_ING}|(?:wish|wishing|hope|hoping) i (?:could |would |will |could just )?(?:just )?(?:disappear|die|be dead|not wake up|wake up dead|never wake up|not exist|stop existing)|(?:wish|hope) i (?:do not|would not|will not|did not|never) wake up|i (?:am|will|am just) (?:going to )?(?:kill myself|end (?:it all|my life|it|things|everything)|take my (?:own )?life|commit suicide)`) },
  { kind: 'suicide', id: 'en wish that something would kill me, last days', needs: 'wish hope pray will would picturing picture imagining imagine need care cares wake', isDreamable: false, unlessWith: / risos /,
    pattern: phrase(`(?:wish|hope|pray) ${gap(3)}(?:would|will|could) (?:hit|kill|take) me|(?:wish|hope) i (?:get|got|would get) (?:hit|run over|killed)|(?:do not think|not sure|doubt) i (?:will|would|am going to) (?:be here|be around|be alive|last|make it) (?:much |for |a lot )?(?:longer|long|another [a-z]+)|will not be (?:here|around|alive) (?:much |for )?(?:longer|long)|(?:picture|picturing|imagine|imagining) my (?:own )?(?:funeral|death|grave)|(?:the world|nobody|no one|noone) (?:does not|do not|would not|will not) (?:need|miss) me|(?:nobody|no one|noone) (?:cares|would care|will care|would even care) (?:if|whether) i (?:live or die|die|am dead|am gone|disappear|kill myself)|(?:and|then|to) (?:never|not) wake up(?: again)?`) },
  { kind: 'suicide', id: 'en how to end my life', needs: 'to', isDreamable: false,
    pattern: phrase(`(?:thinking|thought|think|searching|searched|googling|googled|looking up|looked up|planning|planned|figuring out|researching|researched|read|reading) (?:about |up )?(?:how|ways|the best way|the easiest way|a way) to ${EN_DEATH_WISH}|(?:painless|easy|easiest|quick|quickest|best) (?:ways?|methods?) to (?:die|go|do it|end it|kill myself)|how to kill myself`) },
  { kind: 'suicide', id: 'en putting affairs in order', needs: 'will giving', isDreamable: false, onlyWith: / (?:goodbye|not be here|be gone|when i am gone|last|final|for good) /,
    pattern: phrase('(?:wrote|written|writing|made|updated|finished) (?:my|a) will|giving away my (?:things|stuff|belongings|pets)') },
  { kind: 'suicide', id: 'en attempts', needs: 'tried try trying attempted attempt overdose overdosed overdosing took take taking',
    isDreamable: true,
    pattern: phrase('(?:tried|try|trying|attempted|attempt) to (?:kill myself|overdose|od|end (?:it|it all|my life)|hang myself|take my (?:own )?life)|overdos(?:e|ed|ing) on purpose|suicide attempt|(?:take|took|taking) (?:all|all of) (?:my|the) (?:pills|meds|sleeping pills)') },
  { kind: 'suicide', id: 'en past wish to die or vanish', needs: 'wanted wished planned thought', isDreamable: true, unlessAfter: EN_IDIOM_AFTER, unlessWith: / risos /,
    pattern: phrase(`(?:wanted|wished|planned) (?:to )?(?:just )?${EN_DEATH_WISH}|thought (?:about |of )(?:just )?${EN_DEATH_WISH_ING}|wished i (?:had not|would not|did not|could not|never) (?:woken|wake|woke|been born)`) },
  { kind: 'suicide', id: 'en no longer want to live', needs: 'not', isDreamable: false,
    pattern: phrase('(?:do not|does not) want to (?:live|be alive|exist|wake up|go on|keep going|keep living)|(?:do not|does not) want to be here (?:anymore|any more)|can not (?:go on|keep living|keep going|live like this|do this anymore|take (?:it|this) anymore|do this any more)') },
  { kind: 'suicide', id: 'en everyone better off without me', needs: 'without if', isDreamable: false,
    pattern: phrase(`(?:better off|happier|better|easier) ${gap(2)}(?:without me|if i (?:just |simply |finally )?(?:was|were|am) (?:gone|dead|not around|not here|never born|not alive)|if i (?:just |simply |finally )?(?:died|disappeared|killed myself|did not exist|was not (?:here|around)|were not (?:here|around)|left forever))`) },
  { kind: 'suicide', id: 'en nobody would notice if I was gone', needs: 'nobody one noone', isDreamable: false,
    pattern: phrase(`(?:nobody|no one|noone) ${gap(2)}(?:notice|care|miss me|even notice)${gap(3)} if i (?:was|were|am|died|disappeared|left|killed)`) },
  { kind: 'suicide', id: 'en I am a burden', needs: 'burden', isDreamable: false,
    pattern: phrase('(?:i am|i feel like|feel like|i feel like i am) (?:such |just |only )?a burden') },
  { kind: 'suicide', id: 'en life not worth living, no reason, no point', needs: 'worth reason point way except other', isDreamable: false,
    pattern: phrase(`(?:life|living|my life) (?:is not|is no longer|not) worth (?:living|it)|(?:no|not any|not a single) (?:reason|point) (?:for me )?(?:to be alive|to be here|to exist|to live|in living|to go on|of living|to keep going|in going on|in being alive|in anything)|what is the point (?:of|in) (?:living|going on|anything|life|being alive|it all)|(?:do not|can not) see (?:a|any) way out|(?:except|other than|but) (?:dying|death|killing myself|ending it)|only way out|(?:do not|can not|no longer) see (?:the|any) point (?:in|of) (?:anything|living|life|going on|being alive)|no way out`) },
  { kind: 'suicide', id: 'en tired of living, done with life', needs: 'tired sick done rather wish should', isDreamable: false,
    pattern: phrase('(?:tired|sick) of (?:living|being alive|life|existing)|done with (?:life|living)|(?:would rather|rather) be dead|wish i (?:was|were) (?:dead|never born)|should (?:not|never) have been born') },
  { kind: 'suicide', id: 'en suicidal thoughts, notes, plans', needs: 'suicidal thoughts goodbye suicide planning stockpiling saving saved hoarding stop end wake can rope noose', isDreamable: false,
    pattern: phrase(`(?:feel|am|feeling|been|get|getting) suicidal|suicidal (?:thoughts|feelings)|thoughts of ${EN_DEATH_WISH_ING}|(?:goodbye|suicide) (?:letter|note)|planning (?:how|when) to do it|(?:the|a|my) (?:rope|noose) (?:is )?ready|(?:tied|made|tying|making) a noose|(?:stockpiling|saving|saved|hoarding) (?:up )?(?:pills|meds)|want (?:it all|everything|it|this|all of it|all this|all this pain|the pain) to (?:stop|end)|(?:sleep|go to sleep|fall asleep) (?:and|then) (?:never|not) wake up|(?:do not think|do not know if|not sure) i can (?:keep going|go on|keep living|do this anymore|take (?:it|this) anymore|last much longer)`) },

  // Self-harm: the act with a cue of intent in its sentence ("me cortei fazendo comida" is an accident).
  { kind: 'self_harm', id: 'pt self-harm act with intent', needs: 'me cortei queimei arranhei cortar queimar arranhar batendo bater bati bato', isDreamable: false, onlyWith: SELF_HARM_CUE_PT, unlessWith: ACCIDENT_PT,
    pattern: phrase('me (?:cortei|corto|cortando|cortar|machuquei|machuco|machucando|machucar|queimei|queimo|queimando|queimar|arranhei|arranho|arranhando|arranhar|belisco|beliscando|belisquei|beliscar|mordo|mordendo|mordi|morder|bato|batendo|bati|bater|punir|punindo)|(?:cortei|queimei|arranhei|cortar|queimar|arranhar) (?:o |a |os |as )?(?:meu |minha |meus |minhas )?(?:braco|bracos|pulso|pulsos|perna|pernas|pele|coxa|coxas|mao|barriga)|(?:batendo|bater|bati|bato) (?:a |minha )?cabeca') },
  { kind: 'self_harm', id: 'pt self-harm named', needs: 'cortei cortar corto cortando automutilacao automutilar mutilacao mutilar lesao marcas cicatrizes automutilando automutilei automutilo', isDreamable: false,
    pattern: phrase('(?:cortei|cortar|corto|cortando) (?:os |o |meus |meu |os meus |o meu )?pulsos?|auto ?mutilacao|auto ?mutilar|me automutil[a-z]*|automutil[a-z]*|auto ?lesao|(?:marcas|cicatrizes) (?:dos|de) cortes') },
  { kind: 'self_harm', id: 'en self-harm act with intent', needs: 'myself my wall head', isDreamable: false, onlyWith: SELF_HARM_CUE_EN, unlessWith: ACCIDENT_EN,
    pattern: phrase('(?:cut|cuts|cutting|hurt|hurts|hurting|harm|harming|burn|burned|burnt|burning|scratch|scratched|scratching|hit|hitting|starve|starved|starving|punish|punishing) myself|(?:burn|burned|burnt|scratch|scratched|scratching|cut|cutting) my (?:arm|arms|wrist|wrists|leg|legs|skin|thigh|thighs)|(?:punch|punched|punching|hit|hitting) (?:the )?wall|(?:bang|banged|banging|hit|hitting) my head') },
  { kind: 'self_harm', id: 'en self-harm named', needs: 'wrist wrists self cutting scars cuts urge relapsed relapse', isDreamable: false,
    pattern: phrase('(?:cut|cuts|cutting|slit|slitting|slashed) (?:my |both )?wrists?|relapsed?(?: and| on| with)? (?:cut|cutting|self harm|self harming|harming|hurting myself|burned|burning)|self (?:harm|harming|harmed|injury|injuring)|(?:been|started|keep|kept|thinking about|thought about) cutting(?! (?:a|an|the|some|it|this|that|his|her|their|our|your|into|through|up|down|off|out|open|class|school|corners|ties|back|in|across|along|paper|hair|wood|bread|cake|meat|vegetables|onions|grass|trees))|urge to (?:cut|hurt myself|self harm)|cutting again|hide (?:the|my) (?:scars|cuts)') },

  // Abuse: someone in the user's waking life hurts or threatens them. Told in a dream, it is the dream's.
  { kind: 'abuse', id: 'pt someone hurts me', needs: 'me mim gente nos', isDreamable: true, unlessWith: / (?:sem querer|travesseiro|almofada) /,
    pattern: phrase(`${PT_PERSON} ${plainGap(4)}(?:${PT_HURTS_ME})`) },
  { kind: 'abuse', id: 'pt I am being hurt or threatened', needs: 'sendo fui sou sofro sofri sofrendo violencia relacionamento apanho apanhava apanhei apanhando', isDreamable: true,
    pattern: phrase('(?:sendo|fui|sou|to sendo|estou sendo) (?:ameacad[oa]|agredid[oa]|abusad[oa]|espancad[oa]|assediad[oa]|estuprad[oa]|violentad[oa]|perseguid[oa] (?:pelo|pela|por) (?:meu|minha)|abusad[oa] sexualmente)|(?:sofro|sofri|sofrendo) (?:abuso|abusos|violencia|agressao|agressoes|assedio)|(?:vivo|vivi|passo|passei|passando|estou|to|estava|sai|saindo|preso|presa) (?:por |em |de |num |numa )?(?:uma |um )?(?:violencia domestica|relacionamento abusivo)|meu (?:relacionamento|casamento|namoro) (?:e|ta|esta) abusivo|(?:apanho|apanhava|apanhei|apanhando) (?:do|da|de|dele|dela|em casa|muito|todo|toda|sempre)') },
  { kind: 'abuse', id: 'pt threatened with death', needs: 'matar fica medo disse falou ameacou ameaca jurou diz fala', isDreamable: true,
    unlessAfter: PT_IDIOM_AFTER,
    pattern: phrase(`(?:disse|falou|ameacou|ameaca|jurou|diz|fala) (?:que )?(?:vai |ia |iria )?me matar|(?:disse|falou|ameacou|ameaca|jurou|diz|fala) (?:que )?se eu ${gap(5)}(?:ele |ela )?(?:me mata|me matava|vai me matar|me machuca|me bate|me espanca)|medo (?:de )?(?:que )?(?:ele|ela|meu [a-z]+|minha [a-z]+) (?:me mate|me machuque|me bata|va me matar|me mata)|(?:ele|ela|meu [a-z]+|minha [a-z]+) fica (?:violent|agressiv)[oa]`) },
  { kind: 'abuse', id: 'pt hiding from someone at home', needs: 'trancada trancado escondida escondido gritando batendo quebrando', isDreamable: true,
    onlyWith: / (?:medo|socorro|violento|violenta|bebado|bebada|apavorad[oa]) /,
    pattern: phrase('(?:ele|ela|meu [a-z]+|minha [a-z]+) (?:ta|esta|fica|tava|estava) (?:gritando e )?(?:batendo na porta|quebrando tudo|quebrando as coisas|me ameacando|me procurando)|(?:trancad[oa]|escondid[oa]) (?:no|na) (?:banheiro|quarto|casa)') },
  { kind: 'abuse', id: 'en someone hurts me', needs: 'me us', isDreamable: true, unlessWith: / (?:pillow|pillows|accident|accidentally|playing|tickle|tickled|risos) /,
    pattern: phrase(`${EN_PERSON} ${plainGap(4)}(?:keeps |kept |always |sometimes |still )?(?:${EN_HURTS_ME})`) },
  { kind: 'abuse', id: 'en someone comes into my room', needs: 'room bed stop', isDreamable: true,
    pattern: phrase(`${EN_PERSON} ${plainGap(2)}(?:comes|came|sneaks|snuck|gets|got) into my (?:room|bed)|can not stop (?:him|her|them) from|(?:ele|ela|meu [a-z]+|minha [a-z]+) (?:entra|entrava|vem) (?:no meu quarto|na minha cama)`) },
  { kind: 'abuse', id: 'en I am being abused or threatened', needs: 'being was got been abusive domestic stalking stalks', isDreamable: true,
    pattern: phrase('being (?:abused|threatened|stalked|beaten|harassed|raped)|(?:was|got|been|being) (?:raped|sexually assaulted|molested|sexually abused)|(?:in|with|left|leaving|escape|escaping|stuck in|trapped in) (?:an |a |my )?abusive (?:relationship|marriage|partner|husband|boyfriend|girlfriend|wife|home|family)|my (?:abusive|violent) (?:husband|partner|boyfriend|girlfriend|wife|ex|dad|father|mom|mother|stepdad)|(?:victim of|suffering|experiencing|going through|living with|i am in) (?:domestic )?(?:violence|abuse)|(?:stalking|stalks) me') },
  { kind: 'abuse', id: 'en threatened with death', needs: 'kill hurt violent aggressive', isDreamable: true,
    pattern: phrase('(?:said|says|threatened|swore|swears) (?:that )?(?:he|she|they) (?:will|would|is going to|was going to) (?:kill|hurt) me|(?:threatened|threatens) to (?:kill|hurt) me|(?:scared|afraid|terrified|worried) (?:that )?(?:he|she|they|my [a-z]+) (?:will|would|is going to|might|could) (?:kill|hurt|hit|beat) me|(?:he|she|they) (?:gets|get) (?:violent|aggressive)') },

  // Acute panic, now. Told in a dream ("sonhei que tinha uma crise") it is the dream's.
  { kind: 'panic', id: 'pt panic attack now', needs: 'crise ataque hiperventilando hiperventilar hiperventilei hiperventilacao hiperventilo', isDreamable: true,
    pattern: phrase(`(?:estou|to|tou|tendo|entrando em|comecando|comecou|em|to em|estou em|com) (?:uma |um |outra |outro )?(?:crise|ataque) de (?:panico|ansiedade)|(?:crise|ataque) de (?:panico|ansiedade) (?:de novo|agora|outra vez|novamente)|hiperventil[a-z]+`) },
  { kind: 'panic', id: 'pt cannot breathe, dying now', needs: 'respirar tremer acalmar ar morrer morrendo desmaiar enfartar enfartando infarto ataque', isDreamable: true, unlessWith: / (?:risos|rindo|rir|subi|escada|escadas|corri|correndo|corrida|academia|treino|exercicio|gripe|gripad[oa]|resfriad[oa]|asma|covid) /, unlessAfter: PT_IDIOM_AFTER,
    pattern: phrase(`nao (?:consigo|to conseguindo|estou conseguindo) (?:respirar|parar de tremer|me acalmar)|(?:me )?(?:falta|faltando) (?:de )?ar|(?:acho|sinto|parece|achando|sentindo) ${gap(1)}que (?:eu )?(?:vou|to|estou) (?:morrer|morrendo|desmaiar|enfartar|enfartando|tendo um infarto|ter um infarto|tendo um ataque)`) },
  { kind: 'panic', id: 'en panic attack now', needs: 'panic anxiety hyperventilating hyperventilate hyperventilated hyperventilation', isDreamable: true,
    pattern: phrase('(?:having|have|in the middle of|another|getting|am in) (?:a |an )?(?:panic|anxiety) attack|(?:panic|anxiety) attacks? (?:again|right now|now)|hyperventilat[a-z]+') },
  { kind: 'panic', id: 'en cannot breathe, dying now', needs: 'breathe shaking calm dying die pass heart', isDreamable: true, unlessWith: / (?:risos|laughing|laugh|laughed|ran|running|run|stairs|gym|workout|cold|flu|asthma|covid) /, unlessAfter: EN_IDIOM_AFTER,
    pattern: phrase(`can not (?:breathe|stop shaking|calm down)|(?:think|feel like|feels like) (?:i am|i) (?:dying|going to die|going to pass out|having a heart attack|about to die)`) },
];

const RULES = RULE_SET.map((rule) => ({ ...rule, needs: rule.needs.split(' ') }));
/** Every rule's id, to check that each one earns its place (distress.test.ts). */
export const DISTRESS_RULE_IDS: readonly string[] = RULES.map((rule) => rule.id);

// --- negation and the dream frame -----------------------------------------------------------------------------

/** A negation up to four words before a match, in its clause, denies it ("não quero morrer", "never thought about"). */
const NEGATORS = new Set(['nao', 'nunca', 'jamais', 'nem', 'not', 'never']);
/** "não sei por que quero morrer", "i do not know why i want to die": the negation is about knowing. */
const NOT_NEGATED_AFTER = new Set([
  'sei',
  'know',
  'sure',
  'entendo',
  'understand',
  'lembro',
  'remember',
  'paro',
  'stop',
]);
const CLAUSE_BREAKS = new Set([',', '.', 'mas', 'but', 'porem', 'though']);
const NEGATION_WINDOW = 4;

function isNegated(folded: string, start: number): boolean {
  const before = folded
    .slice(Math.max(0, start - 80), start)
    .trim()
    .split(' ');
  let words = 0;
  for (let i = before.length - 1; i >= 0 && words < NEGATION_WINDOW; i--) {
    const token = before[i] ?? '';
    if (CLAUSE_BREAKS.has(token)) return false;
    const next = before[i + 1] ?? '';
    // "não consigo parar de pensar em…", "can not stop thinking about…" deny nothing.
    const isCannotStop = (next === 'consigo' || next === 'can') && ['parar', 'stop'].includes(before[i + 2] ?? '');
    if (NEGATORS.has(token) && !NOT_NEGATED_AFTER.has(next) && !isCannotStop) return true;
    words++;
  }
  return false;
}

/** "asked if I wanted to hurt myself and I said no": the words are a question the writer answered no to. */
const ANSWERED_NO =
  / (?:i said no|i answered no|i told (?:her|him|them) no|eu disse que nao|eu falei que nao|disse que nao|falei que nao|respondi que nao) /;

function isAnsweredNo(folded: string, end: number): boolean {
  const sentenceEnd = folded.indexOf(' . ', end);
  return ANSWERED_NO.test(folded.slice(end - 1, sentenceEnd === -1 ? folded.length : sentenceEnd + 1));
}

/** Words that start telling a dream. */
const DREAM_MARKERS = phrase(
  'sonhei|sonhava|sonhando|no sonho|num sonho|no meu sonho|em sonho|nesse sonho|neste sonho|o sonho|tive um sonho|no pesadelo|pesadelo|pesadelos|dreamt|dreamed|dreaming that|in (?:the|my|this|that) (?:dream|nightmare)|had a dream|a dream (?:where|that|about)|nightmare|nightmares',
);
/** Words that place a dream's event even when they come after it ("a monster was choking me in my dream"). */
const DREAM_PLACE =
  /^(?:no sonho|num sonho|no meu sonho|em sonho|nesse sonho|neste sonho|no pesadelo|in (?:the|my|this|that) (?:dream|nightmare))$/;
/**
 * Words that bring the text back to waking life: waking up, "now", "for real", habits ("quando bebe", "sempre",
 * "every time") and "I keep dreaming about it" (about a real event, not a narration).
 */
const WAKE_MARKERS = phrase(
  'acordei|acordo|acordar|acordada|acordado|na vida real|de verdade|agora|hoje em dia|ultimamente|ainda|sempre|todo dia|todos os dias|toda vez|toda noite que|quando bebe|quando ele bebe|quando ela bebe|desde pequen[oa]|desde crianca|woke|wake|awake|waking|in real life|irl|for real|right now|now|lately|these days|still|always|every day|every time|when he drinks|when she drinks|since i was|keep dreaming|sonho (?:muito )?com isso',
);

interface Marker {
  at: number;
  isDream: boolean;
  isPlace: boolean;
}

function findMarkers(folded: string): Marker[] {
  const markers: Marker[] = [];
  for (const match of folded.matchAll(DREAM_MARKERS)) {
    markers.push({ at: match.index, isDream: true, isPlace: DREAM_PLACE.test(match[0]) });
  }
  for (const match of folded.matchAll(WAKE_MARKERS)) markers.push({ at: match.index, isDream: false, isPlace: false });
  return markers.sort((a, b) => a.at - b.at);
}

/** Whether the words at `start` are told as part of a dream. */
function isInDream(folded: string, markers: Marker[], start: number, end: number, context: DistressContext): boolean {
  const sentenceStart = folded.lastIndexOf(' . ', start) + 1;
  const found = folded.indexOf(' . ', end);
  const sentenceEnd = found === -1 ? folded.length : found;
  let last: Marker | undefined;
  for (const marker of markers) {
    if (marker.at >= start) break;
    last = marker;
  }
  if (last && last.at >= sentenceStart) return last.isDream;
  for (const marker of markers) {
    if (marker.at < end) continue;
    if (marker.at >= sentenceEnd) break;
    if (!marker.isDream || marker.isPlace) return marker.isDream;
  }
  return last ? last.isDream : context === 'dream';
}

// --- the detector ---------------------------------------------------------------------------------------------

export interface DistressMatch {
  kind: DistressKind;
  rule: string;
  /** The folded words that fired. */
  words: string;
}

/** Every rule that fires on a text, with the words it fired on (the tests and the decision record use it). */
export function explainDistress(text: string, options: { context?: DistressContext } = {}): DistressMatch[] {
  const context = options.context ?? 'message';
  const folded = foldForDistress(text);
  const tokens = new Set(folded.split(' '));
  let markers: Marker[] | undefined;
  const found: DistressMatch[] = [];
  for (const rule of RULES) {
    if (!rule.needs.some((token) => tokens.has(token))) continue;
    if (rule.onlyWith && !rule.onlyWith.test(folded)) continue;
    for (const match of folded.matchAll(rule.pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (rule.unlessAfter?.test(folded.slice(end, end + 40))) continue;
      if (rule.onlyWith || rule.unlessWith) {
        const sentence = sentenceAround(folded, start, end);
        if (rule.onlyWith && !rule.onlyWith.test(sentence)) continue;
        if (rule.unlessWith?.test(sentence)) continue;
      }
      if (isNegated(folded, start) || isAnsweredNo(folded, end)) continue;
      if (rule.isDreamable) {
        markers ??= findMarkers(folded);
        if (isInDream(folded, markers, start, end, context)) continue;
      }
      found.push({ kind: rule.kind, rule: rule.id, words: match[0] });
      break;
    }
  }
  return found;
}

function sentenceAround(folded: string, start: number, end: number): string {
  const from = folded.lastIndexOf(' . ', start);
  const to = folded.indexOf(' . ', end);
  return folded.slice(from === -1 ? 0 : from, to === -1 ? folded.length : to + 1);
}

/**
 * Whether a text shows crisis or distress in the writer's waking life: suicidal ideation, self-harm, abuse or
 * violence happening to them, acute panic. Not idioms, not a frightening dream's events, not what a negation denies.
 */
export function assessDistress(text: string, options: { context?: DistressContext } = {}): DistressAssessment {
  const kinds = new Set(explainDistress(text, options).map((match) => match.kind));
  const ordered = DISTRESS_KINDS.filter((kind) => kinds.has(kind));
  return { isDistress: ordered.length > 0, kinds: ordered };
}
