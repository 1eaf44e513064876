import type { DreamSign, DreamSignsResponse } from '@sonhario/contracts/pattern-signs';
import { useState } from 'react';
import { DreamSignsFrame, DreamSignsList } from '@/features/patterns/signs/components/dream-signs-view';
import { DEMO_NUMBERS, type DemoJournal } from './demo-journal';

/** The sample journal's signs as GET /patterns/signs would answer them, the pinned ones first. */
function sampleSigns(
  journal: DemoJournal,
  pinned: ReadonlySet<string>,
): Pick<DreamSignsResponse, 'signs' | 'cooccurrence'> {
  const { dreamCount } = DEMO_NUMBERS;
  const signs: DreamSign[] = journal.signs.map(({ name, kind, count }) => ({
    kind,
    group: 'images',
    key: name,
    label: name,
    count,
    share: count / dreamCount,
    pinId: pinned.has(name) ? `demo-${name}` : null,
    dreams: [],
  }));
  const countOf = (name: string) => journal.signs.find((sign) => sign.name === name)?.count ?? 0;
  const item = (name: string) => ({ kind: 'symbol' as const, key: name, label: name, count: countOf(name) });
  const { a, b, count: together } = journal.together;
  return {
    signs: [...signs.filter((sign) => sign.pinId), ...signs.filter((sign) => !sign.pinId)],
    cooccurrence: {
      isTooLittleData: false,
      pairs: [
        {
          a: item(a),
          b: item(b),
          together,
          dreamCount,
          // P(a and b) / (P(a) · P(b)), as the server reckons it.
          lift: (together * dreamCount) / (countOf(a) * countOf(b)),
        },
      ],
    },
  };
}

/** 'Sinais de sonho' as the app draws it, from the sample journal; a pin is kept on this page only. */
export function DemoSigns({ journal }: { journal: DemoJournal }) {
  const [pinned, setPinned] = useState<ReadonlySet<string>>(new Set());
  const toggle = (sign: DreamSign) =>
    setPinned((previous) => {
      const next = new Set(previous);
      if (!next.delete(sign.key)) next.add(sign.key);
      return next;
    });
  return (
    <DreamSignsFrame isLocked={false}>
      <DreamSignsList data={sampleSigns(journal, pinned)} onToggle={toggle} />
    </DreamSignsFrame>
  );
}
