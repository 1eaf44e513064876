import { useParams } from 'react-router';
import { AnalysisSection } from '@/features/analyses/components/analysis-section';
import { DreamChatSection } from '@/features/chat/components/dream-chat-section';
import { useConsents } from '@/features/consents/api/use-consents';
import { ConsentDialog } from '@/features/consents/components/consent-dialog';
import { AnalysisPayment } from '@/features/credits/components/analysis-payment';
import { useDream } from '@/features/dreams/api/use-dream';
import { DreamDetail } from '@/features/dreams/components/dream-detail';
import { DreamSkeleton, DreamUnavailable, isMissingDream } from '@/features/dreams/components/dream-page-states';
import { SimilarDreams } from '@/features/patterns/components/similar-dreams';
import { useTimeZone } from '@/hooks/use-time-zone';
import { PRODUCT_NAME } from '@/lib/brand';

/**
 * `/app/dreams/:id`: one dream, its analyses and the conversation about it. Unknown ids (or someone else's) show the
 * 404 page inside the app.
 */
export function DreamDetailRoute() {
  const { id = '' } = useParams();
  const dream = useDream(id);
  const timeZone = useTimeZone();
  const consents = useConsents();
  const aiConsent = consents.data?.items.find((consent) => consent.purpose === 'ai_analysis')?.status;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col px-4 pt-4 pb-8 sm:px-6 sm:py-12">
      {dream.data && !isMissingDream(dream.error) ? (
        <>
          <title>{`${dream.data.title} · ${PRODUCT_NAME}`}</title>
          <div className="grid gap-8 sm:gap-14">
            <DreamDetail dream={dream.data} timeZone={timeZone} />
            {/* Keyed: another dream's page starts with no analysis under way. */}
            <AnalysisSection
              key={dream.data.id}
              dream={dream.data}
              timeZone={timeZone}
              payment={<AnalysisPayment />}
              aiConsent={aiConsent}
              renderConsentQuestion={(props) => <ConsentDialog {...props} />}
            />
            {/* Keyed: another dream's page starts with its own conversation, closed. */}
            <DreamChatSection
              key={`chat-${dream.data.id}`}
              dreamId={dream.data.id}
              timeZone={timeZone}
              aiConsent={aiConsent}
              renderConsentQuestion={(props) => <ConsentDialog {...props} />}
            />
            <SimilarDreams dreamId={dream.data.id} />
          </div>
        </>
      ) : dream.isError ? (
        <DreamUnavailable error={dream.error} onRetry={() => void dream.refetch()} />
      ) : (
        <DreamSkeleton />
      )}
    </div>
  );
}

export { DreamDetailRoute as Component };
