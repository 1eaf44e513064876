import type { PatternCharts } from '@sonhario/contracts/pattern-charts';
import { EmotionsChart } from './emotions-chart';
import { DreamsChart, LucidityChart, MoodSleepChart, NightmaresChart, VividnessChart } from './journal-charts';
import { TagsChart } from './tags-chart';

/**
 * The charts of 'Padrões' (recharts, in the analytics route's chunk only: docs/decisions/029). Every chart has
 * recharts' accessibility layer (keyboard and screen-reader tooltips), a description in words and a table view.
 */
export function PatternChartViews({ charts }: { charts: PatternCharts }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <DreamsChart charts={charts} />
      <LucidityChart charts={charts} />
      <EmotionsChart charts={charts} />
      <NightmaresChart charts={charts} />
      <MoodSleepChart charts={charts} />
      <VividnessChart charts={charts} />
      <div className="md:col-span-2">
        <TagsChart charts={charts} />
      </div>
    </div>
  );
}
