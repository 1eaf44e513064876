// The builtin analyzer's dictionary, written for Sonhário in pt-BR and English. Meanings are symbolic
// possibilities, never diagnoses: the reading ends with the dreamer, not with this file.
//
// Triggers are base forms separated by commas; the analyzer stems them (dreams.search.ts), so plurals and
// regular verb forms match. Forms whose stem would be two letters or fewer ("voar" → "vo", "cão" → "ca") are
// matched exactly, so their inflections are listed by hand. A trigger with a space is a phrase, matched on
// the folded text.
import type { Emotion } from '@sonhario/contracts/dreams';

export type Bilingual = { pt: string; en: string };

export type LexiconEntry = {
  id: string;
  name: Bilingual;
  /** The symbolic meaning (symbols) or the description (themes, characters, settings). */
  meaning: Bilingual;
  triggers: { pt: string[]; en: string[] };
};

export type ThemeEntry = LexiconEntry & { question: Bilingual };
export type EmotionEntry = { id: Emotion; name: Bilingual; valence: number; triggers: { pt: string[]; en: string[] } };
export type PhraseEntry = { id: string; label: Bilingual; phrases: { pt: string[]; en: string[] } };

const split = (list: string) =>
  list
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);

type Row = [
  id: string,
  pt: string,
  en: string,
  ptTriggers: string,
  enTriggers: string,
  ptMeaning: string,
  enMeaning: string,
];

const entry = ([id, pt, en, ptTriggers, enTriggers, ptMeaning, enMeaning]: Row): LexiconEntry => ({
  id,
  name: { pt, en },
  meaning: { pt: ptMeaning, en: enMeaning },
  triggers: { pt: split(ptTriggers), en: split(enTriggers) },
});

// prettier-ignore
const SYMBOL_ROWS: Row[] = [
  // Nature and elements
  ['agua', 'Água', 'Water', 'água, aquático', 'water', 'A água costuma falar das emoções e de como elas fluem ou se acumulam.', 'Water often speaks of emotions and how they flow or build up.'],
  ['mar', 'Mar', 'Sea', 'mar, oceano, maré', 'sea, ocean, tide', 'O mar pode evocar algo vasto e profundo, como o que ainda não foi nomeado em você.', 'The sea can evoke something vast and deep, like what is still unnamed in you.'],
  ['onda', 'Onda', 'Wave', 'onda, tsunami, ondas gigantes', 'wave, tsunami, wall of water, tidal wave', 'Ondas podem sugerir sentimentos que chegam com força e depois recuam.', 'Waves may suggest feelings that arrive with force and then recede.'],
  ['rio', 'Rio', 'River', 'rio, correnteza, riacho, cachoeira, cascata', 'river, stream, waterfall, waterfalls', 'Um rio pode representar a passagem do tempo e o rumo que a vida está tomando.', 'A river can stand for the passing of time and the course life is taking.'],
  ['lago', 'Lago', 'Lake', 'lago, lagoa, represa', 'lake, pond', 'Um lago pode sugerir calma, reflexão ou algo guardado sob a superfície.', 'A lake may suggest calm, reflection or something kept beneath the surface.'],
  ['chuva', 'Chuva', 'Rain', 'chuva, chover, chovendo, garoa', 'rain, drizzle', 'A chuva pode falar de alívio, limpeza ou de uma tristeza que precisa cair.', 'Rain may speak of relief, cleansing or a sadness that needs to fall.'],
  ['tempestade', 'Tempestade', 'Storm', 'tempestade, trovão, raio, temporal', 'storm, thunder, lightning', 'Uma tempestade pode refletir tensão acumulada ou uma mudança turbulenta.', 'A storm can mirror built-up tension or a turbulent change.'],
  ['fogo', 'Fogo', 'Fire', 'fogo, incêndio, chama, queimar, fogueira, vulcão, erupção, labareda, pegando fogo', 'fire, flame, blaze, on fire, burning building, burning house, burned down, burnt down, in flames, volcano, volcanoes, lava, eruption, flaming', 'O fogo pode evocar paixão, raiva ou transformação.', 'Fire can evoke passion, anger or transformation.'],
  ['terra', 'Terra', 'Earth', 'terra, barro, lama', 'soil, mud, dirt', 'A terra pode apontar para estabilidade, raízes ou sentir-se preso no lugar.', 'Earth may point to stability, roots or feeling stuck in place.'],
  ['montanha', 'Montanha', 'Mountain', 'montanha, morro, serra, colina', 'mountain, hill, peak', 'Uma montanha pode representar um desafio ou uma meta que você vê de longe.', 'A mountain can represent a challenge or goal seen from afar.'],
  ['floresta_simbolo', 'Floresta', 'Forest', 'floresta, mata, bosque, selva', 'forest, woods, jungle', 'A floresta pode sugerir o desconhecido ou uma fase de busca interior.', 'A forest may suggest the unknown or a season of inner searching.'],
  ['arvore', 'Árvore', 'Tree', 'árvore, tronco, galho, raiz', 'tree, trunk, branch, root', 'Uma árvore pode falar de crescimento, família e raízes.', 'A tree can speak of growth, family and roots.'],
  ['flor', 'Flor', 'Flower', 'flor, rosa, jardim, pétala', 'flower, rose, garden, petal, blossom', 'Flores podem evocar beleza, cuidado ou algo que desabrocha.', 'Flowers may evoke beauty, care or something blooming.'],
  ['sol', 'Sol', 'Sun', 'sol, ensolarado', 'sun, sunny, sunshine', 'O sol pode representar clareza, energia e vitalidade.', 'The sun can stand for clarity, energy and vitality.'],
  ['lua', 'Lua', 'Moon', 'lua, luar', 'moon, moonlight', 'A lua pode sugerir intuição, ciclos e o que se mostra aos poucos.', 'The moon may suggest intuition, cycles and what shows itself slowly.'],
  ['estrela', 'Estrela', 'Star', 'estrela, constelação', 'stars, starry, starlight, shooting star, north star, constellation', 'Estrelas podem evocar esperança, orientação ou desejos distantes.', 'Stars can evoke hope, guidance or distant wishes.'],
  ['ceu', 'Céu', 'Sky', 'céu, nuvem, horizonte', 'sky, cloud, horizon', 'O céu pode representar possibilidades e a vontade de ampliar horizontes.', 'The sky can represent possibility and the wish to widen horizons.'],
  ['neve', 'Neve', 'Snow', 'neve, nevasca, gelo, congelado', 'snow, ice, frozen, blizzard', 'Neve e gelo podem sugerir sentimentos congelados ou uma pausa necessária.', 'Snow and ice may suggest frozen feelings or a needed pause.'],
  ['vento', 'Vento', 'Wind', 'vento, ventania, furacão, tornado, redemoinho, ciclone', 'wind, hurricane, tornado, gale, twister, whirlwind, cyclone', 'O vento pode falar de mudanças que chegam sem pedir licença.', 'Wind may speak of changes that arrive unannounced.'],
  ['escuridao', 'Escuridão', 'Darkness', 'escuro, escuridão, breu, sem iluminação, sem luz nenhuma, tudo apagado, luzes apagadas, luz apagou, luz acabou', 'dark, darkness, pitch, pitch black, lights went out, power went out', 'A escuridão pode representar incerteza ou o que ainda não se quer ver.', 'Darkness can represent uncertainty or what one is not ready to see.'],
  ['luz', 'Luz', 'Light', 'luz, brilho, iluminado, lanterna', 'light, glow, bright, lantern', 'A luz pode sugerir compreensão, esperança ou algo vindo à tona.', 'Light may suggest understanding, hope or something coming to the surface.'],
  ['pedra', 'Pedra', 'Stone', 'pedra, rocha', 'stone, rock, boulder', 'Pedras podem evocar firmeza, peso ou obstáculos.', 'Stones can evoke firmness, weight or obstacles.'],
  ['areia', 'Areia', 'Sand', 'areia, duna', 'sand, dune', 'A areia pode sugerir o tempo escorrendo ou um terreno instável.', 'Sand may suggest time slipping away or unstable ground.'],
  ['ilha', 'Ilha', 'Island', 'ilha', 'island', 'Uma ilha pode falar de isolamento ou de um refúgio só seu.', 'An island can speak of isolation or a refuge of your own.'],
  ['caverna', 'Caverna', 'Cave', 'caverna, gruta, túnel', 'cave, cavern, tunnel', 'Cavernas e túneis podem evocar o mundo interior e passagens de transição.', 'Caves and tunnels can evoke the inner world and passages of transition.'],
  ['deserto', 'Deserto', 'Desert', 'deserto', 'desert', 'Um deserto pode sugerir solidão, sede de algo ou um período árido.', 'A desert may suggest solitude, a thirst for something or a dry season.'],
  ['arco_iris', 'Arco-íris', 'Rainbow', 'arco-íris', 'rainbow', 'O arco-íris pode representar promessa, reconciliação ou alegria depois do difícil.', 'A rainbow can represent promise, reconciliation or joy after hardship.'],
  ['terremoto', 'Terremoto', 'Earthquake', 'terremoto, tremor', 'earthquake, quake', 'Um terremoto pode refletir a sensação de que bases firmes estão mudando.', 'An earthquake can mirror the sense that solid ground is shifting.'],
  ['enchente', 'Enchente', 'Flood', 'enchente, inundação, inundou, alagado, alagada, alagou, alagamento, água subindo, agua foi subindo, água não parava de subir', 'flood, flooding, flooded, water rising, water kept rising, water came up, water coming in', 'Uma enchente pode sugerir sentir-se transbordado por emoções ou demandas.', 'A flood may suggest feeling overwhelmed by emotions or demands.'],
  ['afogamento', 'Afogamento', 'Drowning', 'afogar, afogando, afogado, afogamento, engoli água, engolindo água, fui pro fundo, afundando, afundei', 'drown, drowning, drowned, went under, pulled under, pulled me under, dragged me under, swallowed water, swallowed so much water, overboard', 'Afogar-se pode falar de sobrecarga e de precisar de ar ou apoio.', 'Drowning can speak of overload and of needing air or support.'],
  // Animals
  ['cachorro', 'Cachorro', 'Dog', 'cachorro, cão, cães, cadela, filhote, vira-lata', 'dog, puppy, hound', 'Um cachorro pode representar lealdade, amizade ou instintos de proteção.', 'A dog can stand for loyalty, friendship or protective instincts.'],
  ['gato', 'Gato', 'Cat', 'gato, gatinho', 'cat, kitten, kitty', 'Um gato pode evocar independência, intuição ou mistério.', 'A cat can evoke independence, intuition or mystery.'],
  ['cobra', 'Cobra', 'Snake', 'cobra, serpente, víbora', 'snake, serpent, viper', 'A cobra pode sugerir medo, transformação ou algo que troca de pele.', 'A snake may suggest fear, transformation or something shedding its skin.'],
  ['aranha', 'Aranha', 'Spider', 'aranha, teia, tarântula, caranguejeira', 'spider, web, cobweb, tarantula', 'A aranha pode falar de criatividade paciente ou de sentir-se enredado.', 'A spider may speak of patient creativity or of feeling entangled.'],
  ['passaro', 'Pássaro', 'Bird', 'pássaro, ave, passarinho, pomba, águia, corvo, galinha, galo, pato, papagaio, cisne, gaivota, periquito, pinguim', 'bird, pigeon, eagle, crow, raven, chicken, hen, rooster, parrot, swan, seagull, penguin, goose, geese', 'Pássaros podem evocar liberdade, mensagens e leveza.', 'Birds can evoke freedom, messages and lightness.'],
  ['peixe', 'Peixe', 'Fish', 'peixe, tubarão, baleia, golfinho', 'fish, shark, whale, dolphin', 'Criaturas do mar podem representar conteúdos emocionais que emergem das profundezas.', 'Sea creatures can represent emotional contents rising from the depths.'],
  ['cavalo', 'Cavalo', 'Horse', 'cavalo, égua, potro', 'horse, mare, pony', 'Um cavalo pode sugerir força, impulso e liberdade de movimento.', 'A horse may suggest strength, drive and freedom of movement.'],
  ['leao', 'Leão', 'Lion', 'leão, leoa, tigre, onça', 'lion, lioness, tiger, jaguar', 'Grandes felinos podem falar de coragem, poder ou de uma ameaça percebida.', 'Big cats can speak of courage, power or a perceived threat.'],
  ['lobo', 'Lobo', 'Wolf', 'lobo, loba', 'wolf, wolves', 'O lobo pode evocar instinto, pertencimento ao grupo ou desconfiança.', 'A wolf may evoke instinct, belonging to a pack or mistrust.'],
  ['rato', 'Rato', 'Rat', 'rato, ratazana, camundongo', 'rat, mouse, mice', 'Ratos podem sugerir pequenas preocupações que roem por dentro.', 'Rats may suggest small worries gnawing from within.'],
  ['inseto', 'Inseto', 'Insect', 'inseto, barata, formiga, mosca, mosquito, abelha, vespa', 'insect, bug, cockroach, ant, mosquito, bee, wasp', 'Insetos podem representar incômodos persistentes ou muitas coisas pequenas ao mesmo tempo.', 'Insects can represent persistent nuisances or many small things at once.'],
  ['borboleta', 'Borboleta', 'Butterfly', 'borboleta, mariposa, casulo', 'butterfly, moth, cocoon', 'A borboleta pode evocar transformação e renovação.', 'A butterfly can evoke transformation and renewal.'],
  ['urso', 'Urso', 'Bear', 'urso, ursa', 'bear', 'Um urso pode falar de força protetora ou de algo que pede recolhimento.', 'A bear may speak of protective strength or something asking for retreat.'],
  ['macaco', 'Macaco', 'Monkey', 'macaco, macaca, gorila', 'monkey, ape, gorilla', 'Um macaco pode sugerir brincadeira, imitação ou inquietação.', 'A monkey may suggest play, imitation or restlessness.'],
  ['jacare', 'Jacaré', 'Crocodile', 'jacaré, crocodilo', 'crocodile, alligator', 'Um jacaré pode representar perigo escondido sob águas calmas.', 'A crocodile can represent danger hidden under calm waters.'],
  ['coruja', 'Coruja', 'Owl', 'coruja', 'owl', 'A coruja pode evocar sabedoria, vigilância e o que se vê no escuro.', 'An owl can evoke wisdom, watchfulness and what is seen in the dark.'],
  ['vaca', 'Vaca', 'Cow', 'vaca, boi, touro', 'cow, oxen, bull, cattle', 'Bois e vacas podem sugerir nutrição, paciência ou força teimosa.', 'Cattle may suggest nourishment, patience or stubborn strength.'],
  ['monstro', 'Monstro', 'Monster', 'monstro, criatura, demônio, fantasma, zumbi, bruxa, vampiro, vampira, lobisomem, dinossauro, ogro', 'monster, creature, demon, ghost, zombie, witch, vampire, werewolf, dinosaur, ogre, beast', 'Monstros podem dar forma a medos ou partes de si ainda sem nome.', 'Monsters may give shape to fears or parts of yourself still unnamed.'],
  ['dragao', 'Dragão', 'Dragon', 'dragão', 'dragon', 'Um dragão pode representar um grande desafio ou um poder a ser integrado.', 'A dragon can represent a great challenge or a power to be embraced.'],
  ['ovo', 'Ovo', 'Egg', 'ovo', 'egg', 'Um ovo pode sugerir potencial, começo ou algo ainda frágil.', 'An egg may suggest potential, a beginning or something still fragile.'],
  // Body
  ['dentes', 'Dentes', 'Teeth', 'dente, dentadura, gengiva', 'tooth, teeth, gum', 'Dentes costumam evocar aparência, autoconfiança ou medo de perder algo.', 'Teeth often evoke appearance, self-confidence or a fear of losing something.'],
  ['cabelo', 'Cabelo', 'Hair', 'cabelo, careca', 'hair, bald', 'O cabelo pode falar de identidade, vitalidade e de como você se apresenta.', 'Hair may speak of identity, vitality and how you present yourself.'],
  ['sangue', 'Sangue', 'Blood', 'sangue, sangrar, sangrando, ferida, ferimento', 'blood, bleed, bleeding, wound', 'O sangue pode evocar vitalidade, perda de energia ou algo que machuca.', 'Blood can evoke vitality, a loss of energy or something that hurts.'],
  ['olhos', 'Olhos', 'Eyes', 'olho, olhos, olhinho, olhão, cego, cegueira, pupila, cílios', 'eye, eyes, eyeball, blind, blindness, eyelashes', 'Olhos podem sugerir percepção, ser visto ou não querer ver.', 'Eyes may suggest perception, being seen or not wanting to see.'],
  ['maos', 'Mãos', 'Hands', 'mão, mãos, dedo', 'hand, hands, finger, fingers', 'As mãos podem falar de capacidade de agir, criar ou segurar.', 'Hands may speak of the capacity to act, create or hold on.'],
  ['pes', 'Pés', 'Feet', 'pés, pezinho, descalço, descalça, pé descalço, o pé, meu pé, no pé, do pé', 'foot, feet, barefoot', 'Pés podem representar direção, base e o caminho que se escolhe.', 'Feet can represent direction, grounding and the path one chooses.'],
  ['boca', 'Boca', 'Mouth', 'boca, lábio, língua', 'mouth, lip, tongue', 'A boca pode evocar o que se diz, o que se cala ou o que se deseja.', 'A mouth can evoke what is said, what is held back or what is desired.'],
  ['voz', 'Voz', 'Voice', 'voz, grito, gritar, gritando, mudo', 'voice, scream, shout, mute, yell, yelling, yelled, screaming, screamed, shouting, shouted, couldn t speak, lost my voice', 'Voz e grito podem falar de ser ouvido ou de não conseguir se expressar.', 'Voice and screams may speak of being heard or of struggling to speak up.'],
  ['coracao', 'Coração', 'Heart', 'coração', 'heart, heartbeat', 'O coração pode representar afeto, coragem ou um ponto sensível.', 'The heart can represent affection, courage or a tender spot.'],
  ['gravidez', 'Gravidez', 'Pregnancy', 'grávida, gravidez, parto, gestação, grávida, gravida, bebê na barriga, teste de gravidez, cesárea, cesariana, sala de parto', 'pregnant, pregnancy, childbirth, labor, pregnant, expecting a baby, baby bump, giving birth, gave birth, give birth, c section, delivery room', 'A gravidez pode simbolizar um projeto ou uma parte de você em gestação.', 'Pregnancy can symbolize a project or a part of you taking shape.'],
  ['bebe', 'Bebê', 'Baby', 'bebê, recém-nascido', 'baby, newborn, infant', 'Um bebê pode falar de um novo começo, vulnerabilidade ou algo que pede cuidado.', 'A baby may speak of a new start, vulnerability or something that needs care.'],
  ['ex', 'Ex-parceiro', 'Ex-partner', 'meu ex, minha ex, o ex, a ex, ex-namorado, ex-namorada, ex-marido, ex-mulher, ex-esposa, antigo namorado, antiga namorada', 'my ex, an ex, ex-boyfriend, ex-girlfriend, ex-husband, ex-wife, former partner', 'Um ex no sonho costuma falar mais de uma fase, de um padrão ou de uma parte de você do que da pessoa em si.', 'An ex in a dream often speaks more of a phase, a pattern or a part of you than of the person.'],
  ['doenca', 'Doença', 'Illness', 'doença, doente, febre, internado, internada, câncer, cancer, tosse, tossir, gripe, gripado, gripada, virose, infecção', 'illness, disease, fever, ill, cancer, hospital bed, heart attack, stroke, sick, sickly, cough, coughing, flu, infection', 'Adoecer no sonho pode sugerir cansaço ou algo que pede atenção.', 'Being ill in a dream may suggest tiredness or something asking for attention.'],
  ['paralisia', 'Paralisia', 'Paralysis', 'paralisado, paralisia, travado, imóvel, não conseguia me mexer, nao conseguia me mexer, não conseguia mexer, corpo travado, pernas não mexiam, pernas nao mexiam, pernas não se mexiam, pernas nao se mexiam, corpo não mexia, corpo nao mexia, corpo não obedecia, corpo nao obedecia', 'paralyzed, paralysis, frozen stiff, unable to move, couldn t move, could not move, sleep paralysis, legs would not move, legs wouldn t move, body would not move, body wouldn t move', 'Não conseguir se mexer pode refletir sentir-se sem saída em alguma situação.', 'Being unable to move can mirror feeling stuck in some situation.'],
  ['espelho', 'Espelho', 'Mirror', 'espelho, reflexo', 'mirror, reflection', 'Um espelho pode convidar a olhar para a própria imagem e identidade.', 'A mirror may invite a look at your own image and identity.'],
  // Home and objects
  ['casa', 'Casa', 'House', 'casa, lar, minha casa, em casa, casa da', 'house, home, my house, our house, her house, his house, grandma s house, house, at home, back home', 'A casa costuma representar você mesmo, sua vida interior e sua segurança.', 'A house often represents yourself, your inner life and your safety.'],
  ['porta', 'Porta', 'Door', 'porta, portão, maçaneta', 'door, doors, doorway, doorknob, garden gate', 'Portas podem sugerir oportunidades, passagens ou limites.', 'Doors may suggest opportunities, passages or boundaries.'],
  ['janela', 'Janela', 'Window', 'janela', 'window', 'Uma janela pode representar perspectiva e o que se observa de fora.', 'A window can represent perspective and what is watched from outside.'],
  ['escada', 'Escada', 'Stairs', 'escada, degrau, escadaria, escada rolante, degraus, subindo a escada, descendo a escada', 'stairs, staircase, ladder, steps, stairway, stairwell, escalator, escalators, staircase', 'Escadas podem falar de progresso, subida ou descida de ânimo.', 'Stairs may speak of progress, rising or sinking moods.'],
  ['quarto', 'Quarto', 'Bedroom', 'quarto, dormitório, meu quarto, quarto dela, quarto dele, quarto de hóspede, quarto de hospede', 'bedroom, my room, bedroom', 'O quarto pode evocar intimidade e descanso.', 'A bedroom can evoke intimacy and rest.'],
  ['cama', 'Cama', 'Bed', 'cama, colchão, travesseiro', 'bed, mattress, pillow', 'A cama pode sugerir repouso, intimidade ou vulnerabilidade.', 'A bed may suggest rest, intimacy or vulnerability.'],
  ['banheiro', 'Banheiro', 'Bathroom', 'banheiro, privada, vaso sanitário, banho, banheira, chuveiro, ducha', 'bathroom, toilet, restroom, bath, bathtub, shower', 'O banheiro pode falar de privacidade e da necessidade de soltar algo.', 'A bathroom may speak of privacy and a need to let something go.'],
  ['cozinha', 'Cozinha', 'Kitchen', 'cozinha, fogão, panela', 'kitchen, stove, pan', 'A cozinha pode evocar nutrição, cuidado e convivência.', 'A kitchen can evoke nourishment, care and togetherness.'],
  ['porao', 'Porão', 'Basement', 'porão, sótão', 'basement, cellar, attic', 'Porões e sótãos podem guardar memórias ou assuntos esquecidos.', 'Basements and attics may hold memories or forgotten matters.'],
  ['chave', 'Chave', 'Key', 'chave, fechadura, cadeado', 'key, lock, padlock', 'Uma chave pode sugerir a solução de algo ou acesso a uma parte escondida.', 'A key may suggest the answer to something or access to a hidden part.'],
  ['telefone', 'Telefone', 'Phone', 'telefone, celular, ligação, telefonema, telefonar, liguei pra, me ligou, ligou pra mim, atendi o telefone, celular, mensagem, whatsapp, zap, ligava, ligou, liguei, ligar pro, ligar pra', 'phone, telephone, cellphone, phone call, texted, text message, texting, my phone, her phone, his phone, voicemail, a call from, got a call, call him back, call her back, call you back, called me back', 'Um telefone pode falar de comunicação, espera ou conexão com alguém.', 'A phone may speak of communication, waiting or connection with someone.'],
  ['dinheiro', 'Dinheiro', 'Money', 'dinheiro, moeda, carteira, tesouro, grana', 'money, coin, cash, wallet, treasure, dollars, dollar, winnings, paycheck', 'Dinheiro pode representar valor próprio, segurança ou troca.', 'Money can represent self-worth, security or exchange.'],
  ['roupa', 'Roupa', 'Clothes', 'roupa, vestido, camisa, calça, uniforme, camiseta, blusa, jaqueta, casaco, pijama, cueca, calcinha, sutiã, moletom, chapéu, boné, bermuda, gravata', 'clothes, clothing, dress, shirt, pants, uniform, skirt, jacket, coat, sweater, pajamas, underwear, hat, jeans, suit, bra, something to wear, nothing to wear, what to wear', 'Roupas podem falar dos papéis que você veste e de como quer ser visto.', 'Clothes may speak of the roles you wear and how you want to be seen.'],
  ['sapato', 'Sapato', 'Shoes', 'sapato, tênis, bota, chinelo', 'shoe, sneaker, boot, slipper', 'Sapatos podem sugerir o caminho, a preparação ou a identidade.', 'Shoes may suggest the path, readiness or identity.'],
  ['bolsa', 'Bolsa', 'Bag', 'bolsa, mala, mochila, bagagem', 'bag, suitcase, backpack, luggage', 'Malas e bolsas podem evocar o que você carrega, inclusive pesos emocionais.', 'Bags and suitcases may evoke what you carry, emotional weight included.'],
  ['relogio', 'Relógio', 'Clock', 'relógio, despertador, ponteiro', 'clock, wristwatch, alarm clock, hourglass, my watch, his watch, her watch, a watch', 'Um relógio pode refletir pressão do tempo ou prazos.', 'A clock can mirror time pressure or deadlines.'],
  ['livro', 'Livro', 'Book', 'livro, caderno, diário, apostila', 'book, notebook, diary, textbook', 'Livros podem sugerir conhecimento, memória ou uma história em escrita.', 'Books may suggest knowledge, memory or a story being written.'],
  ['carta', 'Carta', 'Letter', 'carta, mensagem, bilhete, envelope', 'letter, message, envelope, a note from, left a note, wrote a note, a note for', 'Uma carta pode falar de algo a ser dito ou de uma notícia esperada.', 'A letter may speak of something to be said or news awaited.'],
  ['presente', 'Presente', 'Gift', 'presente, embrulho', 'gift, present', 'Um presente pode evocar reconhecimento, afeto ou um talento.', 'A gift can evoke recognition, affection or a talent.'],
  ['anel', 'Anel', 'Ring', 'anel, aliança', 'ring, wedding ring, engagement ring', 'Um anel pode representar compromisso, vínculo ou promessa.', 'A ring can represent commitment, a bond or a promise.'],
  ['joia', 'Joia', 'Jewel', 'joia, colar, brinco, diamante, ouro, pulseira, pérola, piercing', 'jewel, jewelry, necklace, earring, diamond, piercing, nose ring, bracelet, pearl, pearls', 'Joias podem sugerir algo precioso que você valoriza em si.', 'Jewels may suggest something precious you value in yourself.'],
  ['faca', 'Faca', 'Knife', 'faca, espada, tesoura, navalha, facada, esfaquear, punhal, canivete', 'knife, knives, sword, scissors, blade, stab, dagger, machete', 'Lâminas podem evocar cortes, decisões ou sentir-se ameaçado.', 'Blades can evoke cuts, decisions or feeling threatened.'],
  ['arma', 'Arma', 'Gun', 'arma, revólver, pistola, tiro, tiros, bala perdida, atirar, baleado, baleada, metralhadora, fuzil, tiroteio', 'gun, pistol, rifle, shot, shots, bullet, shoot, shooter, gunshot, shotgun, gunfire, shootout', 'Armas podem falar de conflito, defesa ou sensação de perigo.', 'Weapons may speak of conflict, defense or a sense of danger.'],
  ['comida', 'Comida', 'Food', 'comida, comer, comendo, refeição, banquete, hambúrguer, lanche, sanduíche, pizza, batata frita', 'food, eating, ate, meal, feast, breakfast, dinner, lunch, sandwich, pizza, soup, snack, burger, hamburger, cheeseburger, fries', 'Comida pode evocar nutrição, desejo ou aquilo de que você sente falta.', 'Food can evoke nourishment, desire or something you are missing.'],
  ['bolo', 'Bolo', 'Cake', 'bolo, doce, chocolate, sorvete', 'cake, candy, chocolate, cupcake, dessert, ice cream, ice creams', 'Doces podem sugerir recompensa, celebração ou conforto.', 'Sweets may suggest reward, celebration or comfort.'],
  ['fruta', 'Fruta', 'Fruit', 'fruta, maçã, banana, uva, morango, manga madura, abacaxi', 'fruit, apple, banana, grapes, strawberry, oranges, peach, pineapple', 'Frutas podem falar de colheita, fertilidade ou tentação.', 'Fruit may speak of harvest, fertility or temptation.'],
  ['vela', 'Vela', 'Candle', 'vela', 'candle', 'Uma vela pode evocar esperança, fé ou uma luz frágil.', 'A candle can evoke hope, faith or a fragile light.'],
  ['foto', 'Foto', 'Photo', 'foto, fotografia, retrato, câmera', 'photo, photograph, picture, camera', 'Fotos podem sugerir memórias e o desejo de guardar um momento.', 'Photos may suggest memories and the wish to keep a moment.'],
  ['computador', 'Computador', 'Computer', 'computador, tela, internet, notebook, planilha, planilhas', 'computer, screen, laptop, internet, spreadsheet, spreadsheets', 'Telas podem falar de conexão, trabalho ou distância das pessoas.', 'Screens may speak of connection, work or distance from people.'],
  ['boneca', 'Boneca', 'Doll', 'boneca, brinquedo, boneco', 'doll, toy, puppet', 'Brinquedos podem evocar a infância e partes brincalhonas ou esquecidas.', 'Toys can evoke childhood and playful or forgotten parts.'],
  ['mascara', 'Máscara', 'Mask', 'máscara, fantasia', 'mask, costume', 'Uma máscara pode falar do que se mostra e do que se esconde.', 'A mask may speak of what is shown and what is hidden.'],
  ['caixa', 'Caixa', 'Box', 'caixa, baú, gaveta', 'box, boxes, treasure chest, drawer', 'Uma caixa pode guardar segredos, lembranças ou algo por abrir.', 'A box may hold secrets, memories or something yet to open.'],
  ['lixo', 'Lixo', 'Trash', 'lixo, sujeira, sujo', 'trash, garbage, dumpster, filthy', 'Lixo e sujeira podem sugerir algo a descartar ou limpar.', 'Trash and dirt may suggest something to discard or clean up.'],
  ['muro', 'Muro', 'Wall', 'muro, parede, cerca', 'wall, fence', 'Muros podem representar limites, proteção ou barreiras.', 'Walls can represent limits, protection or barriers.'],
  ['ponte', 'Ponte', 'Bridge', 'ponte', 'bridge', 'Uma ponte pode sugerir transição e a ligação entre duas fases.', 'A bridge may suggest transition and the link between two phases.'],
  ['elevador', 'Elevador', 'Elevator', 'elevador', 'elevator', 'Um elevador pode falar de subidas e descidas rápidas na vida.', 'An elevator may speak of quick ups and downs in life.'],
  ['labirinto', 'Labirinto', 'Maze', 'labirinto, corredor', 'maze, labyrinth, corridor, hallway', 'Labirintos e corredores podem refletir indecisão ou busca de saída.', 'Mazes and corridors can mirror indecision or a search for a way out.'],
  // Travel and movement
  ['carro', 'Carro', 'Car', 'carro, dirigir, dirigindo, volante, caminhão, táxi, moto, motocicleta, caminhonete', 'car, drive, driving, steering wheel, truck, taxi, limousine, limo, motorcycle, van, jeep', 'Dirigir pode falar de controle sobre a direção da própria vida.', 'Driving may speak of control over the direction of your life.'],
  ['aviao_simbolo', 'Avião', 'Airplane', 'avião, voo de avião, aeroporto', 'airplane, plane, aircraft, airport', 'Um avião pode evocar grandes mudanças, viagens ou ambições.', 'An airplane can evoke big changes, journeys or ambitions.'],
  ['trem', 'Trem', 'Train', 'trem, metrô, estação', 'train, subway, train station, railway, metro', 'Trens podem sugerir um caminho já traçado ou o medo de perder a vez.', 'Trains may suggest a set path or the fear of missing your turn.'],
  ['onibus', 'Ônibus', 'Bus', 'ônibus', 'bus, coach', 'Um ônibus pode falar de trajetos compartilhados e de seguir o ritmo dos outros.', 'A bus may speak of shared routes and keeping pace with others.'],
  ['barco', 'Barco', 'Boat', 'barco, navio, canoa, bote', 'boat, ship, canoe, sail, raft', 'Um barco pode representar como você navega as emoções.', 'A boat can represent how you navigate emotions.'],
  ['bicicleta', 'Bicicleta', 'Bicycle', 'bicicleta, bike', 'bicycle, bike', 'A bicicleta pode sugerir equilíbrio e esforço próprio.', 'A bicycle may suggest balance and your own effort.'],
  ['estrada', 'Estrada', 'Road', 'estrada, caminho, trilha, rodovia', 'road, path, trail, highway', 'Uma estrada pode evocar a jornada e as escolhas de direção.', 'A road can evoke the journey and choices of direction.'],
  ['acidente', 'Acidente', 'Accident', 'acidente, batida, colisão, capotar', 'accident, crash, collision', 'Um acidente pode refletir medo de perder o controle ou de um choque.', 'An accident can mirror a fear of losing control or of a shock.'],
  ['voo', 'Voo', 'Flight', 'voar, voando, voei, voou, voava, voamos, voaram, voavam, flutuar, flutuando, planar', 'flying, flew, flown, could fly, can fly, fly away, floating, soar, soaring, glide, gliding, levitate, levitating, to fly', 'Voar costuma evocar liberdade, leveza ou vontade de ver as coisas de cima.', 'Flying often evokes freedom, lightness or a wish to see things from above.'],
  ['queda', 'Queda', 'Fall', 'cair, caindo, caí, caiu, caia, caíam, queda, despencar, despencando', 'fall, falling, fell, fallen, plunge, plunging', 'Cair pode refletir insegurança, perda de apoio ou medo de fracassar.', 'Falling may mirror insecurity, loss of support or fear of failing.'],
  ['corrida', 'Corrida', 'Running', 'correr, correndo, corri, corria, correu, corrida', 'running away, ran away, run away, running from, ran from, run from, ran as fast, running as fast, sprinting, sprinted, race, i ran, we ran, kept running, started running, was running, were running, running through, ran through, running down, ran down, running up, ran up, running across, ran across, ran and ran', 'Correr pode falar de pressa, fuga ou busca de algo.', 'Running may speak of hurry, escape or chasing something.'],
  ['nadar', 'Nadar', 'Swimming', 'nadar, nadando, nadei, mergulhar, mergulhando', 'swim, swimming, swam, dive, diving', 'Nadar pode sugerir como você lida com as próprias emoções.', 'Swimming may suggest how you handle your own emotions.'],
  ['mapa', 'Mapa', 'Map', 'mapa, bússola, endereço', 'map, compass, address', 'Mapas e endereços podem falar de orientação e de procurar o rumo.', 'Maps and addresses may speak of orientation and finding your way.'],
  ['passaporte', 'Passaporte', 'Passport', 'passaporte, documento, bilhete de viagem', 'passport, document, ticket', 'Documentos podem evocar identidade e permissão para seguir adiante.', 'Documents can evoke identity and permission to move on.'],
  // Places (as symbols)
  ['escola_simbolo', 'Escola', 'School', 'escola, colégio, faculdade, universidade, sala de aula, escola, facul, colegio, sala de aula, aula, professor, professora, vestibular, recreio, pátio da escola', 'school, college, university, classroom, high school, highschool, middle school, teacher, class, lecture, homework, campus', 'A escola pode evocar aprendizado, avaliação ou lembranças de antigas cobranças.', 'School can evoke learning, evaluation or memories of old pressures.'],
  ['hospital_simbolo', 'Hospital', 'Hospital', 'hospital, médico, enfermeira, cirurgia, ambulância, maca de hospital', 'hospital, doctor, nurse, surgery, ambulance, paramedic, paramedics', 'Um hospital pode sugerir cuidado, cura ou preocupação com a saúde.', 'A hospital may suggest care, healing or concern about health.'],
  ['igreja', 'Igreja', 'Church', 'igreja, templo, capela, altar', 'church, temple, chapel, altar', 'Um templo pode falar de fé, valores ou busca de sentido.', 'A temple may speak of faith, values or a search for meaning.'],
  ['cemiterio', 'Cemitério', 'Cemetery', 'cemitério, túmulo, caixão, velório, enterro', 'cemetery, grave, coffin, funeral, burial', 'O cemitério pode evocar despedidas, luto ou o fim de uma fase.', 'A cemetery can evoke farewells, grief or the end of a phase.'],
  ['prisao', 'Prisão', 'Prison', 'prisão, cadeia, atrás das grades, jaula, cela', 'prison, jail, jail cell, prison cell, behind bars, cage, concentration camp, prison camp', 'Uma prisão pode refletir sentir-se limitado ou culpado.', 'A prison can mirror feeling limited or guilty.'],
  ['festa', 'Festa', 'Party', 'festa, aniversário, celebração, balada, aniversário, churrasco, formatura, parabéns, karaokê', 'party, birthday party, celebration, bbq, barbecue, wedding reception, prom', 'Uma festa pode falar de pertencimento, celebração ou pressão social.', 'A party may speak of belonging, celebration or social pressure.'],
  ['casamento', 'Casamento', 'Wedding', 'casamento, noiva, noivo', 'wedding, bride, groom, getting married, got married, marriage', 'Um casamento pode simbolizar união, compromisso ou integração de partes suas.', 'A wedding can symbolize union, commitment or the joining of parts of you.'],
  ['palco', 'Palco', 'Stage', 'palco, plateia, show de, no show, holofote, auditório, teatro, peça de teatro, ensaiar', 'stage, audience, concert, spotlight, onstage, auditorium, theater, theatre, rehearsal, rehearsing, performance, school play, a play, the play, in a play', 'Um palco pode evocar exposição, reconhecimento ou medo de julgamento.', 'A stage can evoke exposure, recognition or fear of judgement.'],
  ['shopping', 'Loja', 'Shop', 'loja, mercado, shopping, supermercado, livraria', 'shop, store, market, mall, supermarket, grocery store, bookstore, boutique, department store', 'Lojas podem falar de escolhas, desejos e do que lhe falta.', 'Shops may speak of choices, desires and what you lack.'],
  ['piscina', 'Piscina', 'Pool', 'piscina', 'pool, swimming pool', 'Uma piscina pode sugerir emoções em um espaço contido e seguro.', 'A pool may suggest emotions in a contained, safe space.'],
  ['castelo', 'Castelo', 'Castle', 'castelo, palácio', 'castle, palace', 'Um castelo pode evocar proteção, ideais ou isolamento.', 'A castle can evoke protection, ideals or isolation.'],
  ['ruinas', 'Ruínas', 'Ruins', 'ruína, destroços, desabar, desabando, desmoronar', 'ruin, ruins, rubble, collapse, collapsing', 'Ruínas podem falar do que acabou e do que pode ser reconstruído.', 'Ruins may speak of what has ended and what could be rebuilt.'],
  // Actions and situations
  ['morte_simbolo', 'Morte', 'Death', 'morte, morrer, morrendo, morreu, morri, morto, morta, falecer, faleceu, foi morto, foi morta, foram mortos', 'death, die, dying, died, dead, killed her, killed him, killed them, killed me, killed my, was killed, were killed, got killed, killed himself, killed herself', 'A morte em sonhos costuma simbolizar fim de ciclo e transformação, não um aviso literal.', 'Death in dreams usually symbolizes the end of a cycle and change, not a literal warning.'],
  ['perseguicao', 'Perseguição', 'Chase', 'perseguir, fugir, me seguir, me seguindo, me seguia, me seguiu, correndo atrás, correu atrás, vindo atrás, veio atrás', 'chase, pursue, flee, fled, following me, followed me, came after me, coming after me, hunting me, was behind me, something behind me, someone behind me, right behind me, came for me, coming for me, comes for me, came for us, coming for us, comes for us', 'Ser perseguido pode refletir algo que você está evitando encarar.', 'Being chased may mirror something you are avoiding facing.'],
  ['prova_simbolo', 'Prova', 'Exam', 'prova, exame, teste, vestibular, enem, avaliação', 'exam, test, quiz, examination, take a test, taking a test, took a test, giving a test, gave a test, give a test, taking the test, took the test, failed the test, passed the test, test back, tests back', 'Provas podem evocar sentir-se avaliado ou despreparado.', 'Exams may evoke feeling judged or unprepared.'],
  ['atraso', 'Atraso', 'Lateness', 'atrasado, atrasada, atraso, atrasar, perder a hora', 'late, delay, delayed, missed the bus, missed the train, missed my flight', 'Estar atrasado pode falar de pressão e do medo de perder oportunidades.', 'Being late may speak of pressure and a fear of missing opportunities.'],
  ['nudez', 'Nudez', 'Nudity', 'nua, pelado, pelada, pelados, nudez, sem roupa, sem roupas, estava nu, tava nu, fiquei nu', 'naked, nude, nudity', 'Estar nu pode refletir vulnerabilidade ou medo de ser exposto.', 'Being naked may mirror vulnerability or fear of being exposed.'],
  ['briga', 'Briga', 'Fight', 'briga, brigar, brigando, discussão, discutir, luta, lutar, lutando, brigou, brigaram, brigamos, discutimos, discutiu, gritando comigo, xingando, bati nele, porrada, soco', 'fight, fighting, fought, argue, argument, quarrel, fighting, fought, argued, arguing, yelling at, screaming at, screaming match', 'Brigas podem dar forma a conflitos internos ou tensões não ditas.', 'Fights may give shape to inner conflict or unspoken tension.'],
  ['beijo', 'Beijo', 'Kiss', 'beijo, beijar, beijando', 'kiss, kissing, making out, made out, make out', 'Beijos e abraços podem evocar desejo de proximidade e aceitação.', 'Kisses and hugs can evoke a wish for closeness and acceptance.'],
  ['sexo', 'Sexo', 'Sex', 'sexo, transar, transa, sexual, fazer amor, fazendo amor, fizemos amor, fez amor, fazia amor, transando, tesão, pênis, ereção, orgasmo', 'sex, sexual, intercourse, make love, made love, making love, hooking up, hooked up, had sex, having sex, penis, erection, orgasm, getting it on, went down on', 'A intimidade no sonho pode falar de união, criatividade ou necessidades afetivas.', 'Intimacy in a dream may speak of union, creativity or emotional needs.'],
  ['traicao', 'Traição', 'Betrayal', 'trair, traição, traindo, traiu, amante', 'betray, betrayal, cheat, cheating, affair, cheated on, cheats on, was cheating on', 'Traição pode refletir insegurança no vínculo ou medo de ser deixado.', 'Betrayal may mirror insecurity in a bond or fear of being left.'],
  ['choro', 'Choro', 'Crying', 'chorar, chorando, chorei, choro, lágrima', 'cry, crying, cried, tear, tears, weep', 'Chorar pode ser um alívio de emoções guardadas.', 'Crying may be a release of held-back emotions.'],
  ['riso', 'Riso', 'Laughter', 'rir, rindo, risada, gargalhada', 'laugh, laughing, laughed, laughter', 'O riso pode sugerir leveza, alívio ou nervosismo.', 'Laughter may suggest lightness, relief or nervousness.'],
  ['esconder', 'Esconder-se', 'Hiding', 'esconder, escondendo, escondido, escondida, esconderijo', 'hide, hiding, hid, hidden', 'Esconder-se pode falar de proteção ou de evitar ser visto.', 'Hiding may speak of protection or avoiding being seen.'],
  ['procura', 'Procura', 'Searching', 'procurar, procurando, buscar, buscando, procurei, procurava, procurava, buscava, não achava, nao achava, tentando achar, não encontrava', 'search, searching, looking for, looked all around, looking all around, look for, looked for, trying to find, tried to find, couldn t find, could not find, find my, find the, looking everywhere, searched, couldn t find, trouble finding, looked all over, looking all over, looked everywhere', 'Procurar algo pode refletir uma busca por algo que falta na vida desperta.', 'Searching for something may mirror a quest for something missing in waking life.'],
  ['perda', 'Perda', 'Loss', 'perder, perdendo, perdi, perdeu, sumir, sumiu, desaparecer, desapareceu', 'lose, losing, vanish, vanished, disappear, disappeared, lost my, lost the, lost our, lost his, lost her, lost their, lost all', 'Perder algo pode falar de medo de perda ou de algo que está mudando.', 'Losing something may speak of fear of loss or of something changing.'],
  ['roubo', 'Roubo', 'Theft', 'roubo, ladrão, assalto, roubar, roubaram, assaltante, assaltado, assaltada, roubou, roubado, roubada, levaram, furto, puxou minha bolsa', 'theft, thief, robbery, rob, robbed, steal, stolen, burglar, stole, robbed, mugged, burglary, broke into, breaking into', 'Um roubo pode refletir a sensação de que algo seu está sendo tirado.', 'A theft may mirror a feeling that something of yours is being taken.'],
  ['ataque', 'Ataque', 'Attack', 'ataque, atacar, mordida, morder, matar, assassinar, assassino, assassinato, esfaquear, espancar, agredir, agressão, apanhar de, socar, socos, estrangular', 'attack, bite, bitten, kill, murder, murderer, stab, beat up, beat me up, beating me, beat him, beaten, assault, punched, strangle, strangled', 'Ser atacado pode dar forma a uma ameaça ou crítica sentida.', 'Being attacked may give shape to a felt threat or criticism.'],
  ['guerra', 'Guerra', 'War', 'guerra, soldado, bomba, explosão, exército, batalha, míssil, granada, terrorista, atentado', 'war, soldier, bomb, explosion, explosions, army, battle, battlefield, troops, missile, grenade, terrorist, terrorists', 'A guerra pode refletir conflito intenso, interno ou ao redor.', 'War can mirror intense conflict, within or around you.'],
  ['fim_do_mundo', 'Fim do mundo', 'End of the world', 'apocalipse, fim do mundo, meteoro, asteroide, cometa', 'apocalypse, end of the world, meteor, asteroid, comet', 'O fim do mundo pode simbolizar uma grande mudança sentida como total.', 'The end of the world may symbolize a big change felt as total.'],
  ['dancar', 'Dança', 'Dance', 'dançar, dançando, dança', 'dance, dancing, danced', 'Dançar pode evocar expressão, harmonia e liberdade do corpo.', 'Dancing can evoke expression, harmony and bodily freedom.'],
  ['cantar', 'Canto', 'Singing', 'cantar, cantando, música, canção, hino, melodia', 'sing, singing, sang, music, song, choir, hymn, anthem', 'A música pode falar de emoção, memória e expressão.', 'Music may speak of emotion, memory and expression.'],
  ['trabalho_simbolo', 'Trabalho', 'Work', 'trabalho, emprego, escritório, reunião, demissão, chefe, trabalhar, no trabalho, do trabalho, serviço, firma, expediente, colega de trabalho, cliente', 'at work, to work, from work, my job, new job, old job, office, coworker, coworkers, work meeting, got fired, was fired, my boss, boss, meeting, job interview, my desk, shift, employee, employees, got hired, was hired, cashier, cashiers, my manager, colleague, colleagues, where i work, where i worked, get a job, got a job, find a job, job application, job description, job descriptions', 'O trabalho no sonho pode refletir cobranças, ambições ou reconhecimento.', 'Work in a dream can mirror demands, ambitions or recognition.'],
  ['mudanca', 'Mudança', 'Moving house', 'mudança, caixas de mudança, me mudei, mudei de casa, mudar de casa, mudando de casa, nos mudamos, mudamos de casa, caminhão de mudança', 'moving house, moving out, moved house, moving boxes, relocate, moving truck', 'Uma mudança pode simbolizar transição e novas fases.', 'A move can symbolize transition and new phases.'],
  ['trancado', 'Fechadura trancada', 'Locked door', 'trancado, trancada, trancar, porta fechada, sem saída', 'locked, lock in, shut', 'Algo trancado pode falar de limites, segredos ou portas ainda fechadas.', 'Something locked may speak of limits, secrets or doors still closed.'],
  ['viagem_simbolo', 'Viagem', 'Journey', 'viagem, viajar, viajando, turista', 'journey, trip, travel, traveling, tourist', 'Uma viagem pode evocar mudança, descoberta e partida.', 'A journey can evoke change, discovery and departure.'],
  ['quebrado', 'Objeto quebrado', 'Broken object', 'quebrado, quebrada, quebrar, quebrou, rachado, estilhaçado, estilhaçada, em pedaços', 'broken, cracked, shattered, smashed, shatter, shattering, into pieces', 'Algo quebrado pode refletir fragilidade ou algo que precisa de reparo.', 'Something broken may mirror fragility or something needing repair.'],
  ['sombra', 'Sombra', 'Shadow', 'sombra, vulto', 'shadow, silhouette, dark figure, shadowy figure, tall figure', 'Uma sombra pode representar partes de si que ainda não foram reconhecidas.', 'A shadow can represent parts of yourself not yet acknowledged.'],
  ['anjo', 'Anjo', 'Angel', 'anjo, anjos, santo', 'angel, angels, saint', 'Figuras sagradas podem evocar proteção, orientação ou esperança.', 'Sacred figures can evoke protection, guidance or hope.'],
  ['alienigena', 'Alienígena', 'Alien', 'alienígena, extraterrestre, disco voador, ovni', 'alien, extraterrestrial, ufo, spaceship', 'Um alienígena pode sugerir sentir-se estranho ou diante do desconhecido.', 'An alien may suggest feeling foreign or facing the unknown.'],
  ['celebridade', 'Celebridade', 'Celebrity', 'famoso, famosa, celebridade, artista, cantor, cantora, famosa, famoso, ator, atriz, youtuber, influencer', 'famous, celebrity, singer, actor, actress, movie star, rock star, pop star, famous person, influencer', 'Encontrar alguém famoso pode falar de qualidades que você admira.', 'Meeting someone famous may speak of qualities you admire.'],
  ['policia', 'Polícia', 'Police', 'polícia, policial, delegado', 'police, policeman, cop, officer', 'A polícia pode evocar regras, autoridade ou culpa.', 'The police can evoke rules, authority or guilt.'],
  ['vomito', 'Vômito', 'Vomit', 'vomitar, vômito, vomitando, enjoo', 'vomit, vomiting, puke, nausea', 'Vomitar pode sugerir a necessidade de pôr para fora algo indigesto.', 'Vomiting may suggest a need to get rid of something hard to stomach.'],
  ['agulha', 'Agulha', 'Needle', 'agulha, injeção, vacina', 'needle, injection, syringe, vaccine', 'Agulhas podem falar de pequenas dores necessárias ou de cura.', 'Needles may speak of small necessary pains or of healing.'],
  ['corda', 'Corda', 'Rope', 'corda, amarrado, amarrada, amarrar, nó na corda, nó de marinheiro', 'rope, knot, tied up', 'Cordas e nós podem evocar vínculos, amarras ou apoio.', 'Ropes and knots may evoke bonds, ties or support.'],
  ['fumaca', 'Fumaça', 'Smoke', 'fumaça, neblina, névoa, nevoeiro', 'smoke, fog, mist, haze', 'Fumaça e neblina podem refletir confusão ou falta de clareza.', 'Smoke and fog can mirror confusion or a lack of clarity.'],
  ['bandeira', 'Bandeira', 'Flag', 'bandeira', 'flag, banner', 'Uma bandeira pode falar de identidade e pertencimento.', 'A flag may speak of identity and belonging.'],
  ['coroa', 'Coroa', 'Crown', 'coroa, rei, rainha, príncipe, princesa', 'crown, king, queen, prince, princess', 'A coroa pode evocar poder, reconhecimento ou responsabilidade.', 'A crown can evoke power, recognition or responsibility.'],
  ['numero', 'Número', 'Number', 'número, números', 'number, numbers, digit', 'Números podem chamar atenção para datas, contas ou algo que se repete.', 'Numbers may point to dates, accounts or something that repeats.'],
  ['portal', 'Portal', 'Portal', 'portal, passagem secreta', 'portal, secret passage', 'Um portal pode sugerir a entrada em uma nova fase ou realidade interior.', 'A portal may suggest entering a new phase or inner reality.'],
  ['planta', 'Planta', 'Plant', 'planta, semente, broto, vaso de planta', 'plant, seed, sprout, potted plant', 'Plantas e sementes podem falar de crescimento paciente.', 'Plants and seeds may speak of patient growth.'],
  ['cofre', 'Cofre', 'Safe', 'cofre', 'safe, vault, secret', 'Um cofre ou segredo pode evocar algo valioso e protegido.', 'A safe or a secret can evoke something valuable and protected.'],
  ['ferias', 'Férias', 'Vacation', 'férias, feriado', 'vacation, holiday', 'Férias podem sugerir necessidade de descanso e pausa.', 'A vacation may suggest a need for rest and pause.'],
  ['ferramenta', 'Ferramenta', 'Tool', 'ferramenta, martelo, chave de fenda, prego, furadeira, machado, alicate, motosserra, serrote, enxada', 'tool, hammer, screwdriver, drill, wrench, shovel, axe, pliers, chainsaw', 'Ferramentas podem falar de recursos para construir ou consertar algo.', 'Tools may speak of resources to build or fix something.'],
  ['vidro', 'Vidro', 'Glass', 'vidro, vidraça, cristal', 'glass, crystal, pane', 'O vidro pode evocar transparência ou fragilidade.', 'Glass can evoke transparency or fragility.'],
  ['bola', 'Bola', 'Ball', 'bola, futebol, jogo, partida, vôlei, basquete, handebol, xadrez, tabuleiro, baralho, pôquer, golfe, beisebol, jogo de cartas', 'ball, football, soccer, basketball, volleyball, baseball, tennis, hockey, golf, softball, rugby, chess, checkers, board game, card game, poker, dice', 'Jogos podem falar de competição, regras ou diversão.', 'Games may speak of competition, rules or fun.'],
  ['espaco', 'Espaço', 'Outer space', 'espaço sideral, planeta, astronauta, foguete', 'outer space, planet, astronaut, rocket', 'O espaço pode evocar distância, exploração e grandeza.', 'Space can evoke distance, exploration and vastness.'],
  // Images real dreams keep naming that the lexicon lacked (issue 31: the DreamBank labels' `missing`, decision 063).
  ['televisao', 'Televisão', 'Television', 'televisão, televisor, a tv, na tv, da tv, vendo tv, assistindo tv, assistir tv, programa de tv', 'television, telly, the tv, a tv, on tv, watching tv, watch tv, watched tv, tv set, tv sets, tv show, tv shows', 'A televisão pode falar de olhar a vida de fora, sem participar, ou de histórias que ocupam sua atenção.', 'A television may speak of watching life from the outside, or of stories that are holding your attention.'],
  ['sequestro', 'Sequestro', 'Kidnapping', 'sequestro, sequestrar, sequestrado, sequestrada, sequestraram, sequestrou, sequestrador, raptado, raptada, rapto, refém', 'kidnap, kidnapped, kidnapping, kidnapper, kidnappers, abduct, abducted, abduction, hostage, hostages', 'Ser levado à força pode refletir a sensação de perder o controle da própria vida ou de estar nas mãos de alguém.', 'Being taken by force may mirror a sense of losing control over your own life, or of being in someone else’s hands.'],
  ['multidao', 'Multidão', 'Crowd', 'multidão, multidões, aglomeração, muvuca', 'crowd, crowds, crowded, throng, mob, group of people, lots of people, a lot of people', 'Uma multidão pode falar de pertencer a algo maior ou de se perder entre os outros.', 'A crowd may speak of belonging to something larger, or of getting lost among others.'],
  ['hotel', 'Hotel', 'Hotel', 'hotel, pousada, hostel, motel', 'hotel, motel, hostel, inn', 'Um hotel pode sugerir uma fase de passagem: um lugar onde se fica sem ser de lá.', 'A hotel may suggest a passing phase: a place where you stay without belonging to it.'],
  ['revista', 'Revista', 'Magazine', 'revista, gibi', 'magazine, comic book', 'Uma revista pode falar das imagens e dos modelos que chegam de fora, do que se olha e com o que se compara.', 'A magazine may speak of the images and models that come from outside, of what you look at and measure yourself against.'],
  ['abraco', 'Abraço', 'Hug', 'abraço, abraçar, abraçando, abracei, abraçou, abraçados, abraçadas', 'hug, hugged, hugging, embrace, embraced, embracing, cuddle, cuddled', 'Um abraço pode falar de proximidade, de consolo ou de um reencontro que você deseja.', 'A hug may speak of closeness, comfort or a reunion you long for.'],
  // Common dream images the lexicon lacked (issue 31, decision 085): in both languages, with their usual synonyms.
  ['alcool', 'Bebida alcoólica', 'Alcohol', 'bebida alcoólica, cerveja, vinho, cachaça, vodka, uísque, whisky, tequila, champanhe, caipirinha, drinque, bêbado, bêbada, bêbados, embriagado, embriagada, porre', 'alcohol, beer, wine, vodka, whiskey, whisky, liquor, booze, cocktail, champagne, tequila, drunk, hangover, tipsy', 'A bebida pode falar de um desejo de soltar o controle, de celebração ou de algo que entorpece o que se sente.', 'Drinking may speak of a wish to loosen control, of celebration or of something that numbs what you feel.'],
  ['drogas', 'Drogas', 'Drugs', 'drogas, maconha, cocaína, traficante, overdose, chapado', 'drugs, marijuana, cocaine, heroin, overdose, drug dealer, bong, got high, getting high', 'Drogas no sonho podem falar de fuga, de querer mudar o que se sente ou de algo que tem poder sobre você.', 'Drugs in a dream may speak of escape, of wanting to change what you feel or of something that has a hold on you.'],
  ['natal', 'Natal', 'Christmas', 'natal, papai noel, árvore de natal, presépio', 'christmas, xmas, santa claus, christmas tree, christmas eve, reindeer', 'O Natal pode evocar família, infância, expectativas e o que se espera dar ou receber.', 'Christmas can evoke family, childhood, expectations and what you hope to give or receive.'],
  ['raposa', 'Raposa', 'Fox', 'raposa', 'fox, foxes', 'Uma raposa pode sugerir astúcia, esperteza ou algo que age às escondidas.', 'A fox may suggest cunning, cleverness or something acting out of sight.'],
  ['maquiagem', 'Maquiagem', 'Makeup', 'maquiagem, maquiar, batom, rímel, delineador, esmalte', 'makeup, lipstick, mascara, eyeliner, eyeshadow, nail polish', 'A maquiagem pode falar da imagem que você mostra, do que quer realçar ou disfarçar.', 'Makeup may speak of the image you show, of what you want to bring out or cover up.'],
  ['intruso', 'Intruso', 'Intruder', 'intruso, intrusa, invasor, invasora, invadir, arrombar, entrou na minha casa, entraram na minha casa, entrou em casa, entraram em casa, encapuzado, encapuzada, encapuzados, entrava na minha casa, entravam na minha casa', 'intruder, intruders, trespasser, home invasion, broke in, break in, someone in the house, someone in my house, somebody in the house, hooded man, hooded figure, masked man, masked men', 'Um intruso pode falar de algo que invade seu espaço, seus limites ou sua paz.', 'An intruder may speak of something crossing into your space, your limits or your peace.'],
  ['telhado', 'Telhado', 'Roof', 'telhado, telha', 'roof, rooftop', 'Um telhado pode falar de proteção, do que abriga você, ou de estar no alto, à vista.', 'A roof may speak of shelter, of what covers you, or of being up high and in view.'],
  ['instrumento', 'Instrumento musical', 'Musical instrument', 'piano, violão, guitarra, violino, flauta, saxofone, trompete, harpa, tambor, sanfona, acordeão, violoncelo', 'piano, guitar, violin, flute, saxophone, trumpet, harp, drum, drums, cello, harmonica, accordion, clarinet', 'Um instrumento pode falar de expressão, de harmonia com os outros ou de um talento pedindo espaço.', 'An instrument may speak of expression, of harmony with others or of a talent asking for room.'],
  ['cigarro', 'Cigarro', 'Cigarette', 'cigarro, charuto, fumar, tabaco, cinzeiro', 'cigarette, cigar, tobacco, ashtray', 'Um cigarro pode falar de uma pausa, de um hábito ou de algo que alivia e consome ao mesmo tempo.', 'A cigarette may speak of a pause, a habit or something that soothes and consumes at once.'],
  ['moveis', 'Móveis', 'Furniture', 'móveis, mobília', 'furniture', 'Móveis podem falar de como você arruma seu espaço interior: o que fica e o que muda de lugar.', 'Furniture may speak of how you arrange your inner space: what stays and what is moved.'],
  ['sapo', 'Sapo', 'Frog', 'sapo', 'frog, toad', 'Um sapo pode sugerir transformação, algo que parece feio mas guarda valor, ou algo difícil de engolir.', 'A frog may suggest transformation, something that looks unpleasant but holds value, or something hard to swallow.'],
  ['coelho', 'Coelho', 'Rabbit', 'coelho, coelha', 'rabbit, bunny, hare', 'Um coelho pode evocar fertilidade, pressa ou uma timidez que foge ao menor sinal.', 'A rabbit may evoke fertility, hurry or a shyness that runs at the slightest sign.'],
  ['porco', 'Porco', 'Pig', 'porco, leitão, javali', 'pig, hog, boar, piglet', 'Um porco pode falar de excesso, de fartura ou de algo que se sente sujo ou mal cuidado.', 'A pig may speak of excess, of plenty or of something felt as dirty or neglected.'],
  ['escorpiao', 'Escorpião', 'Scorpion', 'escorpião', 'scorpion', 'Um escorpião pode sugerir uma ameaça escondida, uma mágoa que pica ou a necessidade de se defender.', 'A scorpion may suggest a hidden threat, a hurt that stings or a need to defend yourself.'],
  ['piolho', 'Piolho', 'Lice', 'piolho, lêndea', 'lice, louse', 'Piolhos podem falar de incômodos que grudam, de algo que suga energia ou do medo de ser visto como sujo.', 'Lice may speak of nuisances that cling, of something draining your energy or of a fear of being seen as unclean.'],
  ['elefante', 'Elefante', 'Elephant', 'elefante', 'elephant', 'Um elefante pode evocar memória, força tranquila ou algo grande demais para ser ignorado.', 'An elephant may evoke memory, quiet strength or something too big to ignore.'],
  ['tartaruga', 'Tartaruga', 'Turtle', 'tartaruga, jabuti', 'turtle, tortoise', 'Uma tartaruga pode sugerir calma, paciência, proteção ou a sensação de ir devagar demais.', 'A turtle may suggest calm, patience, protection or a feeling of moving too slowly.'],
  ['minhoca', 'Minhoca', 'Worm', 'minhoca, verme, lombriga, larva', 'worm, maggot, larva', 'Minhocas e vermes podem falar de algo que se decompõe e se renova, ou de um incômodo que cresce por dentro.', 'Worms may speak of something breaking down and renewing, or of a discomfort growing inside.'],
  ['ovelha', 'Ovelha', 'Sheep', 'ovelha, carneiro, cordeiro', 'sheep, lamb, lambs', 'Uma ovelha pode evocar docilidade, seguir o grupo ou o desejo de ser cuidado.', 'A sheep may evoke gentleness, following the group or a wish to be looked after.'],
  ['palhaco', 'Palhaço', 'Clown', 'palhaço', 'clown', 'Um palhaço pode falar de alegria forçada, de uma máscara sobre o que se sente ou de um medo da infância.', 'A clown may speak of forced cheer, a mask over what you feel or a childhood fear.'],
  ['sereia', 'Sereia', 'Mermaid', 'sereia', 'mermaid, merman', 'Uma sereia pode evocar sedução, o mundo das emoções profundas ou algo que atrai e assusta.', 'A mermaid may evoke allure, the world of deep emotions or something that draws you in and frightens you.'],
  ['robo', 'Robô', 'Robot', 'robô, androide', 'robot, cyborg', 'Um robô pode falar de agir no automático, de distância das emoções ou do receio de ser substituído.', 'A robot may speak of living on autopilot, of distance from feelings or of a fear of being replaced.'],
  ['fezes', 'Fezes', 'Feces', 'fezes, diarreia, xixi, urina', 'feces, poop, excrement, diarrhea, diarrhoea, urine, pee, peeing', 'Fezes e urina no sonho podem falar de algo a eliminar, de vergonha ou, em muitas tradições, de dinheiro e fartura.', 'Feces and urine in a dream may speak of something to let go of, of shame or, in many traditions, of money and plenty.'],
];

export const DREAM_SYMBOLS: readonly LexiconEntry[] = SYMBOL_ROWS.map(entry);

type ThemeRow = [...Row, ptQuestion: string, enQuestion: string];

// prettier-ignore
const THEME_ROWS: ThemeRow[] = [
  ['queda', 'Queda', 'Falling', 'cair, caindo, caí, caiu, caia, queda, despencar, despencando, precipício, abismo', 'fall, falling, fell, fallen, plunge, cliff, abyss', 'Sonhos de queda costumam aparecer em fases de insegurança ou de perda de apoio.', 'Falling dreams often show up in times of insecurity or lost footing.', 'Em que área da sua vida você sente que falta chão neste momento?', 'Where in your life do you feel the ground is missing right now?'],
  ['voo', 'Voo', 'Flying', 'voar, voando, voei, voou, voava, voamos, voaram, voavam, flutuar, flutuando, planar', 'flying, flew, flown, could fly, can fly, fly away, to fly, floating, soar, soaring, levitate, levitating', 'Voar pode expressar desejo de liberdade, perspectiva ou de se afastar de um peso.', 'Flying can express a wish for freedom, perspective or distance from a burden.', 'O que você gostaria de deixar para trás para se sentir mais leve?', 'What would you like to leave behind to feel lighter?'],
  ['perseguicao', 'Perseguição', 'Being chased', 'perseguir, perseguindo, perseguido, perseguida, perseguia, perseguiu, fugir, fugindo, fugi, fugia, correndo atrás, correu atrás', 'chase, chasing, chased, pursue, pursued, flee, fleeing, fled, run away, ran away', 'Ser perseguido costuma falar de algo que se evita encarar, uma pendência ou uma emoção.', 'Being chased often speaks of something avoided: a pending matter or an emotion.', 'Do que você tem fugido ultimamente, e o que aconteceria se parasse para olhar?', 'What have you been running from lately, and what would happen if you stopped to look?'],
  ['dentes', 'Dentes', 'Teeth', 'dente, dentadura, gengiva', 'tooth, teeth, gum', 'Sonhos com dentes caindo ou quebrando costumam ligar-se à imagem de si e ao medo de perder algo.', 'Dreams of teeth falling or breaking often relate to self-image and fear of losing something.', 'Há alguma situação em que você se preocupa com a forma como é visto?', 'Is there a situation where you worry about how you are seen?'],
  ['agua', 'Água', 'Water', 'água, mar, oceano, rio, lago, onda, chuva, enchente, afogar, afogando, nadar, nadando, piscina', 'water, sea, ocean, river, lake, wave, rain, flood, drown, drowning, swim, swimming, pool', 'A água em sonhos costuma espelhar o estado emocional: calma, turva, agitada.', 'Water in dreams often mirrors emotional states: calm, murky, rough.', 'Como estava a água no sonho, e isso lembra como você tem se sentido?', 'What was the water like in the dream, and does it echo how you have been feeling?'],
  ['morte', 'Morte', 'Death', 'morte, morrer, morrendo, morreu, morri, morto, morta, falecer, faleceu, enterro, velório, caixão, cemitério', 'death, die, dying, died, dead, funeral, coffin, cemetery, grave', 'A morte em sonhos raramente é literal; costuma marcar o fim de um ciclo e o início de outro.', 'Death in dreams is rarely literal; it usually marks the end of one cycle and the start of another.', 'O que na sua vida pode estar terminando para dar lugar a algo novo?', 'What in your life might be ending to make room for something new?'],
  ['provas', 'Provas', 'Exams', 'prova, exame, teste, vestibular, enem, avaliação, reprovar, reprovado', 'exam, test, quiz, examination, fail, failed', 'Sonhos de prova costumam surgir quando nos sentimos avaliados ou despreparados.', 'Exam dreams often arise when we feel judged or unprepared.', 'Em que situação você tem sentido que está sendo avaliado?', 'In what situation have you felt you were being evaluated?'],
  ['atraso', 'Atraso', 'Being late', 'atrasado, atrasada, atraso, atrasar, perder a hora, perdi o ônibus, perdi o voo, perdi o trem', 'late, running late, delay, missed the bus, missed the train, missed the flight, miss the bus', 'Chegar atrasado pode refletir pressão do tempo ou medo de perder uma oportunidade.', 'Being late can mirror time pressure or fear of missing an opportunity.', 'Que prazo ou oportunidade tem ocupado seus pensamentos?', 'What deadline or opportunity has been on your mind?'],
  ['nudez', 'Nudez', 'Nudity', 'nua, pelado, pelada, pelados, nudez, sem roupa, sem roupas, estava nu, tava nu, fiquei nu', 'naked, nude, nudity, no clothes', 'Estar nu em público costuma falar de vulnerabilidade e de medo de exposição.', 'Being naked in public often speaks of vulnerability and fear of exposure.', 'Onde você tem se sentido exposto ou sem proteção?', 'Where have you been feeling exposed or unprotected?'],
  ['casas', 'Casas', 'Houses', 'casa, lar, quarto, porão, sótão, cômodo, sala, cozinha', 'house, home, room, basement, attic, kitchen', 'Casas costumam representar o próprio eu; cômodos novos podem ser possibilidades ainda não exploradas.', 'Houses often represent the self; new rooms may be possibilities not yet explored.', 'Que parte de você essa casa poderia representar?', 'What part of you might this house represent?'],
  ['animais', 'Animais', 'Animals', 'cachorro, cão, cães, gato, cobra, aranha, cavalo, leão, tigre, lobo, rato, urso, pássaro, macaco, animal, bicho, jacaré, peixe', 'dog, cat, snake, spider, horse, lion, tiger, wolf, rat, bear, bird, monkey, animal, creature, crocodile, fish', 'Animais em sonhos costumam dar forma a instintos e qualidades que pedem atenção.', 'Animals in dreams often give shape to instincts and qualities asking for attention.', 'Que qualidade desse animal você reconhece em si ou em alguém próximo?', 'Which quality of this animal do you recognize in yourself or someone close?'],
  ['perdido', 'Estar perdido', 'Being lost', 'perdido, perdida, perder o caminho, não achava o caminho, sem saída, labirinto', 'lost, get lost, got lost, could not find my way, no way out, maze', 'Estar perdido pode refletir incerteza sobre o rumo ou uma decisão em aberto.', 'Being lost may mirror uncertainty about direction or an open decision.', 'Que decisão ou caminho está em aberto para você agora?', 'What decision or path is open for you right now?'],
  ['preso', 'Estar preso', 'Being trapped', 'preso, presa, trancado, trancada, encurralado, encurralada, sem conseguir sair, paralisado, paralisada', 'trapped, stuck, locked in, cornered, could not get out, paralyzed', 'Sentir-se preso no sonho pode ecoar situações em que falta escolha ou saída.', 'Feeling trapped in a dream may echo situations that seem to lack choice or exit.', 'Em que situação você sente que suas opções estão limitadas?', 'In which situation do your options feel limited?'],
  ['ex', 'Ex-parceiro', 'Ex-partner', 'meu ex, minha ex, o ex, a ex, ex-namorado, ex-namorada, ex-marido, ex-mulher, ex-esposa, antigo namorado, antiga namorada', 'my ex, an ex, ex-boyfriend, ex-girlfriend, ex-husband, ex-wife, former partner', 'Sonhar com um ex costuma falar mais de uma fase, um padrão ou uma parte de si do que da pessoa.', 'Dreaming of an ex often speaks more of a phase, a pattern or a part of you than of the person.', 'O que aquela fase da sua vida representa hoje para você?', 'What does that phase of your life represent to you today?'],
  ['escola', 'Escola', 'School', 'escola, colégio, faculdade, universidade, sala de aula, aula, professor, professora', 'school, college, university, classroom, class, teacher', 'Voltar à escola no sonho pode refletir aprendizados em curso ou antigas cobranças.', 'Going back to school in a dream may mirror ongoing lessons or old pressures.', 'Que lição a vida parece estar lhe pedindo agora?', 'What lesson does life seem to be asking of you now?'],
  ['viagem', 'Viagem', 'Travel', 'viagem, viajar, viajando, aeroporto, avião, mala, passaporte, estrada, trem', 'travel, traveling, trip, journey, airport, airplane, plane, suitcase, passport, road, train', 'Viagens costumam falar de transição, mudança e do desejo de novos horizontes.', 'Journeys often speak of transition, change and a longing for new horizons.', 'Para onde você sente que sua vida está indo?', 'Where do you feel your life is heading?'],
  ['conflito', 'Conflito', 'Conflict', 'briga, brigar, brigando, discussão, discutir, luta, lutar, guerra, ataque, atacar', 'fight, fighting, argue, argument, war, attack, attacked', 'Conflitos no sonho podem dar voz a tensões que ainda não encontraram palavra.', 'Conflicts in dreams may voice tensions that have not found words yet.', 'Há alguma tensão que você tem guardado sem dizer?', 'Is there a tension you have been holding without saying it?'],
];

export const DREAM_THEMES: readonly ThemeEntry[] = THEME_ROWS.map(([id, pt, en, ptT, enT, ptM, enM, ptQ, enQ]) => ({
  ...entry([id, pt, en, ptT, enT, ptM, enM]),
  question: { pt: ptQ, en: enQ },
}));

// prettier-ignore
const EMOTION_ROWS: [Emotion, string, string, number, string, string][] = [
  ['alegria', 'Alegria', 'Joy', 1, 'alegria, alegre, feliz, felicidade, contente, animado, animada, euforia, eufórico, felizão, felizona, radiante, empolgado, empolgada, maravilhada, maravilhado, sonho bom, que delícia, que delicia, acordei rindo, fiquei toda boba, fiquei todo bobo, melhor sonho, choro bom, feliz da vida, divertido, divertida, maravilhoso, maravilhosa, orgulhoso, orgulhosa, orgulho, empolgação, empolgadíssima, empolgadíssimo', 'joy, joyful, happy, happiness, glad, cheerful, delighted, excited, exciting, elated, thrilled, thrilling, exhilarating, overjoyed, ecstatic, so much fun, awesome feeling, blissful, fun, so happy, best one in ages, best dream, loved it, amazing, felt good, feel good, feeling good, pleased, proud, joyous, happily, excitement'],
  ['medo', 'Medo', 'Fear', -1, 'medo, assustado, assustada, assustador, susto, terror, apavorado, apavorada, pavor, aterrorizado, horror, amedrontado, assustar, apavorar, aterrorizante, cagado de medo, cagada de medo, morrendo de medo, arrepiado, arrepiada, pânico, desesperador, tremendo, acordei tremendo, coração na boca, coração disparado, coração a mil, acordei gelada, acordei gelado, não tive coragem, prendi a respiração, acordei gritando, acordei em pânico, medinho, receio, assustei, apavorei', 'fear, afraid, scared, scary, terrified, terror, frightened, horror, dread, panic, terrifying, frightening, freaked out, freaking out, creepy, spooked, petrified, horrified, scared me, drenched, woke up screaming, heart pounding, heart racing, couldn t shake the feeling, held my breath, woke up gasping, was shaking, i was shaking'],
  ['tristeza', 'Tristeza', 'Sadness', -1, 'tristeza, triste, chorar, chorando, chorei, luto, saudade, deprimido, melancolia, tristinha, tristinho, arrasado, arrasada, abalado, abalada, desolado, desolada, choro, deprimida, coração partido, peito apertado, abandono, travesseiro molhado, vontade de chorar, decepcionado, decepcionada, decepção, magoado, magoada, chateado, chateada', 'sad, sadness, cry, crying, cried, grief, mourning, sorrow, melancholy, upset, heartbroken, tears, sobbing, devastated, depressed, miserable, lonely, ache in my chest, i miss her, i miss him, miss her so much, woke up crying, my face was wet, disappointed, disappointment'],
  ['raiva', 'Raiva', 'Anger', -0.8, 'raiva, bravo, brava, irritado, irritada, ódio, furioso, furiosa, revolta, puto, puta da vida, irritar, enfurecido, enfurecida, revoltado, revoltada, ódio mortal, emburrado, emburrada, odiar, odeio, irritação, raivoso, raivosa', 'anger, angry, mad, furious, rage, hate, irritated, annoyed, pissed, pissed off, frustrated, livid, outraged, resentful, furious at, yelled at, annoyance, jealous, jealousy, envious, angered, irritation'],
  ['ansiedade', 'Ansiedade', 'Anxiety', -0.7, 'ansiedade, ansioso, ansiosa, nervoso, nervosa, preocupado, preocupada, aflito, aflita, angústia, desespero, desesperado, desesperada, agonia, agoniado, agoniada, aflição, tensão, tenso, tensa, estressado, estressada, angustiado, angustiada, nervosismo, cabreira, cabreiro, frio na barriga, agoniante, desconfortável, incomodado, incomodada, apreensivo, apreensiva, inquieto, inquieta, nervoza, ansioza', 'anxiety, anxious, nervous, worried, worry, stressed, uneasy, desperate, despair, panicking, stress, tense, on edge, overwhelmed, restless, dreading, dread it, panicked, apprehensive, nervousness, anxiousness, edgy, uncomfortable'],
  ['surpresa', 'Surpresa', 'Surprise', 0.2, 'surpresa, surpreso, surpresa, espanto, chocado, chocada, inesperado, incrédulo, incrédula, chocante, pasmo, pasma, boquiaberto, boquiaberta, surpreendi', 'surprise, surprised, shocked, astonished, unexpected, amazed, amazement, astonishment, stunned, startled, disbelief, incredulous, shocking'],
  ['vergonha', 'Vergonha', 'Shame', -0.6, 'vergonha, envergonhado, envergonhada, humilhado, humilhada, constrangido, constrangida, vexame, paguei mico, mico, humilhação, toda vermelha, todo vermelho, fiquei vermelha, fiquei vermelho, que vergonha, encabulado, encabulada, envergonhei', 'shame, ashamed, embarrassed, embarrassing, humiliated, mortified, humiliating, awkward, couldn t look at him, couldn t look at her, so embarrassing, embarrassment, humiliation, mortifying'],
  ['culpa', 'Culpa', 'Guilt', -0.6, 'culpa, culpado, culpada, arrependido, arrependida, remorso, arrependimento, me senti mal por, fiz uma coisa errada, coisa que não tem volta', 'guilt, guilty, regret, remorse, sorry, felt bad about, felt terrible about, felt awful, did something wrong, feeling sick about it, felt sick about'],
  ['amor', 'Amor', 'Love', 0.9, 'amor, amar, apaixonado, apaixonada, carinho, afeto, ternura', 'love, loved, loving, affection, tenderness, in love'],
  ['paz', 'Paz', 'Peace', 0.8, 'paz, calma, calmo, calma, tranquilo, tranquila, tranquilidade, sereno, serena, aliviado, aliviada, alívio, em paz, acolhido, acolhida, leve, acordei leve, super leve, libertador, libertadora, serenidade, sossegado, sossegada', 'peace, peaceful, calm, serene, relaxed, relief, relieved, tranquil, at peace, safe, cozy, comforted, felt weirdly okay, felt okay, at ease, serenity, calmness'],
  ['confusão', 'Confusão', 'Confusion', -0.3, 'confuso, confusa, confusão, estranho, estranha, desorientado, desorientada, sem entender, não entendi nada, nao entendia nada, sem entender nada, sem saber o que, perplexo, perplexa', 'confused, confusion, strange, weird, disoriented, puzzled, made no sense, no idea why, didn t understand, bewildered, baffled, perplexed'],
  ['nojo', 'Nojo', 'Disgust', -0.7, 'nojo, nojento, nojenta, asco, repugnante, enojado, enojada, nojeira', 'disgust, disgusted, disgusting, gross, revolting, repulsed, sickened, nauseated'],
];

export const EMOTION_LEXICON: readonly EmotionEntry[] = EMOTION_ROWS.map(([id, pt, en, valence, ptT, enT]) => ({
  id,
  name: { pt, en },
  valence,
  triggers: { pt: split(ptT), en: split(enT) },
}));

type NamedRow = [id: string, pt: string, en: string, ptTriggers: string, enTriggers: string];
const named = ([id, pt, en, ptT, enT]: NamedRow): LexiconEntry => ({
  id,
  name: { pt, en },
  meaning: { pt, en },
  triggers: { pt: split(ptT), en: split(enT) },
});

// prettier-ignore
export const DREAM_CHARACTERS: readonly LexiconEntry[] = ([
  ['mae', 'Mãe', 'Mother', 'mãe, mamãe, madrasta', 'mother, mom, mum, mommy, stepmother'],
  ['pai', 'Pai', 'Father', 'pai, papai, padrasto', 'father, dad, daddy, stepfather'],
  ['irmao', 'Irmão ou irmã', 'Sibling', 'irmão, irmã, irmãos', 'brother, sister, sibling'],
  ['avo', 'Avó ou avô', 'Grandparent', 'avó, avô, vovó, vovô, avós, minha vo, meu vo, da vo, do vo, na vo, minha vó, meu vô, da vó, do vô', 'grandmother, grandfather, grandma, grandpa, granny, grandparents'],
  ['filho', 'Filho ou filha', 'Child (son or daughter)', 'filho, filha', 'son, daughter'],
  ['tio', 'Tio ou tia', 'Uncle or aunt', 'tio, tia', 'uncle, aunt'],
  ['primo', 'Primo ou prima', 'Cousin', 'primo, prima', 'cousin'],
  ['parceiro', 'Parceiro ou parceira', 'Partner', 'namorado, namorada, marido, esposa, esposo, mulher dele, noivo, noiva, companheiro, companheira', 'boyfriend, girlfriend, husband, wife, partner, fiance, fiancee'],
  ['ex', 'Ex', 'Ex', 'meu ex, minha ex, o ex, a ex, ex-namorado, ex-namorada, ex-marido, ex-mulher, ex-esposa', 'my ex, an ex, ex-boyfriend, ex-girlfriend, ex-husband, ex-wife'],
  ['amigo', 'Amigo ou amiga', 'Friend', 'amigo, amiga, colega', 'friend, buddy, pal, classmate'],
  ['chefe', 'Chefe', 'Boss', 'chefe, patrão, patroa, gerente, diretor, diretora', 'boss, manager, director, employer'],
  ['colega_trabalho', 'Colega de trabalho', 'Coworker', 'colega de trabalho, colegas de trabalho', 'coworker, colleague'],
  ['professor', 'Professor ou professora', 'Teacher', 'professor, professora, mestre', 'teacher, professor, tutor'],
  ['desconhecido', 'Desconhecido', 'Stranger', 'desconhecido, desconhecida, estranho, estranha, homem, mulher, alguém', 'stranger, unknown man, unknown woman, someone, man, woman'],
  ['crianca', 'Criança', 'Child', 'criança, menino, menina, garoto, garota', 'child, kid, boy, girl, children'],
  ['bebe', 'Bebê', 'Baby', 'bebê, nenê', 'baby, infant, newborn'],
  ['medico', 'Médico ou médica', 'Doctor', 'médico, médica, enfermeiro, enfermeira', 'doctor, nurse'],
  ['policial', 'Policial', 'Police officer', 'policial, polícia, guarda', 'police, policeman, cop, officer, guard'],
  ['vizinho', 'Vizinho ou vizinha', 'Neighbour', 'vizinho, vizinha', 'neighbor, neighbour'],
  ['celebridade', 'Pessoa famosa', 'Famous person', 'famoso, famosa, celebridade', 'famous, celebrity'],
  ['falecido', 'Alguém que já faleceu', 'Someone who has died', 'falecido, falecida, finado, finada', 'late grandmother, late father, late mother, deceased'],
] as NamedRow[]).map(named);

// prettier-ignore
export const DREAM_SETTINGS: readonly LexiconEntry[] = ([
  ['casa', 'Casa', 'House', 'casa, lar, apartamento, quarto, sala, cozinha', 'house, home, apartment, flat, bedroom, living room, kitchen'],
  ['casa_infancia', 'Casa da infância', 'Childhood home', 'casa da minha infância, nossa casa antiga, minha casa antiga, casa onde eu cresci, casa onde cresci, casa da minha avó, casa da minha vó', 'childhood home, our old house, my old house, house i grew up'],
  ['escola', 'Escola', 'School', 'escola, colégio, faculdade, universidade, sala de aula', 'school, college, university, classroom, campus'],
  ['trabalho', 'Trabalho', 'Workplace', 'trabalho, escritório, empresa, firma', 'work, office, workplace, company'],
  ['praia', 'Praia', 'Beach', 'praia, litoral', 'beach, shore, seaside, coast'],
  ['mar', 'Mar', 'Sea', 'mar, oceano, alto-mar', 'sea, ocean'],
  ['floresta', 'Floresta', 'Forest', 'floresta, mata, bosque, selva', 'forest, woods, jungle'],
  ['montanha', 'Montanha', 'Mountains', 'montanha, serra, morro', 'mountain, hill'],
  ['cidade', 'Cidade', 'City', 'cidade, centro, prédio, edifício, metrópole', 'city, town, downtown, building'],
  ['rua', 'Rua', 'Street', 'rua, avenida, calçada, esquina', 'street, avenue, sidewalk, corner'],
  ['hospital', 'Hospital', 'Hospital', 'hospital, clínica, pronto-socorro', 'hospital, clinic, emergency room'],
  ['aviao', 'Avião', 'Airplane', 'avião, aeroporto', 'airplane, plane, airport'],
  ['carro', 'Carro', 'Car', 'carro', 'car'],
  ['onibus', 'Ônibus ou trem', 'Bus or train', 'ônibus, trem, metrô, estação', 'bus, train, subway, station'],
  ['igreja', 'Igreja', 'Church', 'igreja, templo, capela', 'church, temple, chapel'],
  ['cemiterio', 'Cemitério', 'Cemetery', 'cemitério', 'cemetery, graveyard'],
  ['festa', 'Festa', 'Party', 'festa, balada', 'party'],
  ['loja', 'Loja ou mercado', 'Shop', 'loja, mercado, shopping, supermercado', 'shop, store, mall, supermarket, market'],
  ['campo', 'Campo', 'Countryside', 'campo, fazenda, sítio, roça', 'countryside, farm, field, meadow'],
  ['rio', 'Rio ou lago', 'River or lake', 'rio, lago, cachoeira', 'river, lake, waterfall'],
  ['espaco', 'Espaço', 'Outer space', 'espaço sideral, planeta', 'outer space, planet'],
  ['desconhecido', 'Lugar desconhecido', 'Unknown place', 'lugar desconhecido, lugar estranho', 'unknown place, strange place'],
] as NamedRow[]).map(named);

/** Phrases that show awareness of dreaming (matched on folded text, so accents and case do not matter). */
// prettier-ignore
export const LUCIDITY_PHRASES: readonly PhraseEntry[] = [
  { id: 'realized', label: { pt: 'Percebeu que estava sonhando', en: 'Realized they were dreaming' }, phrases: { pt: ['percebi que estava sonhando', 'percebi que era um sonho', 'descobri que estava sonhando', 'me dei conta que estava sonhando', 'me dei conta de que estava sonhando', 'notei que estava sonhando'], en: ['i realized i was dreaming', 'realised i was dreaming', 'realized it was a dream', 'realised it was a dream', 'noticed i was dreaming', 'became aware i was dreaming', 'became lucid'] } },
  { id: 'knew', label: { pt: 'Sabia que era um sonho', en: 'Knew it was a dream' }, phrases: { pt: ['sabia que era um sonho', 'sabia que estava sonhando', 'tinha consciência de que estava sonhando', 'consciente de que era um sonho', 'isso é um sonho', 'isso e so um sonho', 'estou sonhando'], en: ['i knew it was a dream', 'knew i was dreaming', 'this is a dream', 'i am dreaming', 'i m dreaming', 'aware i was dreaming', 'aware that i was dreaming'] } },
  { id: 'control', label: { pt: 'Conseguiu controlar o sonho', en: 'Was able to control the dream' }, phrases: { pt: ['consegui controlar', 'controlei o sonho', 'controlar o sonho', 'mudei o sonho', 'decidi voar', 'mudei o cenario'], en: ['i could control', 'controlled the dream', 'control the dream', 'changed the dream', 'decided to fly', 'changed the scene'] } },
  { id: 'reality_check', label: { pt: 'Fez um teste de realidade', en: 'Did a reality check' }, phrases: { pt: ['teste de realidade', 'olhei para as minhas maos', 'olhei para as maos', 'olhei as maos', 'olhei minhas maos', 'olhar as maos', 'olhar para as maos', 'olhar minhas maos', 'contei os dedos', 'contar os dedos', 'tapei o nariz', 'tapar o nariz', 'tapei meu nariz', 'tampei o nariz', 'tampar o nariz'], en: ['reality check', 'looked at my hands', 'look at my hands', 'looking at my hands', 'counted my fingers', 'count my fingers', 'pinched my nose', 'pinch my nose', 'pinching my nose', 'held my nose', 'plugged my nose'] } },
  { id: 'lucid_word', label: { pt: 'Descreveu o sonho como lúcido', en: 'Described the dream as lucid' }, phrases: { pt: ['sonho lucido', 'fiquei lucido', 'fiquei lucida', 'um lucido', 'lucido de novo', 'lucida de novo', 'tive lucidez', 'lucido', 'lucida', 'lucidez'], en: ['lucid dream', 'became lucid', 'went lucid', 'got lucid', 'lucid again', 'was lucid', 'a lucid one', 'lucid', 'lucidity'] } },
];

/** Words and phrases by which a dreamer says the dream was a nightmare (not when negated: "não foi um pesadelo"). */
export const NIGHTMARE_PHRASES: readonly string[] = [
  'pesadelo',
  'pesadelos',
  'pesadelao',
  'acordei gritando',
  'acordei assustado',
  'acordei assustada',
  'acordei apavorado',
  'acordei apavorada',
  'acordei em panico',
  'acordei suando frio',
  'acordei tremendo',
  'acordei com o coracao disparado',
  'acordei com o coracao acelerado',
  'acordei chorando de medo',
  'nightmare',
  'nightmares',
  'woke up screaming',
  'woke up terrified',
  'woke up scared',
  'woke up in a panic',
  'woke up in a cold sweat',
  'woke up shaking',
  'woke up with my heart pounding',
  'woke up with my heart racing',
  'woke myself up screaming',
  'heart pounding',
  'heart racing',
  'woke up gasping',
  'coracao disparado',
  'coracao a mil',
  'acordei sem ar',
  'acordei ofegante',
  'acordei dando um pulo',
  'acordei num pulo',
  'acordei suando',
];

/** Idioms whose words do not name what they say: the analyzer matches no trigger inside them. */
export const BLOCKED_PHRASES: readonly string[] = [
  // pt
  'do nada',
  'de nada',
  'nada a ver',
  'caiu a ficha',
  'cair na real',
  'caí na real',
  'cai na real',
  'caí no sono',
  'cair no sono',
  'peguei no sono',
  'pegar no sono',
  'fazer as pazes',
  'fizemos as pazes',
  'ficar de olho',
  'de olho em',
  'mudar de ideia',
  'mudei de ideia',
  'dar um tempo',
  'num piscar de olhos',
  'ao pé da letra',
  'pé no saco',
  'dar de cara',
  'dei de cara',
  'deu de cara',
  'matar aula',
  'matava aula',
  'matei aula',
  'matar a saudade',
  'matar o tempo',
  'hora do almoço',
  'na hora',
  'de hora em hora',
  // en
  'fall asleep',
  'fell asleep',
  'falling asleep',
  'falls asleep',
  'fall in love',
  'fell in love',
  'falling in love',
  'in the fall',
  'last fall',
  'this fall',
  'next fall',
  'fall semester',
  'fell apart',
  'falling apart',
  'fell out',
  'falling out',
  'fall out',
  'find out',
  'found out',
  'finding out',
  'losing it',
  'lost it',
  'food court',
  'went to bed',
  'go to bed',
  'going to bed',
  'got light',
  'bite into',
  'bit into',
  'a bite',
  'dead silent',
  'fruit flies',
  'fruit fly',
  'gummy bears',
  'wind chimes',
  'hand me',
  'handed me',
  'hand to hand',
  'on the other hand',
  'cable car',
  'oh my god',
  'running out',
  'ran out',
  'run out',
  'ran into',
  'run into',
  'running into',
  'in the long run',
  'post office',
  'dentist s office',
  'doctor s office',
  'principal s office',
  'box office',
  'doing shots',
  'took shots',
  'a bit',
  'time flies',
  'dead quiet',
  'dead tired',
  'dead end',
  'video game',
  'video games',
  'screaming match',
  'spring break',
  'take a break',
  'took a break',
  'lunch break',
  'all hands',
  'doorbell ring',
  'doorbell rang',
  'phone ring',
  'phone rang',
  'kill time',
  'killing time',
  'killing it',
  'killed it',
  'dying to',
  'dying of laughter',
  'heart attack',
  'to die for',
  'break the ice',
  'broke the ice',
  'star student',
  'gold star',
  'my heart sank',
  'heart sank',
  'from middle school',
  'from high school',
  'from elementary school',
  'from college',
  'after college',
  'from work',
  // pt, everyday idioms
  'caixa postal',
  'fila do caixa',
  'no caixa',
  'caiu a ligacao',
  'caia a ligacao',
  'o sistema caiu',
  'tiro e queda',
  'uma queda por',
  'pe da',
  'pe de',
  'pe do',
  'morrendo de',
  'morri de',
  'morrer de',
  'perdi a paciencia',
  'perdi a cabeca',
  'de tenis',
  'teste de gravidez',
  'teste de realidade',
  'dar a luz',
  'dando a luz',
  'deu a luz',
  'conta de luz',
  'cachorro quente',
  'quarto andar',
  'guarda roupa',
  'levei bomba',
  'levar bomba',
  'deu bola',
  'dar bola',
  'dava bola',
  'meu deus',
  'todo santo dia',
  'de olho',
  'rinite atacou',
  'alergia atacou',
  // pt, compounds and idioms whose words name something else
  'tempestade em copo d agua',
  'tempestade em copo de agua',
  'porta malas',
  'porta luvas',
  'porta retrato',
  'raio x',
  'largar mao',
  'largar a mao',
  'abrir mao',
  'doce de pessoa',
  'salao de festas',
  'tenho uma queda',
  'tinha uma queda',
  // en, compounds and idioms
  'fantasy football',
  'bounce house',
  'glow in the dark',
  'eyes off',
  'in the eye',
  'opened my eyes',
  'open my eyes',
  'closed my eyes',
  'close my eyes',
  'running for',
  'ran for',
  'ran my',
  'mascara was running',
  'running down my face',
  'in my teeth',
  'needed a shot',
  'need a shot',
  'get a shot',
  'got a shot',
  'flu shot',
  'retracing my steps',
  // A quantity, not a number on a door or a page ("a number of kids").
  'a number of',
  'large number of',
  'any number of',
  'um numero de',
  'retrace my steps',
  // Idioms with an animal or a figure in them that name none.
  'engolir sapo',
  'engoli sapo',
  'engolindo sapo',
  'engolir sapos',
  'frog in my throat',
  'rabbit hole',
  'elephant in the room',
  'can of worms',
  'minhoca na cabeca',
  'minhocas na cabeca',
  'ovelha negra',
  'black sheep',
  'fez de palhaco',
  'fazer de palhaco',
  'feito de palhaco',
  'feita de palhaca',
  'de arromba',
  'goose bumps',
  'wild goose chase',
  'poker face',
  'uphill battle',
  'push the envelope',
  'pushing the envelope',
  'looking for trouble',
  'look for trouble',
  'asking for trouble',
  'take a shot at',
  'took a shot at',
  'taking a shot at',
  'have a shot at',
  'had a shot at',
  'give it a shot',
  'gave it a shot',
  'o clock shadow',
  'late at night',
  'late in the night',
];

/**
 * Word senses: a trigger that also names something else is read as the lexicon's image only in context. Each row
 * lists the forms as they appear in a dream (folded, comma-separated) and what rules the other sense out: a word
 * just before (`notAfter`, within `window` words, 2 unless told) or just after (`notBefore`), a required word just
 * before (`needsAfter`: "a rose" is a flower, "vestido rosa" is a colour), a word the dream must contain
 * (`needsContext`: "exame" is an exam with a school around it, not a blood test) or must not (`notWithContext`).
 * `ids` narrows a rule to some entries: "sala" is a room of the house (theme Casas) only in a dream with a house.
 */
export type WordSenseRule = {
  /** The lexicon ids (space-separated) the rule is about; without it, every entry the word triggers. */
  ids?: string;
  notAfter?: string;
  notBefore?: string;
  needsAfter?: string;
  /** A required word just after: "viajando pra Bahia" is a journey, "eu tava viajando" is not. */
  needsBefore?: string;
  needsContext?: string;
  notWithContext?: string;
  window?: number;
};
// prettier-ignore
export const WORD_SENSES: Record<'pt' | 'en', readonly [forms: string, rule: WordSenseRule][]> = {
  pt: [
    // Teeth and hair fall out, stars and lots fall: only a body or a person falls.
    ['cair, caindo, caiu, caia, caiam, cairam, despencou, despencando', { notAfter: 'dente dentes cabelo cabelos estrela estrelas sorteio ficha sistema ligacao raio pedaco teto nota', window: 3 }],
    // A thing that falls comes after the verb ("despencou um pedaço do teto", "caiu um raio").
    ['caiu, caiam, cairam, despencou', { notBefore: 'um uma uns umas', window: 1 }],
    ['perdendo, perdi, perder, perdeu, perdido, perdida', { notBefore: 'controle paciencia hora voo onibus trem prova aula', window: 3 }],
    ['perdido, perdida, perdidos, perdidas', { notAfter: 'tava estava estavamos fiquei ficou ficamos to completamente totalmente meio muito mt' }],
    ['discutir, discutindo, discutimos, discutiu, discutia, discutiam', { needsContext: 'gritando gritava gritei gritou berrando xingando xingou brava bravo raiva irritado irritada brigando briga brigou' }],
    ['camera', { notBefore: 'ligada ligado desligada desligado aberta', window: 1 }],
    ['trem, trens', { needsContext: 'estacao trilho trilhos vagao vagoes plataforma embarcar embarquei maquinista ferrovia metro passageiros bilhete' }],
    ['estacao', { needsContext: 'trem trens trilho trilhos vagao plataforma embarcar embarquei metro onibus' }],
    ['trabalho, trabalhos', { notBefore: 'faculdade facul escola grupo conclusao ingles', window: 2 }],
    // Where someone is from ("um carinha do meu trabalho"), or someone else's commute ("o povo indo trabalhar").
    ['trabalho, trabalhos, servico, firma', { ids: 'trabalho_simbolo', notAfter: 'cara carinha moca moco mulher homem menina menino amigo amiga guri guria gatinho gatinha', window: 3 }],
    ['trabalhar, trabalhando', { notAfter: 'povo gente pessoas pessoal', window: 2 }],
    // "eu tava viajando" alone is "I was imagining things"; a journey goes somewhere, with someone or by something.
    ['viajando', { ids: 'viagem_simbolo viagem', needsBefore: 'com pra para pro pros pela pelo pelas pelos por de no na nos nas num numa em ate sozinho sozinha junto juntos a o de sem' }],
    // "caímos num corredor", "caí num lugar estranho": ending up somewhere, not a fall.
    ['cair, caindo, caiu, caia, caiam, cairam, cai, caimos, caiamos', { ids: 'queda', notBefore: 'corredor lugar cidade mundo', window: 2 }],
    // A former boss is not an ex-partner ("meu ex gerente").
    ['meu ex, minha ex, o ex, a ex', { notBefore: 'gerente chefe colega colegas professor professora patrao patroa vizinho vizinha aluno aluna diretor diretora presidente funcionario funcionaria socio socia', window: 1 }],
    // A gift or a dress for a party is not the party ("presente pro aniversário da mãe dele").
    ['festa, aniversario, casamento', { ids: 'festa casamento', notAfter: 'presente presentes vestido roupa', window: 3 }],
    // Someone else's son or daughter ("a filha da vizinha", "o filho dela") is not the dreamer's child.
    ['filho, filha, filhos, filhas', { ids: 'filho', notBefore: 'dela dele delas deles da do das dos de', window: 1 }],
    // Wishing to vanish ("queria sumir dali de vergonha") is no loss: it is the dreamer's own wish, of shame or of pain.
    ['sumir, desaparecer', { ids: 'perda', notAfter: 'queria quero queriamos vontade', window: 2 }],
    // A racing heart is the body's fear (often on waking), not the image of a heart; "com o coração na mão" is worry.
    ['coracao', { ids: 'coracao', notBefore: 'disparado disparou disparando acelerado acelerou acelerada batendo batia palpitando aos pulos na', window: 2 }],
    // "as meninas" (the friends), "um garoto da minha sala": a peer, often; a child when the dream says so.
    ['menino, menina, meninos, meninas, garoto, garota, garotos, garotas', { ids: 'crianca', needsContext: 'pequeno pequena pequenos pequenas pequenininho pequenininha bebe bebes nenem crianca criancas filho filha filhos filhas filhinho filhinha neto neta netos netas infancia escolinha creche parquinho colo carrinho' }],
    ['reuniao', { notBefore: 'condominio emergencia pais familia', window: 2 }],
    ['carteira, carteiras', { notAfter: 'sentar sentei sentava sentada sentado numa entre', window: 2 }],
    ['bolsa', { notBefore: 'estudo estudos integral valores faculdade', window: 2 }],
    // A root in a dream about teeth is the tooth's.
    ['raiz, raizes', { ids: 'arvore', notWithContext: 'dente dentes' }],
    ['lingua, linguas', { notAfter: 'numa noutra outra', window: 1 }],
    ['viagem', { notAfter: 'sonho', window: 1 }],
    ['exame, exames', { needsContext: 'prova provas escola faculdade facul professor professora questao questoes vestibular enem estudar estudei estudado aula caneta lapis' }],
    ['colegio, escola, faculdade, facul', { notAfter: 'desde epoca tempo tempos voltando saindo vindo amiga amigo amigas amigos', window: 3 }],
    ['professor, professora', { notBefore: 'violao piano guitarra ingles natacao danca academia', window: 2 }],
    ['professor, professora', { ids: 'escola_simbolo escola', notAfter: 'melhor pior bom boa otimo otima pessimo pessima', window: 1 }],
    ['caminho', { notAfter: 'expliquei explicar explicava perguntei perguntou perguntar ensinei indicar', window: 2 }],
    ['barata', { notAfter: 'super mais bem muito mt tao', window: 1 }],
    ['macaco', { notBefore: 'estepe pneu', window: 3 }],
    ['coroa', { notAfter: 'uma umas essa aquela', window: 1 }],
    ['rosa', { needsAfter: 'uma a as umas de das com buque ramo essa minha sua' }],
    ['presente, presentes', { needsAfter: 'um uns o os de meu meus seu teu esse aquele ganhei ganhou dei deu abri abriu comprei comprou embrulhado' }],
    ['batida', { notBefore: 'policial coracao porta', window: 1 }],
    ['maca, macas', { notWithContext: 'hospital enfermeira enfermeiro enfermeiros medico medica ambulancia maqueiro uti' }],
    ['agua', { notAfter: 'copo pedia pedi pedir garrafa tomar tomei bebi beber bebendo gole', window: 2 }],
    // "o caixa" is the cashier, the till or the ATM; the box is "a caixa".
    ['caixa', { notAfter: 'o no do ao pro um num', window: 1 }],
    // "uniforme de caixa": the cashier, not a box.
    ['caixa', { notAfter: 'uniforme', window: 2 }],
    ['dedo, dedos', { notBefore: 'pe pes', window: 2 }],
    ['fugir', { notAfter: 'podia podiamos poderia', window: 2 }],
    ['parede, paredes', { notAfter: 'relogio quadro', window: 3 }],
    // A room is the house's (theme Casas) only in a dream with a house: "sala de reunião", "sala de espera".
    ['sala, salas, quarto, quartos, cozinha, comodo, comodos', { ids: 'casas', needsContext: 'casa casas lar apartamento apto ape sobrado' }],
    // Lost something is a loss; being lost ("tava perdida") is the theme.
    ['perdido, perdida, perdidos, perdidas, perdi', { ids: 'perdido', notBefore: 'a o as os meu minha meus minhas um uma', window: 1 }],
    // Teeth, hair and nails fall out: what falls is named before the verb, often a few words before ("meus dente tavam
    // todos moles e caiam").
    ['cair, caindo, caiu, caia, caiam, cairam, cai, despencou, despencando', { ids: 'queda', notAfter: 'dente dentes cabelo cabelos unha unhas', window: 6 }],
    // A test is an exam at school; "o teste de tapar o nariz" is a reality check, "teste de farmácia" a pregnancy test.
    ['teste, testes', { needsContext: 'prova provas escola faculdade facul professor professora questao questoes vestibular enem estudar estudei estudado aula caneta lapis' }],
    // A corridor is a maze only when the dreamer is lost in it.
    ['corredor, corredores', { ids: 'labirinto', needsContext: 'labirinto perdido perdida perdidos perdidas infinito infinitos interminavel interminaveis' }],
    // "olho o relógio" is a look, not an eye.
    ['olho', { ids: 'olhos', notBefore: 'o a os as pra para pro pros pras pela pelo em no na nos nas', window: 1 }],
    // Someone who comes after the dreamer to tell, call or bring something is no chase ("veio atrás de mim pra avisar").
    ['veio atras, vindo atras, correndo atras, correu atras', { ids: 'perseguicao', notBefore: 'avisar chamar dar entregar devolver perguntar falar conversar contar mostrar buscar trazer levar', window: 5 }],
    // Going to fetch something is no search ("fui no quarto buscar mais cadeira").
    ['buscar', { ids: 'procura', notAfter: 'fui foi vou vai ia iam fomos vamos ir indo', window: 3 }],
    // A toy is no weapon: "arma de água", "pistola d'água".
    ['arma, armas, pistola, pistolas', { notBefore: 'agua brinquedo', window: 2 }],
    // Skipping class is no escape from a pursuer ("a gente fugiu da aula").
    ['fugir, fugiu, fugi, fugimos, fugindo, fugia, fugiram', { ids: 'perseguicao', notBefore: 'aula aulas escola colegio dieta regra regras', window: 3 }],
    // "cidade natal" is a home town, "voo pra Natal" the city; Christmas is "no Natal", "de Natal".
    ['natal', { ids: 'natal', notAfter: 'cidade terra pra para em', window: 1 }],
    // "banho de mar", "banho de sol", "banho de loja" are no bathroom.
    ['banho, banhos', { ids: 'banheiro', notBefore: 'de', window: 1 }],
    // A lesson or a teacher of an instrument is no instrument in the scene; a baseball bat is a club.
    ['piano, violao, guitarra, violino, flauta, saxofone, trompete, harpa, sanfona', { ids: 'instrumento', notAfter: 'aula aulas professor professora curso', window: 2 }],
    ['beisebol', { ids: 'bola', notAfter: 'taco tacos', window: 2 }],
    // A star sign is no scorpion: "sou de escorpião", "signo de escorpião".
    ['escorpiao', { ids: 'escorpiao', notAfter: 'sou signo de', window: 2 }],
    // "um galo na testa" is a bump; a plaid shirt, a wine-red dress, tooth enamel and mobile data name no game, drink,
    // makeup or furniture.
    ['galo, galos', { ids: 'passaro', notBefore: 'na', window: 1 }],
    ['xadrez', { ids: 'bola', notAfter: 'camisa camisas camiseta saia blusa vestido calca casaco toalha piso', window: 2 }],
    ['vinho', { ids: 'alcool', notAfter: 'vestido camisa camiseta blusa cor calca saia sapato batom carro', window: 2 }],
    ['esmalte', { ids: 'maquiagem', notBefore: 'do dos da de dente dentes', window: 1 }],
    ['moveis', { ids: 'moveis', notAfter: 'dados unidade unidades telefones', window: 1 }],
  ],
  en: [
    ['wedding', { notBefore: 'ring band dress invitation invitations planning photo photos cake', window: 1 }],
    // What one shops or dresses for is not there: "a dress for my cousin's wedding".
    ['wedding, party, wedding reception, birthday party, prom', { ids: 'casamento festa', notAfter: 'for', window: 4 }],
    // A party with a mayor, a vote or a campaign is political.
    ['party', { ids: 'festa', notWithContext: 'mayor election elections vote votes voting campaign candidate candidates senator congress political politics ballot' }],
    ['car', { notBefore: 'keys key', window: 1 }],
    // Someone else collapsing ("I saw her fall") is not the dreamer's fall.
    ['fall, fell', { ids: 'queda', notAfter: 'her him them', window: 1 }],
    // "middle school", "high school" are read as phrases, with their own rules.
    ['school', { notAfter: 'middle high elementary grade primary', window: 1 }],
    ['test, tests', { needsContext: 'exam school class teacher classroom study studied studying question questions pencil grade answer answers quiz driving license instructor' }],
    ['key', { needsAfter: 'the a my his her your our their spare house car door golden old big small little tiny rusty' }],
    ['safe', { needsAfter: 'the a my his her our their locked big old little small open wall bank' }],
    ['bus', { notBefore: 'driver', window: 1 }],
    ['car', { notAfter: 'last first dining train subway sleeping', window: 1 }],
    ['school, high school, middle school, college, elementary school', { notAfter: 'from since in after', window: 1 }],
    ['school, high school, middle school, college', { notBefore: 'teacher friend friends crush boyfriend girlfriend bully bullies sweetheart roommate roommates math chemistry english history science biology physics principal', window: 2 }],
    ['school', { notBefore: 'uniform uniforms bus supplies photo photos', window: 1 }],
    ['numbers', { notAfter: 'q1 q2 q3 q4 sales quarterly', window: 1 }],
    ['teacher', { notAfter: 'chemistry math english history science biology physics piano guitar violin dance', window: 1 }],
    // A judgement of a person ("a better teacher than he ever was") names no school.
    ['teacher, teachers', { ids: 'escola_simbolo escola', notAfter: 'better worse good great bad best worst', window: 1 }],
    ['dark', { notBefore: 'hair eyebrows eyes skin suit coat jeans wood chocolate blue green red brown purple grey gray circles humor haired skinned', window: 1 }],
    ['bridge', { notWithContext: 'song sing singing sang chorus verse band' }],
    ['window', { notBefore: 'popped pops pop', window: 2 }],
    ['ship', { notWithContext: 'spaceship alien aliens ufo rocket astronaut' }],
    ['angel', { notAfter: 'such', window: 2 }],
    ['frozen', { notAfter: 'me i was were stood standing just completely totally', window: 1 }],
    ['surgery', { notBefore: 'exam test class', window: 1 }],
    ['room, rooms, kitchen, kitchens', { ids: 'casas', needsContext: 'house houses home apartment flat' }],
    ['lost', { ids: 'perdido', notBefore: 'a an the my his her our their by it them all everything track control', window: 1 }],
    ['trapped', { ids: 'preso', notBefore: 'it him her them', window: 1 }],
    // "my late grandmother", "the late Mr. Reis": someone who has died, not lateness (decision 059).
    ['late', { ids: 'atraso', notBefore: 'grandmother grandfather grandma grandpa granny nana gran grandparents mother father mom mum dad mommy daddy husband wife partner boyfriend girlfriend fiance fiancee friend brother sister uncle aunt cousin son daughter godmother godfather stepfather stepmother beloved dear great mr mrs ms miss dr falecida falecido', window: 1 }],
    // "made out of wood", "couldn't make out what he said" are no kiss.
    ['made out, make out, making out', { notBefore: 'of what that the his her their', window: 1 }],
    ['fall, fell, falling, fallen, falls', { ids: 'queda', notAfter: 'teeth tooth hair', window: 6 }],
    // Measures are not body parts (0 stands for any number): "15 feet wide", "a few feet away", "two feet across".
    ['feet, foot', { notAfter: '0 one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty fifty hundred hundreds thousand thousands few several couple many', window: 2 }],
    ['feet, foot', { notBefore: 'tall wide long high deep away across under above below thick apart', window: 2 }],
    // "everyone present", "at present", "the present day" are no gift.
    ['present, presents', { ids: 'presente', notAfter: 'everyone everybody people all those who was were is are am be being been', window: 1 }],
    ['present', { notAfter: 'at in', window: 2 }],
    ['present', { notBefore: 'day moment time tense', window: 1 }],
    // Ice cream is a sweet (a phrase of Cake), an ice cube no snow.
    ['ice', { notBefore: 'cream creams cube cubes tea skating rink', window: 1 }],
    // Someone behind, after or coming for the dreamer is a chase only with a flight, a threat or fear in the dream
    // ("my boss stood behind me", "a guy in a costume comes for us and says we won").
    ['was behind me, something behind me, someone behind me, right behind me, came after me, coming after me, came for me, coming for me, comes for me, came for us, coming for us, comes for us', { ids: 'perseguicao', needsContext: 'running chase chased chasing flee fled fleeing catch caught grab grabbed kill hurt attack attacked scared terrified afraid fear panic hide hid hiding' }],
    // A toy is no weapon: "a water gun", "a nerf gun".
    ['gun, guns, pistol, pistols, rifle, rifles', { notAfter: 'water squirt nerf toy paintball bb glue', window: 1 }],
    // A corridor is a maze only when the dreamer is lost in it.
    ['corridor, corridors, hallway, hallways', { ids: 'labirinto', needsContext: 'maze labyrinth lost endless forever winding twisting' }],
    // "sick of it", "sick and tired", "sick about it" are no illness.
    ['sick', { ids: 'doenca', notBefore: 'of and about', window: 1 }],
    // A chicken on the plate is food, not a bird.
    ['chicken, chickens', { ids: 'passaro', notAfter: 'ate eat eating eats fried grilled roast baked', window: 2 }],
    ['chicken', { ids: 'passaro', notBefore: 'nuggets wings soup sandwich salad breast', window: 1 }],
    ['shower, showers', { ids: 'banheiro', notAfter: 'baby bridal meteor', window: 1 }],
    ['drill, drills', { ids: 'ferramenta', notAfter: 'fire', window: 1 }],
    ['fox, foxes', { ids: 'raposa', notBefore: 'news statue statues figurine', window: 1 }],
    // A toy or a chocolate rabbit is a toy or a sweet.
    ['rabbit, rabbits, bunny, bunnies', { ids: 'coelho', notAfter: 'toy chocolate', window: 1 }],
    // A stuffed rabbit is a stuffed rabbit in every later mention too ("the rabbit was warm").
    ['rabbit, rabbits, bunny, bunnies', { ids: 'coelho', notWithContext: 'stuffed plush' }],
    ['lamb, lambs', { ids: 'ovelha', notAfter: 'ate eat eating roast rack leg', window: 2 }],
    ['piano, pianos, guitar, guitars, violin, violins, flute, saxophone, trumpet, harp, drum, drums, cello', { ids: 'instrumento', notBefore: 'teacher teachers lesson lessons class classes', window: 1 }],
    ['baseball', { ids: 'bola', notBefore: 'bat bats cap caps', window: 1 }],
    // A makeup test is a retake; a performance review is work.
    ['makeup', { ids: 'maquiagem', notBefore: 'test exam quiz class exams tests', window: 1 }],
    ['performance', { ids: 'palco', notBefore: 'review reviews evaluation bonus', window: 1 }],
    ['suit', { ids: 'roupa', notAfter: 'follow follows followed following', window: 1 }],
    ['coat', { ids: 'roupa', notBefore: 'of', window: 1 }],
    ['tennis', { ids: 'bola', notBefore: 'shoes shoe sneakers', window: 1 }],
    ['a play, the play', { ids: 'palco', notBefore: 'on', window: 1 }],
    // Losing one's temper, way or balance is no loss of something.
    ['lost my, lost the, lost our, lost his, lost her, lost their, lost all', { ids: 'perda', notBefore: 'mind temper voice balance way patience cool nerve breath footing sight track grip head sense hope', window: 1 }],
    // A time of day, of life or of an era is not being late ("late afternoon", "in her late 50s", "late Romantic").
    ['late', { ids: 'atraso', notBefore: 'romantic afternoon afternoons evening evenings night nights morning mornings summer spring fall autumn winter season century teens twenties thirties forties fifties sixties seventies eighties nineties 20s 30s 40s 50s 60s 70s 80s 90s model bloomer stage breakfast lunch dinner supper show movie shift', window: 1 }],
    // A photo's shot, a shot of a drink, a shot at something, a long shot or a big shot: no gun.
    ['shot, shots', { ids: 'arma', notBefore: 'of glass glasses', window: 1 }],
    // A photo shoot, shooting a film, shooting hoops: no gun.
    ['shoot, shoots, shooting', { ids: 'arma', notAfter: 'photo fashion film movie video', window: 1 }],
    ['shoot, shoots, shooting', { ids: 'arma', notBefore: 'hoops baskets film movie video scene photos pictures breeze', window: 2 }],
    ['shot, shots', { ids: 'arma', notAfter: 'shoulders wide close closeup camera photo picture good great nice best long big mug flu booster vaccine', window: 1 }],
    // A racing heart is the body's fear (often on waking), not the image of a heart.
    ['heart', { ids: 'coracao', notBefore: 'racing raced pounding pounded beating beat thumping thumped', window: 2 }],
    // A traffic light is a street's, not the image of light.
    ['light, lights', { ids: 'luz', notAfter: 'red green yellow amber traffic stop brake', window: 1 }],
    // Tension building up, building a house: a verb. A school or an office building is the school or the office.
    ['building, buildings', { ids: 'cidade', notAfter: 'was were is are kept keep been school office apartment hospital church', window: 1 }],
    ['building', { ids: 'cidade', notBefore: 'up a an the my his her their our something', window: 1 }],
    // An ex-classmate or an ex-colleague is no ex-partner.
    ['my ex, an ex, the ex', { ids: 'ex', notBefore: 'classmate classmates colleague colleagues coworker coworkers boss teacher roommate roommates neighbor neighbour friend student employee teammate president', window: 1 }],
    // Someone else's son or daughter ("the landlady's daughter", "her son") is not the dreamer's child.
    ['son, sons, daughter, daughters', { ids: 'filho', notAfter: 's her his their its whose', window: 1 }],
    // "a boy at my school", "a girl I know", "the cheerleader girl": a peer, often; a child when the dream says so.
    ['boy, boys, girl, girls', { ids: 'crianca', needsContext: 'little small tiny toddler toddlers baby babies infant child children kid kids daughter son daughters sons preschool kindergarten playground nursery stroller' }],
  ],
};
