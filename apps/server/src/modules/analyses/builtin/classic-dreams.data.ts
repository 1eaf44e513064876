// The classic dreams' table: their ids, the patterns that recognise each (classic-dreams.ts reads them) and the note
// on what people and research commonly associate with each.
import type { Bilingual } from './lexicon.ts';

export const CLASSIC_DREAM_IDS = [
  'teeth',
  'chase',
  'falling',
  'flying',
  'exposure',
  'exam_unprepared',
  'late',
  'lost_searching',
  'trapped_paralysed',
  'device_failure',
  'water_rising',
  'car_out_of_control',
  'deceased_visit',
  'pregnancy_baby',
  'ex_partner',
  'unknown_rooms',
] as const;
export type ClassicDreamId = (typeof CLASSIC_DREAM_IDS)[number];

export type Rule = {
  /** The event, in either language (a dream is read with both: the patterns are too specific to collide). */
  events: string[];
  /** Idioms and other senses whose words are not the event ("caí no sono", "fell asleep", "flying a kite"). */
  traps?: string[];
  /** What must also be in the dream, within `reach` sentences of the event (a device beside "não ligava"). */
  context?: { patterns: string[]; reach: number };
  /**
   * Events that count only with their own context near ("they followed me" with a flight or fear within a sentence:
   * "I walked faster… and locked the door"), beside the rule's context when it has one.
   */
  guarded?: { events: string[]; near: string[]; reach: number }[];
  /** A scene that makes the event another thing, within `reach` sentences (flying in a plane, water in a hot tub). */
  against?: { patterns: string[]; reach: number };
};

// Forms of the dreamer's own fall, flight… in Portuguese ("caí", typed "cai", is also "ele cai": a subject or a clause
// start is asked for), and "I"/"we" in English, with at most three small words between ("eu tava caindo", "I suddenly
// fell").
// prettier-ignore
export const RULES: Record<ClassicDreamId, Rule> = {
  teeth: {
    events: [
      '(dente|dentes|dentadura) ~3 (cai*|quebr*|solt*|esfarel*|despedac*|arranc*|mole|moles|podre|podres|racha*|cuspi*|esmigalh*)',
      '(cai*|quebr*|solt*|arranc*|cuspi*|perdi|perdendo) ~3 (dente|dentes)',
      '(tooth|teeth) ~3 (fall*|fell|crumbl*|broke*|break*|loose|rott*|came out|coming out|cracked|cracking|shatter*)',
      '(lost|losing|spat|spitting|pulled out|pulling out|broke|knocked out) ~3 (tooth|teeth)',
    ],
    traps: ['escov* ~2 (dente|dentes)', 'brush* ~2 (tooth|teeth)', '(dentista|dentist) ~3 (consulta|appointment|limpeza|cleaning)'],
  },
  chase: {
    events: [
      'me (persegu*|cacav*|cacando|cacou|seguindo|seguia)',
      '(tava|estava|fui|era|sendo|eramos|fomos) ~1 (perseguid*|cacad*)',
      '(perseguid*) (por|pelo|pela|pelos|pelas)',
      '(correndo|corria|correu|corriam|veio|vinha|vindo|vieram|vinham|foi) atras de (mim|nos|gente)',
      '(fugindo|fugia|fugi|fugimos|fugiamos|correndo|corria|corri) (de|do|da|dos|das) ~1 (homem|homens|cara|caras|monstro|monstros|cachorro|cachorros|policia|policial|bandido|bandidos|zumbi|zumbis|assassino|lobo|leao|urso|cobra|onca|touro|bicho|criatura|sombra|vulto|ladrao|ladroes|alguem|mulher|fantasma|demonio|palhaco)',
      // Wanting to kill or hurt the dreamer is an attack, not a chase ("my brothers were trying to kill me").
      '(queria|queriam|tentava|tentando|tentavam) me (pegar|alcancar|agarrar)',
      // "a polícia tava atrás de mim e eu fugindo": after me while I ran (not only "behind me").
      '(tava|estava|tavam|estavam) atras de (mim|nos) ~4 (fugindo|fugi|fugia|correndo|corri|corria)',
      '(fugindo|fugia|fugi|correndo|corria|corri) ~6 (tava|estava|tavam|estavam) atras de (mim|nos)',
      '(chased|chasing|hunting|hunted|pursuing|pursued|following) (me|us)',
      '(was|were|being|got|am|are) ~1 (chased|hunted|pursued)',
      '(chased|pursued|hunted) by',
      '(came|coming|ran|running|come|comes|is|are|was|were|went) after (me|us)',
      '(running|ran|fleeing|fled|escaping) from (a|an|the|some|this|these|two|three) ~1 (man|men|guy|guys|monster|monsters|dog|dogs|wolf|bear|killer|police|cops|zombie|zombies|creature|figure|shadow|stranger|woman|thing|ghost|clown|lion|tiger|snake|gang|murderer)',
      '(trying|tried|wanted) to (catch|get|grab) (me|us)',
      // A chase said as a noun, or a flight from pursuers: "there was a high speed chase", "on the run from them".
      '(a|the|high speed|car|police|wild|uma|numa|teve uma|houve uma) (chase|perseguicao)',
      '(on the run|em fuga) (from|de|do|da|dos|das)',
      '(want|wanted|wants|queria|queriam|quer|querem) (me|us) (caught|dead|preso|presa|morto|morta)',
      '(ran|run|running|fled|fleeing|corri|corremos|correndo|fugi|fugimos|fugindo) for (my|our) (life|lives)',
      '(corri|corremos|correndo|fugi|fugimos) (pra salvar|para salvar) (a minha|minha|nossa|a nossa) vida',
    ],
    guarded: [
      {
        // Followed or wanted dead, with a flight close by: "they followed me… I ran upstairs and locked the door",
        // "the men trying to kill me broke in; I had snuck out".
        events: [
          '(followed|follows) (me|us)',
          '(me|nos) (seguiu|seguiram|seguia|seguiam)',
          '(trying|tried|wanted|wants|want) to kill (me|us)',
          '(queria|queriam|tentava|tentavam|tentando|tentaram) (me|nos) matar',
        ],
        near: ['(ran|run|running|walked faster|hid|hide|hiding|locked|escape|escaped|escaping|snuck out|sneak out|looking for me|looking for us|fugi|fugindo|fugimos|corri|correndo|corremos|escondi|escondemos|tranquei|me procurando|nos procurando)'],
        reach: 1,
      },
      {
        // Running away with a threat close by: "as they got closer we ran the other way", "we ran and ran".
        events: [
          '(ran|run|running|fled|drove|corri|corremos|correndo|fugimos|fugi) (the opposite way|the other way|away from them|away from it|away from him|away from her|pro outro lado|para o outro lado|na direcao contraria|dele|dela|deles|delas)',
          '(ran|run|running|corri|corremos|correndo) (and|e) (ran|run|running|corri|corremos|correndo)',
        ],
        near: ['(afraid|scared|terrified|frightened|horrified|panic|panicked|closer|approaching|coming after|came after|chasing|following|attack*|danger|dangerous|monster|medo|apavorad*|assustad*|mais perto|se aproximando|vindo atras|atacar|perigo|monstro)'],
        reach: 1,
      },
    ],
    // Only feared or foreseen: "I was afraid he was going to come after me", "com medo de ele vir atrás de mim".
    traps: [
      'escape room',
      'sala de fuga',
      '(afraid|scared|worried|feared|fear|thought|might|would|going to) ~4 (come|coming|chase|chasing|catch|hunt) (after|me|us)',
      '(medo|achei|achava|pensei|ia|iam) ~4 (vir|viesse|viessem|me perseguir|me pegar|me cacar)',
      // "she tried to get me to talk"
      '(get|got) (me|us) to',
    ],
  },
  falling: {
    events: [
      'eu @gap (cai|caia|caindo|despenquei|despencando|despencava|cair)',
      '(^|e|ai|entao|quando|depois|ate|tropecei|escorreguei|desequilibrei|subitamente) (cai|caimos) (de|do|da|dos|das|em|num|numa|no|na|pelo|pela|dentro|pra|para|la|lá|no|de novo|sem parar|e)',
      '(tava|estava|to|estou|comecei|continuei|continuava|fui) ~1 (caindo|despencando|cair)',
      '(caindo|despencando) (de|do|da|num|numa|no|na|sem parar|em queda)',
      // "sonhei que caía de um prédio", "e caía sem parar".
      '(que|q|eu|e|ai|entao) (caia|caiamos) (de|do|da|dos|das|num|numa|no|na|pelo|pela|em|dentro|sem parar|pra|para|la)',
      '(cair|queda) (no|num) (vazio|abismo|precipicio|buraco)',
      'queda livre',
      '(i|we) @gap (fell|fall|falling|plummet*|plunged|plunging|tumbl*)',
      '(i|we) @gap (fell|fall|falling) (off|from|down|through|into)',
      '(pushed|threw|knocked) (me|us) (off|down|out)',
      'free fall*',
    ],
    traps: [
      '(cai|caia|caindo|cair|caimos|caiu) (no|de) (sono|rir)',
      '(cai|caia|caindo|cair|caimos) (na|no) (real|risada|gargalhada|conversa|golpe|pegadinha|choro|lagrimas)',
      '(cai|caiu) a ficha',
      'caindo aos pedacos',
      '(chuva|neve|granizo|agua|teto|predio|casa|dente|dentes|cabelo|folhas|folha|estrelas|estrela|aviao|avioes|ficha|mundo|ceu|copo|prato|celular|telefone) (cai|caia|caindo|caiu|cair|despencando)',
      '(chuva|neve|granizo|agua|teto|predio|casa|dente|dentes|cabelo|folhas|folha|estrelas|estrela|aviao|avioes|ficha|mundo|ceu|copo|prato|celular|telefone) (tava|estava|ta|ia|comecou a|comecava a|vai|vinha) (cai|caia|caindo|caiu|cair|despencando)',
      '(fell|fall|falling|fallen) (asleep|apart|silent|short|ill|sick|behind|for|pregnant)',
      '(fell|fall|falling) (back|in) (asleep|love)',
      // A collapse or a trip is not the fall of the classic dream: "I was shot and fell back", "tropecei e caí no chão".
      '(fell|fall|falling) (back|backward|backwards|over|down dead|dead|unconscious|to the ground|to the floor|on the floor|on the ground|to my knees|on my knees|on my back|on my face|flat)',
      '(cai|caiu|caindo|caia) (pra tras|para tras|de costas|de joelhos|de cara|no chao|desmaiad*|mort*|dura|duro|sentad*)',
    ],
  },
  flying: {
    events: [
      'eu @gap (voava|voando|voei|voar|flutuava|flutuando|levitava|levitando|planava|planando)',
      '(conseguia|consegui|comecei|aprendi|podia|sabia|decidi|resolvi) ~1 (voar|flutuar|levitar)',
      '(tava|estava|to|estou|fiquei|comecei|saí|sai) ~1 (voando|flutuando|levitando|planando)',
      '(voei|voava|voamos|voavamos) (sobre|por|pelo|pela|pelos|pelas|acima|alto|longe|ate|entre|em cima|no ceu|no alto)',
      '(i|we) @gap (flew|fly|flying|floated|floating|levitated|levitating|soared|soaring|hovered|hovering)',
      '(could|can|learned to|started to|began to|decided to) (fly|levitate|float)',
    ],
    traps: [
      '(flying|flew|fly|fly) (a|my|the) ~1 (kite|drone|plane|airplane|jet|helicopter|flag)',
      // A trip by plane, not a flight of one's own: "I flew to Lisbon", "flying home".
      '(flew|flying|fly) (to|from|home|back)',
      '(soltando|soltei|soltar) (pipa|papagaio)',
      '(voei|voamos|voando|voar) (pra|para|ate) (sao|rio|bahia|europa|portugal|paris|casa|o aeroporto)',
      '(aviao|avioes|passaro|passaros|helicoptero|drone|pipa|bird|birds|plane|kite|time) ~2 (voando|voava|voou|voar|flying|flew|flies|fly)',
      'time flies',
    ],
    // Flying inside an aircraft ("the elevator became a plane… we fly over the buildings") is a ride, not one's own
    // flight; the plane may be named a few sentences before.
    against: {
      patterns: ['(airplane|airplanes|plane|planes|jet|jetliner|747|helicopter|cockpit|aircraft|blimp|aviao|avioes|jatinho|helicoptero|aeronave|balao|dirigivel)'],
      reach: 6,
    },
  },
  exposure: {
    events: [
      '(tava|estava|fiquei|to|estou|eu|completamente|totalmente|toda|todo|era) ~1 (pelad*|nu|nua|sem roupa|sem roupas|de calcinha|de cueca|so de toalha|so de calcinha|so de cueca|de pijama|so de pijama)',
      '(cheguei|fui|apareci|sai|andando|andava|entrei) ~3 (pelad*|nu|nua|sem roupa|sem roupas|de calcinha|de cueca|so de calcinha|so de cueca|so de toalha|de toalha|de pijama)',
      '(i|we) @gap (naked|nude|in my underwear|wearing nothing|had no clothes|in my pajamas)',
      '(with|had|wearing) no (pants|clothes|shirt|trousers|top|underwear) (on)',
      'without (pants|clothes|any clothes|a shirt|trousers) on',
      '(forgot|esqueci) ~2 (my pants|my clothes|to get dressed|to wear|a roupa|de me vestir|de colocar roupa|a calca)',
      '(todo mundo|todos|as pessoas|a galera|a turma|everyone|everybody|people) ~2 (olhando|olhava|olhavam|encarando|encaravam|rindo|riam|staring|stared|laughing|laughed|looking) ~2 (pra mim|para mim|me|at me)',
      '(todo mundo|todos|everyone|everybody) (me|ficava me|ficou me) (olhando|encarando|olhou)',
      // Shame in front of watching people: "it embarrasses me… women watching me", "morri de vergonha, todo mundo rindo".
      '(embarrass*|vergonha|envergonhad*|humilhad*|humiliat*|mortified) ~8 (watching|staring|laughing|looking at|attention|olhando|rindo|riam|encarando|olhavam)',
      '(watching|staring at|laughing at|looking at|olhando pra|rindo de|encarando) (me|mim|us) ~8 (embarrass*|vergonha|envergonhad*|humilhad*|humiliat*|mortified)',
      // Clothes that give way: "my skirt was pulled up and my underwear showed", "a toalha caiu".
      '(underwear|panties|bra|boxers|calcinha|cueca|sutia) (showed|showing|was showing|were showing|aparecendo|aparecia|apareceu|a mostra)',
      '(skirt|dress|pants|towel|shorts|saia|vestido|calca|toalha|bermuda|short) ~3 (fell off|came off|fell down|pulled up|pulled down|ripped|caiu|rasgou|subiu|desceu)',
    ],
    traps: ['(jogar|jogando|jogo|jogamos|jogava|uma|da|de) pelada', 'naked eye', 'olho nu', 'a olho nu'],
    // Someone who may see, a public place, a picture others will see, or the shame itself ("no one seemed to notice",
    // "my mom was coming down the hall", "a photo of us all nude for a magazine").
    context: {
      patterns: ['(todo mundo|todos|pessoas|gente|galera|turma|colegas|multidao|rua|escola|trabalho|sala|festa|shopping|publico|olhando|rindo|everyone|everybody|people|crowd|class|classmates|coworkers|street|school|work|office|party|public|mall|staring|laughing|aula|igreja|church|onibus|bus|mercado|supermercado|loja|restaurante|store|shop|supermarket|market|restaurant|watching|audience|plateia|speech|stage|presentation|meeting|palco|palestra|apresentacao|discurso|reuniao|notice|noticed|noticing|no one|nobody|ninguem|someone|somebody|alguem|reparou|percebeu|mom|mother|dad|father|mae|pai|host|seminar|lecture|hall|hallway|corredor|picture|photo|photograph|foto|magazine|revista|embarrassed|ashamed|horrified|mortified|vergonha|envergonhad*|humilhad*|boss|chefe|client|clients|cliente|clientes|entrevista|entrevistador|entrevistadora|interview|interviewer|guest|guests|convidados|walked in|came in|entrou|stranger|strangers|estranhos|neighbor|neighbors|neighbour|neighbours|vizinho|vizinhos|vizinha)'],
      reach: 2,
    },
    // Bare among the bare, where people are undressed anyway (a hot tub, a sauna, a nudist beach) is not exposure.
    against: {
      patterns: ['(jacuzzi|hot tub|hot springs|sauna|spa|nudist|skinny dipping|pool|piscina|banheira|hidromassagem|ofuro|naturismo|nudismo)'],
      reach: 1,
    },
  },
  exam_unprepared: {
    events: [
      '(nao|nunca|sem) ~1 (estudei|estudado|estudar|estudava|preparad*|sabia nada|sabia responder|lembrava nada|sabia a materia)',
      '(esqueci|esquecido) ~2 (tudo|a materia|o conteudo|o que estudei|da prova|que tinha prova|de estudar)',
      '(deu|deu um|ficou|fiquei com) (branco|a mente em branco)',
      '(prova|exame|teste) (em branco|surpresa)',
      '(materia|disciplina|aula) ~3 (nunca|nao) ~2 (fui|frequentei|assisti|estudei|vi)',
      '(did not|had not|never) (study|studied|prepare|prepared|attended|went to|gone to|been to|go to)',
      '(no idea|nao fazia ideia|nao tinha ideia|nenhuma ideia) ~4 (question|questions|answer|answers|questao|questoes|pergunta|perguntas|resposta|respostas)',
      '(forgot|forgotten) ~2 (to study|about the exam|about the test|everything|the material)',
      '(unprepared|not prepared|wasn ready|mind went blank|went blank|blanked|blank page)',
      '(could not|can not) (answer|remember) ~2 (question|questions|anything|any)',
      '(pop quiz|surprise test|surprise exam)',
      // The exam itself lost: "I managed to lose my test sheet", "perdi a prova".
      '(lose|lost|losing|misplaced|perdi|perder|perdendo) (my|the|a|minha|a|o|meu) ~1 (test|exam|prova|exame|gabarito|answer sheet)',
    ],
    context: {
      patterns: ['(prova|provas|exame|teste|vestibular|enem|avaliacao|apresentacao|entrevista|seminario|tcc|exam|exams|test|quiz|final|finals|presentation|interview|sat|midterm)'],
      reach: 2,
    },
  },
  late: {
    events: [
      '(tava|estava|to|estou|fiquei|cheguei|chegando|chegar|ia chegar|eu|muito|super|mega) ~1 (atrasad*)',
      '(me atrasei|atrasei|atrasando|perdi a hora|perdendo a hora|cheguei tarde|chegar tarde|em cima da hora)',
      '(perdi|perdendo|perder|perdemos) (o|a) (onibus|voo|trem|aviao|barca|metro|prova|entrevista|hora|horario|casamento|formatura|embarque)',
      '(i|we) @gap (late|running late|overslept|oversleep)',
      '(running late|be late|being late|was late|were late|so late|too late for)',
      'late (for|to) (the|my|a|class|work|school|an)',
      '(missed|missing|miss) (the|my|our) (bus|train|flight|plane|boat|ferry|exam|test|interview|wedding|graduation)',
      '(overslept|slept through my alarm|alarm did not go off|despertador nao tocou)',
    ],
    traps: ['late (at night|afternoon|evening|morning|grandmother|grandfather|grandma|grandpa|mother|father|mom|dad|husband|wife|friend|brother|sister|uncle|aunt)', 'late @person', 'stayed up late', 'it was late', 'later'],
  },
  lost_searching: {
    events: [
      '(me perdi|nos perdemos|perdido|perdida|perdidos|perdidas) (no|na|num|numa|em|pelo|pela|pelas|pelos|dentro)',
      '(tava|estava|fiquei|to|estou|eu|completamente|totalmente) ~1 (perdido|perdida)',
      '(nao|nunca) ~1 (achava|achei|encontrava|encontrei|conseguia achar|conseguia encontrar|consegui achar|consegui encontrar) (o|a|os|as|meu|minha|meus|minhas|nada|ninguem|caminho|saida|lugar|jeito)',
      '(procurando|procurava|procurei|procurei por) ~4 (sem achar|sem encontrar|e nao achava|e nao encontrava|por toda parte|em todo lugar|desesperad*)',
      '(got lost|get lost|getting lost|i was lost|we were lost|lost in a|lost in the)',
      '(could not|can not|unable to|never) (find|found) (my|the|a|our|him|her|them|anyone|anything|where|a way|any|it|all|his|their|what|that|one)',
      '(without|sem) (finding|achar|encontrar)',
      '(searching|looking|searched|looked) (for|everywhere) ~4 (could not|can not|never|everywhere|nowhere|frantically)',
      // A search told by its urgency or its reach: "searching frantically", "looked all around the basement for her",
      // "procurei pela casa toda".
      '(searching|looking|searched|looked|search|look|hunting|procurando|procurava|procurei|procurar|procuramos|buscando|buscava|busquei) (frantically|desperately|anxiously|everywhere|all over|high and low|desesperad*|por toda parte|em todo lugar|em todo canto|por todo lado|pela casa toda|que nem louc*|feito louc*)',
      '(looked|searched|looking|searching|hunted) (all around|all through|throughout) ~4 for (her|him|them|my|it|the|a|someone|something|our)',
      // A place to stay or hide, looked for: "a search for a place to stay the night".
      '(search|searching|searched|looking|looked|look|hunt|hunting) for (a|some|another) (place|room|spot|hotel|motel|bed) to (stay|sleep|live|spend|hide|park)',
      '(procurando|procurava|procurar|procuramos|procurei) (um|algum|outro) (lugar|canto|quarto|hotel) (pra|para|onde) (dormir|ficar|passar|morar|esconder|estacionar)',
      // Something of one's own lost ("I lost my luggage and the tickets"); people lost are grief (the traps).
      '(i|we) @gap (lost|misplaced) (my|our|the|all|all my|all our) ~1 (luggage|bag|bags|suitcase|suitcases|wallet|purse|keys|key|ticket|tickets|passport|phone|shoes|shoe|glasses|ring|money|backpack|jacket|coat|way|car|documents|papers)',
      '(perdi|perdemos) (a|o|as|os|minha|meu|minhas|meus|a minha|o meu|as minhas|os meus) ~1 (mala|malas|bagagem|bolsa|mochila|carteira|chave|chaves|passagem|passagens|passaporte|celular|sapato|sapatos|oculos|anel|alianca|dinheiro|documentos|caminho|casaco)',
      // Someone gone, and the search for them: "procurando meu filho, ele sumiu do nada", "my daughter disappeared and I
      // looked everywhere".
      '(procurando|procurava|procurei|procuramos|procurar|buscando|buscava) ~9 (sumiu|sumido|sumida|sumiram|desapareceu|desaparecido|desaparecida|desapareceram)',
      '(sumiu|sumido|sumida|sumiram|desapareceu|desaparecido|desaparecida|desapareceram) ~9 (procur*|gritando o nome|chamando o nome|gritava o nome|chamava o nome)',
      '(looking|searching|looked|searched) for ~9 (disappeared|vanished|went missing|was missing|were missing|was gone|were gone)',
      '(disappeared|vanished|went missing) ~9 (looking|searching|looked|searched|calling his name|calling her name|calling their name|shouting his name|shouting her name|shouting their name)',
      // A search, then its failure a few words on: "procurava meu carro no estacionamento e não achava".
      '(procurei|procurava|procurando|procuramos|procuravamos|busquei|buscava|buscando) ~8 (nao|nunca) (achava|achei|encontrava|encontrei|achamos|encontramos|achavamos|encontravamos)',
      // Trying to find and failing: "trying to find something to wear, but there was nothing".
      '(trying to find|tried to find|looking for|searching for|tentando achar|tentando encontrar|tentei achar|tentei encontrar|procurando|procurava) ~5 (but|mas) (there is nothing|there was nothing|nothing|could not|can not|nao achava|nao achei|nao encontrava|nao encontrei|nao tinha nada|nada)',
    ],
    traps: ['lost in thought', 'lost (my|our) (grandmother|grandfather|mother|father|mom|dad|husband|wife|friend|brother|sister|job|temper|mind)', 'perdi (meu|minha) (vo|avo|mae|pai|marido|esposa|amigo|amiga|irmao|irma|emprego|paciencia)', 'nao achava (que|graca|certo)'],
  },
  trapped_paralysed: {
    events: [
      '(tava|estava|fiquei|to|estou|eu|ficamos|estavamos|tavamos) ~1 (preso|presa|presos|presas|trancad*|encurralad*|paralisad*|travad*|imobilizad*)',
      '(me|nos) (trancaram|trancou|prenderam|prendeu|encurralaram|encurralou)',
      '(nao|n) (conseguia|consegui|podia) ~1 (sair|me mexer|me mover|mexer|mover|gritar|levantar|escapar|respirar)',
      '(sem saida|paralisia do sono|sem conseguir me mexer|sem conseguir sair)',
      // The body that will not answer: "as pernas não mexiam", "a voz não saía".
      '(pernas|perna|corpo|bracos|braco|pes) (nao|n) (mexiam|mexia|se mexiam|se mexia|obedeciam|obedecia|respondiam|respondia|saiam do lugar|saia do lugar)',
      '(voz|grito) (nao|n) (saia|saiu)',
      '(legs|body|arms|voice) (would not|did not|could not) (move|work|respond|come out|obey)',
      '(i|we) @gap (trapped|stuck|locked in|locked inside|paralyzed|paralysed|frozen|pinned down|cornered)',
      '(could not|can not|unable to) (move|get out|escape|scream|breathe|wake up)',
      '(no way out|sleep paralysis|trapped in|trapped inside)',
      '(being|been|getting|got) (trapped|stuck|locked in|locked up|cornered)',
    ],
    // A feeling of being trapped ("I just felt so trapped") is not the scene of it.
    // Not breathing while drowning or under water is the water's scene, not a body that cannot move (no sleep-paralysis
    // note for "estava me afogando e não conseguia respirar").
    against: {
      patterns: ['(afogando|afogava|afoguei|afogar|afogad*|drowning|drowned|drown|underwater|under water|debaixo d agua|debaixo da agua|embaixo d agua|embaixo da agua|fundo do mar|fundo da piscina)'],
      reach: 0,
    },
    traps: ['(preso|presa|stuck) (no|in) (transito|traffic)', 'stuck in my head', 'stuck with', 'preso na cabeca', '(felt|feel|feeling|feels) ~2 (trapped|stuck|cornered|paralyzed|paralysed)', '(sentia|senti|sentindo|sente) ~2 (pres*|encurralad*|paralisad*|travad*)',
      // A thing stuck is not the dreamer trapped: "my fingers got stuck in the glove", "a gaveta ficou presa".
      '(finger|fingers|hand|hands|foot|feet|leg|legs|arm|arms|head|hair|zipper|key|ring|drawer|wheel|dedo|dedos|mao|maos|pe|pes|perna|pernas|braco|bracos|cabeca|cabelo|ziper|chave|anel|gaveta|roda) ~2 (get|got|getting|gets|was|were|is|are|ficou|ficaram|tava|estava) (stuck|trapped|pres*|travad*|emperrad*)'],
  },
  device_failure: {
    events: [
      '(nao|n) (ligava|ligou|liga|funcionava|funcionou|funciona|carregava|discava|completava|abria|conectava|pegava|respondia|digitava|mandava|enviava|abria)',
      '(nao|n) (conseguia|consegui) ~1 (ligar|discar|digitar|desbloquear|mandar|enviar|acessar|abrir|ler|carregar|fazer a ligacao)',
      '(travou|travado|travando|travava|desligou|desligava|quebrou|quebrado|descarregou|descarregado|sem bateria|sem sinal|sem internet|tela preta|tela rachada|tela quebrada|bateria acabou|bateria acabando|digitava errado|errava os numeros|teclas erradas)',
      '(would not|will not|did not|does not|can not|could not) (turn on|start|boot|work|load|dial|connect|open|unlock|charge|send|type)',
      '(froze|frozen|crashed|crashing|died|dead|black screen|cracked screen|no signal|no service|no battery|battery died|kept crashing|misdial*|wrong number|keys kept|kept typing)',
      'went (black|dark|blank|dead|off)',
      '(tela|screen) (apagou|ficou preta|escureceu|froze|went)',
      '(could not|can not|unable to|was not able to) (call|dial|text|type|unlock|reach|open|load|access|log in|send|save|print|connect)',
      '(would not|will not|did not) let me (see|in|open|log in|call|through|use|type|send)',
      // "something isn't right with the camera", "tinha algo errado com o celular".
      '(something|algo|alguma coisa) ~3 (not right|wrong|errado|errada) (with|com) (the|my|a|o|meu|minha|this|esse|essa)',
      '(try|tried|trying|tries|had to|have to|would|need to|needed to|tentei|tentando|tentava|tive que|tinha que|precisava) ~2 (repair|fix|consertar|arrumar)',
      '(the|my|our|o|meu|nosso|a|minha) (car|carro|truck|van|moto|motorcycle|phone|celular|computer|computador|laptop|notebook|tv|camera|radio|elevator|elevador) (broke|broke down|died|stalled|quebrou|pifou|morreu|enguicou)',
      '(malfunction*|broke down|stopped working|quit working|went dead|went blank|not working|would not respond|unresponsive)',
      '(try|tried|trying) to get (the|my|it|this) ~1 to work',
      '(parou de funcionar|pifou|pifado|pifada|deu pau|com defeito|nao respondia)',
    ],
    context: {
      // A car that breaks down is a device that fails; one out of control is its own dream (readClassicDreams).
      patterns: ['(celular|telefone|fone|smartphone|computador|notebook|laptop|pc|tela|tablet|teclado|app|aplicativo|internet|wifi|whatsapp|zap|impressora|maquina|camera|tv|televisao|radio|controle remoto|elevador|caixa eletronico|arquivo|arquivos|mensagem|mensagens|site|carro|moto|phone|cellphone|telephone|computer|screen|keyboard|tablet|printer|mouse|ipad|iphone|email|e mail|machine|register|camera|tv|television|radio|remote|elevator|atm|file|files|message|messages|website|program|car|truck|motorcycle)'],
      reach: 0,
    },
  },
  water_rising: {
    events: [
      '(agua|mar|rio|mare|nivel) ~2 (subindo|subia|subiu|invadindo|invadiu|invadia|entrando|entrou|entrava|alagando|alagou|cobrindo|cobriu|cobria|tomando)',
      // Drowning: the water takes over ("estava me afogando", "I was drowning").
      '(me afogando|me afogava|me afoguei|me afogar|i was drowning|i am drowning|we were drowning|i drowned|i started drowning|started to drown|pulled me under|pulling me under)',
      '(enchente|enchentes|inundacao|inundando|inundou|inundad*|alagamento|alagad*|alagando|tsunami|maremoto)',
      'onda (gigante|enorme|imensa|gigantesca|muito grande)',
      '(water|sea|river|tide|flood|waves) ~2 (rising|rose|rise|rises|came in|coming in|pouring in|flooding|kept rising|reached)',
      '(flood|flooding|flooded|tsunami|tidal wave|giant wave|huge wave|massive wave)',
      'rising water*',
    ],
    traps: ['(flooded|flooding|flood|inundad*|inundou|inundando) (with|of|de) (light|luz|relief|alivio|emotion|emocao|memories|lembrancas|messages|mensagens|calls)', 'flood of', 'enchente de (2008|2010|2011|2024|amor)'],
    // Water that rises and drops in a hot tub or a pool is bathing.
    against: {
      patterns: ['(jacuzzi|hot tub|hot springs|sauna|spa|pool|bathtub|bath|banheira|piscina|hidromassagem|ofuro)'],
      reach: 2,
    },
  },
  car_out_of_control: {
    events: [
      '(perdi|perdeu|perdendo|perdia|sem) o controle',
      '(perdi|perdeu|perdendo|perdia|sem) (o freio|os freios|a direcao|o volante)',
      '(sem freio|freio nao|freios nao|o freio falhou|freio falhou|nao freava|nao conseguia frear|nao conseguia parar o carro|volante nao|nao conseguia dirigir|carro andava sozinho|andando sozinho|descontrolad*|desgovernad*)',
      '(dirigindo|dirigia) ~2 (banco de tras|banco do passageiro|sem volante)',
      '(out of control|lost control|losing control|no brakes|brakes failed|brakes did not work|brakes would not|brakes were not|could not stop the car|could not steer|steering wheel would not|driving itself|drove itself|from the back seat|from the passenger seat)',
      '(could not|can not) (brake|stop|steer)',
      '(nobody|no one|ninguem) (was|is|tava|estava) (driving|dirigindo)',
      '(brake|brakes|freio|freios) ~4 (would not|did not|nao) (stop|work|parava|funcionava|pegava|pegou)',
      '(car|carro) (would not|did not|nao) (stop|slow down|parava|freava|parou)',
    ],
    context: {
      patterns: ['(carro|carros|onibus|moto|caminhao|van|volante|freio|freios|estrada|dirigindo|dirigia|car|cars|truck|bus|van|vehicle|steering|brake|brakes|driving|drove|motorcycle|road|highway)'],
      reach: 1,
    },
  },
  deceased_visit: {
    // The presence of the person; the death marker is found apart (content-analysis.ts, findDeceased).
    events: [
      '(veio|vinha|voltou|voltava|apareceu|aparecia|apareceram|visitou|visitava|visitar|me visitou|chegou|entrou|tava la|estava la|estava ali|tava ali|estava viva|estava vivo|tava viva|tava vivo|estava bem|tava bem|sentou|sorriu|sorria)',
      '(me abracou|abracou|abracei|abracamos|abraco|me beijou|segurou minha mao|conversou|conversamos|conversando|falou|disse|dizia|falava|me disse|me falou)',
      '(sonhei com|sonhei que|sonho com) ~3',
      '(came|comes|coming|visited|visits|visiting|appeared|appears|showed up|was there|were there|sat|stood|walked in|returned|came back|was alive|was well|looked well|looked healthy|smiled)',
      '(hugged|held|kissed|talked|spoke|told|said|says|whispered|we talked)',
      '(dreamt|dreamed|dream) (of|about|that)',
      '(saw|see|found|met|vi|encontrei|reencontrei) (him|her|my|meu|minha|ele|ela)',
      '(very much|still|totally|perfectly) alive',
      '(vivo|viva|vivinho|vivinha) de novo',
      '(sleeping|staying|slept|stayed|living) (at|in|with|over)',
      '(dormindo|dormiu|dormia|ficou|ficava|hospedad*) (la em casa|em casa|na nossa|na minha|com a gente|comigo)',
    ],
  },
  pregnancy_baby: {
    events: [
      '(gravida|gravidas|gravidez|engravidei|engravidou|gestante|gestacao|parto|dei a luz|dando a luz|teste de gravidez|barrigao)',
      '(um|o|uma|meu|minha|o meu|nosso|nossa|com|de|do|da|no|esse|aquele|segurando|segurava|carregando|carregava|cuidando|um lindo|uma linda) ~1 (bebe|bebes|nene|nenem|recem nascido|recem nascida)',
      '(tive|tivemos|ganhei|nasceu) ~2 (bebe|nene|nenem|filho|filha|menino|menina)',
      '(pregnant|pregnancy|gave birth|giving birth|give birth|in labor|in labour|expecting a baby|baby bump)',
      // One baby in the scene; "the Smiths' babies", spoken of, are not.
      '(a|the|my|our|holding|carrying|newborn|little|tiny|crying) ~1 (baby|newborn|infant)',
      '(holding|carrying|my|our|newborn|crying) ~1 babies',
      '(had|having) (twins|a baby)',
    ],
    traps: ['baby (steps|blue|carrots|shower|oil|powder|tooth|teeth|fat|blanket|crocodile|alligator|bird|birds|animal|animals|dragon|snake|shark|deer|goat|food|face|talk|sitter|sitting|falcon|chick|chicks|elephant|lion|tiger|bear|whale|dolphin|horse|monkey|owl|duck|turtle|spider|rat)', 'hey baby', 'oh baby', '(ele|ela|voce|quem|ninguem) bebe', 'baby (i|you)'],
  },
  ex_partner: {
    events: [
      '(meu|minha|o|a|com o|com a|do|da|pro|pra) ex',
      '(meu|minha|o|a|com o|com a|do|da) ~1 ex (namorado|namorada|marido|mulher|esposa|esposo|noivo|noiva|ficante|companheiro|companheira|crush)',
      'ex (namorado|namorada|marido|mulher|esposa|esposo|noivo|noiva|ficante|companheiro|companheira)',
      '(my|an|the|with my|her|his) ex',
      'ex (boyfriend|girlfriend|husband|wife|partner|fiance|fiancee)',
      '(former|old) (partner|boyfriend|girlfriend|flame)',
    ],
    traps: ['ex (chefe|gerente|colega|professor|professora|aluno|aluna|diretor|diretora|patrao|presidente|jogador|funcionario|vizinho|vizinha|boss|manager|colleague|coworker|teacher|student|president|roommate|neighbor|employee|classmate|schoolmate|queen|king|husband s|wife s|prime|governor|mayor|member|military|marine|convict|con)', '(ex|exs) (machina)'],
  },
  unknown_rooms: {
    events: [
      '(comodo|comodos|quarto|quartos|sala|salas|porta|portas|andar|andares|ala|corredor|corredores|parte|area|escada|porao|sotao) ~4 (que eu ~1 nao conhecia|que nao conhecia|que nunca tinha visto|que eu nunca tinha visto|que nao existia|que nao existe|que eu nao sabia|secreto|secreta|secretos|secretas|escondido|escondida|novo|nova|novos|novas|desconhecid*)',
      '(descobri|achei|encontrei) ~2 (comodo|comodos|quarto|quartos|sala|salas|porta|portas|andar|ala|corredor|passagem|escada|porao|sotao)',
      '(mais|varios|outros) (comodos|quartos|andares) (do que|que eu)',
      '(room|rooms|door|doors|floor|floors|wing|hallway|hallways|corridor|staircase|attic|basement|part of the house) ~4 (i did not know|i never knew|i had never seen|i never saw|that did not exist|that was not there|that were not there|i did not remember|hidden|secret|unknown)',
      '(discovered|found|stumbled upon|stumbled on) ~2 (room|rooms|door|doors|floor|wing|hallway|corridor|passage|staircase|attic|basement)',
      '(hidden|secret|extra|new|unknown) (room|rooms|door|doors|floor|wing|passage|passageway|staircase)',
      '(passagem|porta|quarto|sala) (secreta|secreto|escondida|escondido)',
      // The house that grows: "it opened up into more rooms", "a porta dava pra outros quartos".
      '(opened|opened up|opens|opens up|opening|led|leads|leading) (into|onto|to) ~2 (more|other|another|new|hidden|secret|endless) (room|rooms|wing|floor|floors|hallway|hallways)',
      '(dava|davam|abria|abriu|levava) (pra|para|em) ~1 (outro|outros|outra|outras|mais|novos|novas) (comodo|comodos|quarto|quartos|sala|salas|corredor|corredores|andar)',
    ],
    context: {
      patterns: ['(casa|apartamento|apto|ape|ap|predio|mansao|lar|house|home|apartment|flat|mansion|building|comodo|comodos|quarto|quartos|room|rooms)'],
      reach: 2,
    },
  },
};

// --- what people and research commonly associate with each -------------------------------------------------------

// prettier-ignore
export const CLASSIC_NOTES: Record<ClassicDreamId, Bilingual> = {
  teeth: {
    pt: 'Sonhar que os dentes caem ou quebram é um dos sonhos mais relatados no mundo todo. Estudos costumam ligá-lo a estresse, a preocupações com a aparência ou à sensação de perder o controle de algo; às vezes ele vem de sensações na boca durante o sono, como ranger os dentes.',
    en: 'Dreaming that your teeth fall out or break is one of the most reported dreams worldwide. Studies often link it to stress, to worries about appearance or to a sense of losing control; sometimes it comes from sensations in the mouth during sleep, such as grinding the teeth.',
  },
  chase: {
    pt: 'A perseguição é, em pesquisas feitas em vários países, o sonho clássico mais relatado. Costuma aparecer em fases de pressão ou ameaça, e quem persegue muitas vezes dá forma a algo que se prefere evitar: uma pendência, uma conversa, um sentimento.',
    en: 'Being chased is, in surveys across many countries, the most often reported classic dream. It tends to come in times of pressure or threat, and the pursuer often gives shape to something one would rather avoid: a pending matter, a conversation, a feeling.',
  },
  falling: {
    pt: 'Cair é um dos sonhos mais comuns, e muitas vezes acontece perto do adormecer, às vezes com um sobressalto do corpo que acorda a pessoa. Costuma ser associado à insegurança, à falta de apoio ou à sensação de que algo escapa do controle.',
    en: 'Falling is one of the most common dreams, and it often happens near the moment of falling asleep, sometimes with a jerk of the body that wakes you. It is often associated with insecurity, a lack of support or a sense that something is slipping out of control.',
  },
  flying: {
    pt: 'Voar é um dos sonhos lembrados com mais prazer, e é mais frequente em quem tem sonhos lúcidos. Muita gente o associa à liberdade, a ganhar perspectiva ou a se ver acima de um peso; quando o voo custa, ele pode falar de esforço.',
    en: 'Flying is one of the dreams remembered with most pleasure, and it is more frequent in people who have lucid dreams. Many associate it with freedom, with gaining perspective or with rising above a weight; when flying is hard, it may speak of effort.',
  },
  exposure: {
    pt: 'Estar sem roupa ou exposto diante dos outros é um sonho clássico, e é comum que as outras pessoas reajam bem menos do que se teme. Costuma ser associado à vulnerabilidade, ao medo de ser julgado ou de que algo íntimo fique à mostra.',
    en: 'Being naked or exposed in front of others is a classic dream, and other people often react far less than one fears. It is commonly associated with vulnerability, with a fear of being judged or of something private being seen.',
  },
  exam_unprepared: {
    pt: 'Sonhos de prova sem preparo acompanham muita gente por anos depois da escola. Costumam voltar em épocas de avaliação, como um trabalho novo, uma entrega ou uma cobrança, e falam mais do receio de não dar conta do que da prova em si.',
    en: 'Dreams of an exam you are not ready for follow many people for years after school. They tend to return in times of evaluation, such as a new job, a deadline or a demand, and speak more of the fear of not measuring up than of the exam itself.',
  },
  late: {
    pt: 'Chegar tarde, perder o ônibus ou o voo é um sonho comum em fases de muitas demandas. Pode ecoar a pressão do tempo ou o receio de perder uma oportunidade.',
    en: 'Running late or missing the bus or the flight is a common dream in busy times. It may echo time pressure or the fear of missing an opportunity.',
  },
  lost_searching: {
    pt: 'Procurar algo sem encontrar, ou não achar o caminho, é um sonho frequente em momentos de indecisão ou de mudança. O que se procurava costuma dizer bastante: às vezes é justamente o que parece faltar.',
    en: 'Searching for something you cannot find, or not finding your way, is a frequent dream in times of indecision or change. What you were looking for often says a lot: sometimes it is just what seems to be missing.',
  },
  trapped_paralysed: {
    pt: 'Sentir-se preso ou sem conseguir se mexer é comum, e às vezes tem uma razão física: no sono REM o corpo fica de fato relaxado, e é possível perceber isso ao quase acordar (a paralisia do sono). Também costuma ser associado a situações em que falta saída ou escolha.',
    en: 'Feeling trapped or unable to move is common, and sometimes it has a physical reason: in REM sleep the body really is relaxed, and you can notice it when half awake (sleep paralysis). It is also often associated with situations that seem to have no way out or no choice.',
  },
  device_failure: {
    pt: 'Celulares que não discam, telas que não ligam, teclas que erram: é um sonho que cresceu com a tecnologia. Ler e usar aparelhos costuma ser difícil nos sonhos, e muitas pessoas associam a cena à frustração de não conseguir se comunicar ou de não dar conta.',
    en: 'Phones that will not dial, screens that will not turn on, keys that go wrong: a dream that grew with technology. Reading and using devices is often hard in dreams, and many people associate the scene with the frustration of not getting through or not keeping up.',
  },
  water_rising: {
    pt: 'Água que sobe, enchentes e ondas gigantes aparecem muito em fases de sobrecarga. Muita gente liga a imagem a emoções ou tarefas que se acumulam até parecer demais.',
    en: 'Rising water, floods and giant waves appear often in overwhelming times. Many people link the image to feelings or tasks that pile up until they seem too much.',
  },
  car_out_of_control: {
    pt: 'Um carro sem freio, sem direção ou guiado do banco de trás é um sonho comum de perda de controle. Costuma ser associado a fases em que a vida parece andar mais rápido do que se consegue conduzir.',
    en: 'A car without brakes, without steering or driven from the back seat is a common dream of losing control. It is often associated with times when life seems to move faster than one can steer.',
  },
  deceased_visit: {
    pt: 'Sonhos em que alguém querido que já morreu volta para uma visita são muito comuns no luto. Quem os tem costuma descrevê-los como vívidos e, muitas vezes, reconfortantes: a pessoa aparece bem, fala, abraça. Muita gente vive esses sonhos como um reencontro, e o que foi dito neles pode acompanhar por muito tempo.',
    en: 'Dreams in which a loved one who has died comes back for a visit are very common in grief. People who have them often describe them as vivid and, very often, comforting: the person looks well, speaks, hugs. Many live these dreams as a reunion, and what was said in them can stay with them for a long time.',
  },
  pregnancy_baby: {
    pt: 'Gravidez e bebês aparecem muito nos sonhos de quem espera um filho, e também de quem não espera. Nesses casos, muita gente os lê como algo novo sendo gestado: um projeto, uma mudança, uma responsabilidade que pede cuidado.',
    en: 'Pregnancy and babies appear often in the dreams of people who are expecting, and also of those who are not. Then many read them as something new taking shape: a project, a change, a responsibility that asks for care.',
  },
  ex_partner: {
    pt: 'Sonhar com um ex é muito comum, mesmo anos depois e mesmo numa relação feliz. Na maioria das vezes fala menos da pessoa e mais do que aquela fase representou, de um padrão que se repete ou de algo que ficou sem fechamento.',
    en: 'Dreaming of an ex is very common, even years later and even in a happy relationship. Most often it speaks less of the person than of what that time meant, a pattern that repeats or something left without closure.',
  },
  unknown_rooms: {
    pt: 'Descobrir cômodos que não se conhecia numa casa é um sonho clássico, muitas vezes vivido com surpresa ou encanto. Costuma ser associado a possibilidades novas, a partes de si ainda pouco exploradas ou ao desejo de ter mais espaço.',
    en: 'Finding rooms you never knew about in a house is a classic dream, often met with surprise or delight. It is commonly associated with new possibilities, with parts of yourself still little explored or with a wish for more room.',
  },
};
