import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli.ts';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.ts';

describe('npm run admin -- billing-setup (against the Stripe stand-in)', () => {
  let fake: FakeStripe;
  let dir: string;
  beforeAll(async () => {
    fake = await startFakeStripe({ webhookSecret: 'whsec_cli' });
    dir = await mkdtemp(path.join(tmpdir(), 'sonhario-cli-billing-'));
  });
  afterAll(async () => {
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  });

  const run = async (env: Record<string, string>) => {
    const lines: string[] = [];
    const code = await runCli(['billing-setup'], (l) => lines.push(l), { DATA_DIR: dir, ...env });
    return { code, lines };
  };

  it('creates the product and both monthly prices once; a second run finds them and creates nothing', async () => {
    const env = { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_API_URL: fake.url };
    const first = await run(env);
    expect(first.code).toBe(0);
    expect(first.lines[0]).toMatch(/^lucid: price_\w+ \(9\.99 USD\/month, sonhario_lucid_monthly\) created$/);
    expect(first.lines[1]).toMatch(/^oracle: price_\w+ \(19\.99 USD\/month, sonhario_oracle_monthly\) created$/);

    const second = await run(env);
    expect(second.code).toBe(0);
    expect(second.lines.slice(0, 2)).toEqual(first.lines.slice(0, 2).map((l) => l.replace('created', 'already there')));

    const prices = await fake.stripe.prices.list({ limit: 100 });
    expect(prices.data).toHaveLength(2);
    expect(new Set(prices.data.map((p) => p.product)).size).toBe(1);
    expect(prices.data.map((p) => [p.lookup_key, p.unit_amount, p.recurring?.interval]).sort()).toEqual([
      ['sonhario_lucid_monthly', 999, 'month'],
      ['sonhario_oracle_monthly', 1999, 'month'],
    ]);
  });

  it('fails clearly when billing is off or Stripe refuses the key', async () => {
    const off = await run({});
    expect(off.code).toBe(1);
    expect(off.lines.join('\n')).toContain('STRIPE_SECRET_KEY is not set');
    const refused = await run({ STRIPE_SECRET_KEY: 'sk_test_wrong', STRIPE_API_URL: fake.url });
    expect(refused.code).toBe(1);
    expect(refused.lines.join('\n')).toContain('Invalid API Key');
  });

  it('lists billing-setup in the usage', async () => {
    const lines: string[] = [];
    await runCli(['help'], (l) => lines.push(l), {});
    expect(lines.join('\n')).toContain('billing-setup');
  });
});
