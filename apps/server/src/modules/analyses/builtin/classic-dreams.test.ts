import { describe, expect, it } from 'vitest';
import { CLASSIC_DREAM_IDS, CLASSIC_NOTES, type ClassicDreamId } from './classic-dreams.data.ts';
import { findClassicDreams } from './classic-dreams.ts';

// Dreams written for these tests, as people write them: pt-BR typed on a phone (no accents, "tava", "vc", "q") and
// English. Each classic dream is recognised by its event in both languages.
const RECOGNISED: Record<ClassicDreamId, { pt: string[]; en: string[] }> = {
  teeth: {
    pt: ['sonhei com dentes caindo de novo', 'Meus dentes começaram a esfarelar na frente do meu chefe.'],
    en: ['I dreamt that all my teeth fell out.', 'My front tooth cracked and came out in my hand.'],
  },
  chase: {
    pt: ['Um cachorro enorme me perseguia pela rua.', 'tava fugindo de um homem de capuz, ele vinha atras de mim'],
    en: ['A huge dog chased me through a dark forest.', 'I was being hunted by a man in a grey coat.'],
  },
  falling: {
    pt: ['Eu tava no prédio e caí do décimo andar.', 'tropecei e cai num buraco sem fundo'],
    en: ['I slipped and fell off the edge of the roof.', 'We were falling through the clouds.'],
  },
  flying: {
    pt: ['Eu tava voando por cima da cidade.', 'de repente consegui voar e fui ate as nuvens'],
    en: ['I was flying over the ocean at night.', 'I suddenly could fly, just by jumping.'],
  },
  exposure: {
    pt: ['Eu tava pelada no meio da escola e todo mundo olhando.', 'cheguei no trabalho de cueca e todos riam de mim'],
    en: ['I was naked at work and everyone stared.', 'I realized I was in my underwear in the middle of class.'],
  },
  exam_unprepared: {
    pt: ['Tinha prova de cálculo e eu não tinha estudado nada.', 'era o enem e deu branco total'],
    en: ['I had a final exam and had not studied at all.', 'It was the test and my mind went blank.'],
  },
  late: {
    pt: ['Eu tava atrasada pra prova e perdi o ônibus.', 'perdi a hora do casamento da minha irma'],
    en: ['I was running late for my flight.', 'I missed the bus to my exam.'],
  },
  lost_searching: {
    pt: ['Me perdi num shopping enorme e não achava a saída.', 'procurava minha filha e nao achava em lugar nenhum'],
    en: ['I got lost in a huge hospital.', 'I could not find my car in the parking lot.'],
  },
  trapped_paralysed: {
    pt: ['Eu tava presa num elevador.', 'acordei no sonho e nao conseguia me mexer'],
    en: ['I could not move, I was paralyzed in bed.', 'We were trapped in a flooded basement.'],
  },
  device_failure: {
    pt: ['O celular não ligava de jeito nenhum.', 'tentava ligar pra minha mae mas o telefone travou'],
    en: ['My phone would not turn on.', 'I kept misdialing the number on my phone.'],
  },
  water_rising: {
    pt: ['A água tava subindo dentro de casa.', 'veio uma enchente e alagou a rua toda'],
    en: ['The water was rising fast in the kitchen.', 'A tsunami hit the town.'],
  },
  car_out_of_control: {
    pt: ['Eu dirigia o carro e o freio não funcionava.', 'o carro tava desgovernado descendo a ladeira'],
    en: ['I was driving and the brakes failed.', 'The car was out of control on the highway.'],
  },
  deceased_visit: {
    pt: [
      'Sonhei com meu vô que já morreu. Ele veio na minha casa, me abraçou e disse que estava tudo bem.',
      'sonhei c minha vo q ja faleceu, ela tava na cozinha e sorriu pra mim',
    ],
    en: [
      'My late grandmother came to visit me and hugged me.',
      'My dad, who died two years ago, sat next to me on the porch and we talked.',
    ],
  },
  pregnancy_baby: {
    pt: ['Sonhei que tava grávida de gêmeos.', 'eu tava segurando um bebe pequenininho'],
    en: ['I was pregnant and the baby was kicking.', 'I was holding a newborn baby.'],
  },
  ex_partner: {
    pt: ['Meu ex apareceu na festa.', 'sonhei com minha ex namorada de novo'],
    en: ['My ex showed up at the party.', 'My ex-girlfriend was at the wedding.'],
  },
  unknown_rooms: {
    pt: ['Na minha casa tinha um quarto que eu nunca tinha visto.', 'descobri uma porta escondida no meu apartamento'],
    en: ['I found a hidden room in my house.', 'My house had rooms I did not know about.'],
  },
};

// The same scenes as typed on a phone at 6 a.m.: no accents, "q", "mt", "tava", "ap", "kkkk".
const TYPED_ON_A_PHONE: [ClassicDreamId, string][] = [
  ['teeth', 'sonhei q meu dente da frente quebrou no meio da reuniao'],
  ['teeth', 'tava cuspindo os dentes na pia, um monte'],
  ['chase', 'tinha um cara correndo atras de mim com uma faca'],
  ['chase', 'uns zumbi tavam me perseguindo na faculdade'],
  ['chase', 'a policia tava atras de mim e eu fugindo'],
  ['falling', 'eu cai da escada de casa e acordei'],
  ['falling', 'sonhei q tava caindo de um predio mt alto'],
  ['flying', 'eu voava mt alto, por cima das nuvens'],
  ['flying', 'sonhei q eu flutuava no meu quarto'],
  ['exposure', 'tava sem roupa na rua e todo mundo me olhando'],
  ['exposure', 'fui pra escola so de calcinha kkkk que vergonha'],
  ['exam_unprepared', 'era dia de prova e eu nao sabia nada da materia'],
  ['exam_unprepared', 'tinha um exame final e eu esqueci de estudar'],
  ['late', 'tava super atrasada pro voo e o uber nao chegava'],
  ['late', 'perdi o horario da entrevista de emprego'],
  ['lost_searching', 'fiquei perdida numa cidade q eu nao conhecia'],
  ['lost_searching', 'procurava meu carro no estacionamento e nao achava de jeito nenhum'],
  ['lost_searching', 'Procurei minha bolsa pela casa toda e não achava em lugar nenhum.'],
  ['lost_searching', 'eu tava num shopping procurando meu filho, ele sumiu do nada e eu corria de loja em loja'],
  ['falling', 'sonhei que caía de um prédio muito alto, acordei com aquele tranco na cama'],
  ['trapped_paralysed', 'eu tentava correr e as pernas nao mexiam'],
  ['trapped_paralysed', 'tentava gritar mas a voz nao saia'],
  ['exposure', 'tava numa entrevista de emprego e do nada percebi q tava de pijama'],
  ['trapped_paralysed', 'eu tava trancada no banheiro e nao conseguia sair'],
  ['trapped_paralysed', 'acordei e nao conseguia me mexer, tinha um vulto no quarto'],
  ['device_failure', 'tentava ligar pra emergencia e o celular nao discava'],
  ['device_failure', 'meu notebook travou bem na hora da apresentacao'],
  ['water_rising', 'a agua do mar foi subindo ate cobrir a casa'],
  ['water_rising', 'tinha uma enchente na minha rua'],
  ['car_out_of_control', 'o carro perdeu o freio na descida'],
  ['car_out_of_control', 'eu tava no banco de tras e o carro andava sozinho'],
  ['deceased_visit', 'sonhei com minha mae q faleceu ano passado, ela me abracou forte'],
  ['deceased_visit', 'meu pai ja falecido apareceu na porta sorrindo'],
  ['pregnancy_baby', 'descobri q tava gravida no sonho'],
  ['pregnancy_baby', 'eu tinha um bebe no colo e ele chorava'],
  ['ex_partner', 'sonhei com meu ex de novo, a gente voltava'],
  ['ex_partner', 'minha ex namorada tava na festa'],
  ['unknown_rooms', 'a casa da minha vo tinha uns quartos q eu nunca tinha visto'],
  ['unknown_rooms', 'achei uma porta secreta no meu ap'],
];

// And in English as people write it: lowercase, "couldnt" without its apostrophe, the scene in passing.
const WRITTEN_IN_PASSING: [ClassicDreamId, string][] = [
  ['teeth', 'my teeth were crumbling in my mouth like chalk'],
  ['teeth', 'I kept spitting out teeth into my hand'],
  ['chase', 'someone was chasing me down a long hallway'],
  ['chase', 'this guy with a knife was after me the whole dream'],
  ['chase', 'a pack of wolves hunted us through the snow'],
  ['falling', 'I tripped and fell down the stairs'],
  ['falling', 'I was falling from a skyscraper and woke up right before I hit the ground'],
  ['flying', 'I was soaring above the city at night'],
  ['flying', 'I realized I could fly and jumped off the roof'],
  ['exposure', 'I showed up to work with no pants on'],
  ['exposure', 'I was giving a speech and realized I was naked'],
  ['exam_unprepared', 'it was finals week and I had not gone to class all semester'],
  ['exam_unprepared', 'I sat down for the test and had no idea what any of the questions meant'],
  ['late', 'I overslept and missed my flight'],
  ['late', 'I was late for my own wedding'],
  ['lost_searching', 'I was wandering around a huge airport and could not find my gate'],
  ['lost_searching', 'my little girl disappeared at the fair and I ran around calling her name'],
  ['trapped_paralysed', 'someone was at the door and I tried to run but my legs would not move'],
  ['lost_searching', 'I kept looking for my kids everywhere and could not find them'],
  ['trapped_paralysed', 'I was stuck in a tiny room with no doors'],
  ['trapped_paralysed', 'I woke up and couldnt move and there was someone in the room'],
  ['device_failure', 'I tried to call 911 but my phone kept dialing the wrong number'],
  ['device_failure', 'my laptop screen went black in the middle of my presentation'],
  ['water_rising', 'the water kept rising in the basement until it reached my neck'],
  ['water_rising', 'a huge wave was coming toward the beach'],
  ['car_out_of_control', 'I was in the back seat and nobody was driving the car'],
  ['car_out_of_control', 'I hit the brakes but the car would not stop'],
  ['deceased_visit', 'my grandpa who passed away last year was sitting at the kitchen table and smiled at me'],
  ['deceased_visit', 'I dreamed about my mom who died in 2019, she told me she was proud of me'],
  ['pregnancy_baby', 'I found out I was pregnant with twins'],
  ['pregnancy_baby', 'I was taking care of a tiny baby that was not mine'],
  ['ex_partner', 'my ex texted me saying he missed me'],
  ['ex_partner', 'I was back together with my ex-husband'],
  ['unknown_rooms', 'my apartment had a whole extra wing I never knew about'],
  ['unknown_rooms', 'I opened a door in my house and found a room I had never seen'],
];

// The ways people tell these scenes beyond the textbook phrase (decision 059, "measured on real dreams"): a chase told
// by the flight, a search by its urgency, nakedness by who might see, a device by the attempt to fix it.
const TOLD_OTHERWISE: [ClassicDreamId, string][] = [
  ['chase', 'Two men in a van followed us out of the station. We ducked into a bakery and hid behind the counter.'],
  ['chase', 'uns caras me seguiram desde a padaria, eu corri e me escondi no prédio da minha tia'],
  ['chase', 'A swarm of bees came closer and closer, so we ran the other way.'],
  ['chase', 'There was a chase through the market and I jumped over the fruit stands.'],
  ['chase', 'I was on the run from a gang of smugglers.'],
  ['chase', 'teve uma perseguição de carro na avenida e eu tava no banco do carona'],
  ['chase', 'The guards wanted to kill us, so we snuck out through the laundry room.'],
  ['exposure', 'I realized I was naked and felt so embarrassed.'],
  ['exposure', 'My towel fell off right in front of everyone at the gym.'],
  ['exposure', 'percebi que tava pelada e ninguém reparou'],
  ['exposure', 'minha saia rasgou no meio da formatura e todo mundo viu'],
  ['exposure', 'Then I was naked. My boss walked in with two clients.'],
  ['exam_unprepared', 'I had lost my answer sheet halfway through the exam.'],
  ['exam_unprepared', 'perdi a prova no meio da sala e o professor ficou bravo'],
  ['lost_searching', 'I lost my passport at the airport in Rome.'],
  ['lost_searching', 'perdi minha carteira no show e voltei pra procurar'],
  ['lost_searching', 'I was searching frantically for my keys before the ceremony.'],
  ['lost_searching', 'procurei pela casa toda o anel da minha mãe'],
  ['lost_searching', 'We were looking for a place to sleep in a city we did not know.'],
  ['lost_searching', 'I looked all through the garage for my brother.'],
  ['lost_searching', 'fiquei tentando achar uma roupa pra ir, mas não tinha nada'],
  ['trapped_paralysed', 'I remember being trapped in a cave with the tide coming in.'],
  ['device_failure', 'I tried to fix the printer but the paper kept jamming.'],
  ['device_failure', 'Something was wrong with my phone, the letters kept sliding off the screen.'],
  ['device_failure', 'I could not open the email from my boss.'],
  ['device_failure', 'o carro quebrou no meio da estrada e ninguém parava'],
  ['device_failure', 'tinha algo errado com o computador, a tela piscava'],
  ['unknown_rooms', 'The closet in my bedroom opened into more rooms I had never seen.'],
  ['unknown_rooms', 'no meu apartamento a porta do banheiro dava pra outros quartos'],
  ['deceased_visit', 'My late uncle was staying at our house again, like every summer.'],
];

// The traps: a lone word, an idiom, a denied event, someone else's event. Decided: a visit to the dentist is not the
// teeth dream unless a tooth falls, breaks or is pulled out.
const NOT_RECOGNISED: [ClassicDreamId, string][] = [
  ['teeth', 'Fui no dentista pra uma consulta de limpeza e escovei os dentes.'],
  ['teeth', 'meus dentes não caíram, ainda bem'],
  ['teeth', 'I brushed my teeth and went to bed.'],
  ['chase', 'We did an escape room and someone was behind me the whole time.'],
  ['chase', 'ninguém me perseguia, eu só andava pela praia'],
  ['chase', 'a gente fugiu da chuva e entrou no mercado'],
  ['chase', 'I chased the bus down the street.'],
  ['falling', 'caí no sono no sofá da minha tia'],
  ['falling', 'a gente tava caindo de rir da piada'],
  ['falling', 'I fell asleep on the couch.'],
  ['falling', 'Não caí, consegui me segurar no corrimão.'],
  ['falling', 'A chuva tava caindo forte lá fora.'],
  ['falling', 'I fell in love with a stranger.'],
  ['flying', 'We were flying a kite at the beach.'],
  ['flying', 'O avião tava voando baixo sobre a praia.'],
  ['flying', 'I flew to Lisbon for a conference.'],
  ['exposure', 'fomos jogar pelada no campo do bairro'],
  ['exposure', 'I could see the comet with the naked eye.'],
  ['exam_unprepared', 'Fiz a prova e fui muito bem.'],
  ['late', 'My late grandmother was in the garden.'],
  ['late', 'It was late at night when we got home.'],
  ['late', 'Eu não tava atrasado, cheguei cedo.'],
  ['lost_searching', 'Não achava graça nenhuma na festa.'],
  ['lost_searching', 'Perdi meu avô ano passado.'],
  ['lost_searching', 'I was lost in thought on the train.'],
  ['trapped_paralysed', 'A song was stuck in my head all day.'],
  ['device_failure', 'O celular tocou e eu atendi.'],
  ['water_rising', 'The room was flooded with light.'],
  ['car_out_of_control', 'Eu dirigia o carro tranquila pela estrada.'],
  ['deceased_visit', 'Minha avó morreu no sonho e eu chorei muito.'],
  ['deceased_visit', 'My grandmother came to visit me and hugged me.'],
  // Living the death again is not a visit.
  ['deceased_visit', 'Sonhei com meu avô que já morreu. Ele morreu no sonho de novo, na minha frente.'],
  ['deceased_visit', 'My phone died in the middle of the call.'],
  ['pregnancy_baby', 'ele bebe muito café de manhã'],
  ['pregnancy_baby', 'I lost a baby tooth.'],
  ['ex_partner', 'Meu ex chefe me ligou pra falar de trabalho.'],
  ['unknown_rooms', 'Entrei no meu quarto e deitei.'],
  // A collapse or a trip is not the fall of the classic dream.
  ['falling', 'He shot at me and I fell back against the wall.'],
  ['falling', 'tropecei e caí de joelhos na calçada'],
  // Flying in a plane is a ride, even when the plane was named sentences before.
  ['flying', 'We boarded a small plane in the rain. The pilot was cheerful. We flew over the Andes for hours.'],
  // Bare where everyone is (a hot tub), water that rises as one sits in a pool.
  ['exposure', 'We were all naked in the hot tub at the cabin, laughing.'],
  ['water_rising', 'In the pool the water rose to my shoulders when I sat down.'],
  // Wanted dead with no flight is an attack; running with no threat is running.
  ['chase', 'My cousins wanted to kill me for eating the cake.'],
  ['chase', 'We ran and ran along the beach, laughing.'],
  ['chase', 'They followed me into the kitchen and we made coffee.'],
  // A feeling of being trapped, a thing stuck, people stuck in a plan.
  ['trapped_paralysed', 'I felt so trapped in that job.'],
  ['trapped_paralysed', 'My ring got stuck on my finger.'],
  ['trapped_paralysed', 'minha mão ficou presa na gaveta'],
  // Babies spoken of are not the scene's baby; fixing dinner is no device.
  ['pregnancy_baby', 'We talked about how big the Lima babies had gotten.'],
  ['device_failure', 'I tried to fix dinner for my parents.'],
  ['lost_searching', 'I looked around for a minute and then sat down.'],
];

describe('the classic dreams', () => {
  for (const id of CLASSIC_DREAM_IDS) {
    for (const lang of ['pt', 'en'] as const) {
      it.each(RECOGNISED[id][lang])(`recognises ${id} in ${lang}: %s`, (text) => {
        expect(findClassicDreams(text)).toContain(id);
      });
    }
  }

  it.each(TYPED_ON_A_PHONE)('recognises %s typed on a phone: %s', (id, text) => {
    expect(findClassicDreams(text)).toContain(id);
  });

  it.each(WRITTEN_IN_PASSING)('recognises %s written in passing: %s', (id, text) => {
    expect(findClassicDreams(text)).toContain(id);
  });

  it.each(TOLD_OTHERWISE)('recognises %s told otherwise: %s', (id, text) => {
    expect(findClassicDreams(text)).toContain(id);
  });

  it.each(NOT_RECOGNISED)('does not read %s into: %s', (id, text) => {
    expect(findClassicDreams(text)).not.toContain(id);
  });

  it('reads a phone that died as a device failing, not as a death', () => {
    expect(findClassicDreams('My phone died in the middle of the call.')).toEqual(['device_failure']);
  });

  it('lists the classic dreams of one text in the order they happen', () => {
    expect(findClassicDreams('Meu ex apareceu na festa. Depois meus dentes começaram a cair.')).toEqual([
      'ex_partner',
      'teeth',
    ]);
  });

  it('reads no event after the dreamer really woke up', () => {
    const text = 'Eu voava sobre a cidade. Acordei e o celular não ligava.';
    expect(findClassicDreams(text)).toEqual(['flying', 'device_failure']);
    // The analyzer's `finalWakeAt`: the word "acordei" (the fifth).
    expect(findClassicDreams(text, 4)).toEqual(['flying']);
  });

  it('has a careful note for each classic dream in both languages, stated as possibilities', () => {
    for (const id of CLASSIC_DREAM_IDS) {
      for (const lang of ['pt', 'en'] as const) {
        const note = CLASSIC_NOTES[id][lang];
        const sentences = note.split(/(?<=\.)\s/u);
        expect(sentences.length, `${id} ${lang}`).toBeGreaterThanOrEqual(1);
        expect(sentences.length, `${id} ${lang}`).toBeLessThanOrEqual(3);
        // No fortune-teller's certainty.
        expect(note).not.toMatch(/\b(significa que|means that|vai acontecer|will happen|é um aviso|is a warning)\b/iu);
      }
    }
    // A visit from someone who has died is comfort and a bond, never "an ending".
    expect(CLASSIC_NOTES.deceased_visit.pt).toMatch(/reconfortantes/u);
    expect(`${CLASSIC_NOTES.deceased_visit.pt} ${CLASSIC_NOTES.deceased_visit.en}`).not.toMatch(
      /ciclo|cycle|fim|ending/iu,
    );
  });
});
