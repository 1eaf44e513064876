// The builtin analyzer's cost per dream: a 500-word pt-BR dream analysed 1,000 times (after a warm-up), mean and
// p95 in milliseconds against the 5 ms target. Not a timed test: machines differ, so this only prints.
//
//   npx tsx bench/analyzer.ts
import { analyzeDream } from '../apps/server/src/modules/analyses/builtin/builtin-analyzer.ts';

const RUNS = 1_000;
const WARMUP = 100;
const TARGET_MS = 5;

const SENTENCES = [
  'Sonhei que estava voando sobre o mar e via as ondas quebrando na areia da praia.',
  'De repente um cachorro enorme começou a me perseguir pelos corredores da escola antiga.',
  'Minha mãe gritava meu nome da janela da casa da minha avó, mas eu não conseguia responder.',
  'Eu estava atrasado para uma prova e o relógio da parede andava rápido demais.',
  'Meus dentes caíam um por um enquanto eu tentava falar com o meu chefe numa reunião.',
  'Depois eu caí de uma escada muito alta e acordei com medo, o coração disparado.',
  'Em outro momento percebi que estava sonhando e consegui controlar o voo por cima da cidade.',
  'Havia uma cobra no jardim, flores murchas e uma chuva fina que não parava.',
  'I walked through a dark forest with my brother and we found an old key near the river.',
  'Senti uma mistura de alegria, saudade e confusão quando encontrei meu amigo de infância no trem.',
];

function dreamOf(words: number): string {
  const out: string[] = [];
  let count = 0;
  for (let i = 0; count < words; i++) {
    const sentence = SENTENCES[i % SENTENCES.length]!;
    out.push(sentence);
    count += sentence.split(/\s+/).length;
  }
  return out.join(' ');
}

const content = dreamOf(500);
const input = { title: 'Um sonho longo', content, emotions: ['medo' as const], lucidity: 1, vividness: 4 };
const options = {
  language: 'pt-BR' as const,
  history: { symbolCounts: { agua: 4, mar: 2, cachorro: 3 }, dreamCount: 10 },
};

for (let i = 0; i < WARMUP; i++) analyzeDream(input, options);
const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const start = performance.now();
  analyzeDream(input, options);
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
const p95 = times[Math.floor(times.length * 0.95)]!;
console.log(`builtin analyzer: ${content.split(/\s+/).length} words × ${RUNS} runs`);
console.log(
  `mean ${mean.toFixed(3)} ms, p95 ${p95.toFixed(3)} ms (target ≤ ${TARGET_MS} ms) ${p95 <= TARGET_MS ? 'OK' : 'OVER TARGET'}`,
);
