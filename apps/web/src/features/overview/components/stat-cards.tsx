import type { ReactNode } from 'react';
import { useIsAnalysisGenerative } from '@/hooks/use-privacy-info';
import { useOverview } from '../api/use-overview';
import { StatCardsView } from './stat-cards-view';

/**
 * The three numbers of spec section 2, from GET /me/overview. `streakDetails` is what the app adds to the streak card
 * (the rewards' next milestone, today's state and a link covering the card); on a phone that card takes a full row.
 */
export function StatCards({ streakDetails }: { streakDetails?: ReactNode }) {
  const { data, isPending, isError } = useOverview();
  // 'com IA' only when the server's provider is a generative model; the builtin reading is not AI (issue 19).
  const isAnalysisGenerative = useIsAnalysisGenerative();
  // A failed load is told once at the top of the dashboard (OverviewLoadFailed), not as "—" in every card.
  if (isError && !data) return null;
  return (
    <StatCardsView
      counts={data}
      isPending={isPending}
      isAnalysisGenerative={isAnalysisGenerative}
      streakDetails={streakDetails}
    />
  );
}
