// What the plan's chat usage allows now: the taste used up, the day's fair use reached, and the usage line to show.
import { useTranslation } from 'react-i18next';
import { type ChatFailure, useChatUsage } from '../api/use-chat';

/** Oracle shows its usage only near the day's fair use. */
const FAIR_USE_NEAR = 10;

/** `failure`: the last send's, when it failed (a 429 says the limit is reached before the usage is read again). */
export function useChatLimits(failure: ChatFailure | null) {
  const { t } = useTranslation();
  const usage = useChatUsage();
  const isTasteUsed =
    (usage.data?.mode === 'taste' && usage.data.remaining <= 0) ||
    (failure?.kind === 'limit' && usage.data?.mode !== 'unlimited');
  const isFairUseReached =
    !isTasteUsed && ((usage.data?.mode === 'unlimited' && usage.data.remaining <= 0) || failure?.kind === 'limit');
  const isLimited = isTasteUsed || isFairUseReached;

  const usageLine = usageText();
  function usageText(): string | null {
    const data = usage.data;
    if (!data || isLimited) return null;
    if (data.mode === 'taste') return t('chat.usage.taste', { used: data.used, limit: data.limit });
    if (data.remaining <= FAIR_USE_NEAR) return t('chat.usage.fairUse', { count: data.remaining });
    return null;
  }

  return { usage, isTasteUsed, isFairUseReached, isLimited, usageLine };
}
