import { useConsents } from '@/features/consents/api/use-consents';
import { ConsentDialog } from '@/features/consents/components/consent-dialog';
import { OracleChat } from '@/features/chat/components/oracle-chat';
import { useTimeZone } from '@/hooks/use-time-zone';

/** `/app/oracle` ('Oráculo'): the chat about the journal (issue 17); the consent question is the consents feature's. */
export function OracleRoute() {
  const timeZone = useTimeZone();
  const consents = useConsents();
  const aiConsent = consents.data?.items.find((consent) => consent.purpose === 'ai_analysis')?.status;
  return (
    <OracleChat
      timeZone={timeZone}
      aiConsent={aiConsent}
      renderConsentQuestion={(props) => <ConsentDialog {...props} />}
    />
  );
}

export { OracleRoute as Component };
