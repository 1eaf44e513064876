import { afterEach, describe, expect, it } from 'vitest';

const original = globalThis.Function;

afterEach(() => {
  globalThis.Function = original;
});

describe('zod under the CSP', () => {
  it('builds and parses object schemas without ever constructing a Function (no eval for the CSP to refuse)', async () => {
    let constructed = 0;
    globalThis.Function = new Proxy(original, {
      construct(target, args: string[]) {
        constructed += 1;
        return Reflect.construct(target, args);
      },
    });
    await import('./zod-config');
    const { z } = await import('zod');
    const schema = z.object({ title: z.string(), mood: z.number().int(), tags: z.array(z.string()) });

    expect(schema.parse({ title: 'Voando', mood: 4, tags: ['mar'] })).toEqual({
      title: 'Voando',
      mood: 4,
      tags: ['mar'],
    });
    expect(schema.safeParse({ title: 1 }).success).toBe(false);
    expect(constructed).toBe(0);
  });
});
