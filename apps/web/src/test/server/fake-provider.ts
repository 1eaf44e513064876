import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AnalysisResult } from '@sonhario/contracts/analyses';
import type { MonthlyReportResult } from '@sonhario/contracts/reports';
import {
  openAiFrames,
  sampleWireJson,
} from '../../../../server/src/modules/analyses/providers/provider-test-servers.ts';
import type { ProviderScript } from './control-protocol.ts';
import { PROVIDER_RESULT } from './provider-results.ts';
import { REPORT_PROVIDER_RESULT } from './report-results.ts';

interface Scripted {
  id: number;
  script: ProviderScript;
  /** Resolves the stall. */
  release: () => void;
  released: Promise<void>;
  /** Resolves when a request took this script (and, for a stall, reached its pause). */
  reached: Promise<void>;
  markReached: () => void;
  /** Resolves when its answer ended, or its connection closed (the server gave up on it). */
  finished: Promise<void>;
  markFinished: () => void;
}

/**
 * A local server speaking the OpenAI chat-completions protocol (the frames of the server's own provider test
 * servers), standing in for the model behind the generative instance. By default it answers PROVIDER_RESULT; a test
 * scripts the next request whose body contains a needle (its dream's text): stall after the summary's first words
 * until released, or never answer (the server's AI_TIMEOUT_MS then ends the analysis).
 */
export async function startFakeProvider() {
  const scripts: Scripted[] = [];
  let sequence = 0;

  // A monthly report's request is answered with a report (same wire, its own result; decision 032).
  async function answer(res: ServerResponse, result: AnalysisResult | MonthlyReportResult, stall?: Scripted) {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    const wire = sampleWireJson(result as AnalysisResult);
    // The first piece ends inside the summary, after a few words: what a client shows while the model pauses.
    const cut =
      wire.indexOf('"summary":"') + '"summary":"'.length + result.summary.split(' ').slice(0, 4).join(' ').length;
    const frames = openAiFrames([wire.slice(0, cut), wire.slice(cut)], { model: 'gpt-4o-mini' });
    for (const [index, frame] of frames.entries()) {
      if (res.destroyed) return;
      res.write(frame);
      await new Promise((resolve) => setImmediate(resolve));
      if (index === 1 && stall) {
        stall.markReached();
        await Promise.race([stall.released, new Promise((resolve) => res.on('close', resolve))]);
      }
    }
    res.end();
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const index = scripts.findIndex((candidate) => text.includes(candidate.script.needle));
    const scripted = index === -1 ? undefined : scripts.splice(index, 1)[0];
    const fallback = text.includes('month_record') ? REPORT_PROVIDER_RESULT : PROVIDER_RESULT;
    if (!scripted) return answer(res, fallback);
    const { script } = scripted;
    res.on('close', scripted.markFinished);
    if (script.kind === 'hang') {
      scripted.markReached();
      return;
    }
    return answer(res, script.result ?? fallback, script.kind === 'stall' ? scripted : undefined);
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const byId = (id: number) => {
    const found = all.get(id);
    if (!found) throw new Error(`no provider script ${id}`);
    return found;
  };
  const all = new Map<number, Scripted>();

  return {
    origin: `http://127.0.0.1:${port}`,
    /** The control server's /provider/… calls: script, wait until reached, release. */
    async control(path: string, body: unknown): Promise<unknown> {
      if (path === '/script') {
        sequence += 1;
        let release!: () => void;
        let markReached!: () => void;
        let markFinished!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        const reached = new Promise<void>((resolve) => (markReached = resolve));
        const finished = new Promise<void>((resolve) => (markFinished = resolve));
        const scripted: Scripted = {
          id: sequence,
          script: body as ProviderScript,
          release,
          released,
          reached,
          markReached,
          finished,
          markFinished,
        };
        scripts.push(scripted);
        all.set(scripted.id, scripted);
        return { id: scripted.id };
      }
      const [, action, id] = path.split('/');
      const scripted = byId(Number(id));
      if (action === 'reached') await scripted.reached;
      else if (action === 'finished') await scripted.finished;
      else if (action === 'release') scripted.release();
      else throw new Error(`no provider control ${path}`);
      return {};
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const scripted of all.values()) scripted.release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
