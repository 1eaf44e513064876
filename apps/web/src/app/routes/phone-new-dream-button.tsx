import { PenLine } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, useLocation } from 'react-router';
import { useIsPageActionOnScreen } from '@/hooks/use-page-action';

/** The dream form's own screens: the button would only lead where the user already is. */
const FORM_PATHS = ['/app/dreams/new', '/app/dreams/:id/edit'];

/** Text fields the on-screen keyboard opens for (a focused checkbox or button keeps the button). */
const isTyping = (element: Element | null) =>
  element instanceof HTMLTextAreaElement ||
  (element instanceof HTMLElement && element.isContentEditable) ||
  (element instanceof HTMLInputElement &&
    !['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'file', 'color', 'image'].includes(element.type));

/**
 * Whether the focus is in a text field: while writing, a phone's keyboard leaves no room for a floating button. Read
 * again on each screen: a focused field removed with its screen loses the focus without a focusout in Chromium.
 */
function useIsTyping(pathname: string) {
  const [isTypingNow, setIsTypingNow] = useState(() => isTyping(document.activeElement));
  useEffect(() => {
    const update = () => setIsTypingNow(isTyping(document.activeElement));
    update();
    // focusout runs before the next element has the focus: read it once the move is over.
    const later = () => queueMicrotask(update);
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', later);
    return () => {
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', later);
    };
  }, [pathname]);
  return isTypingNow;
}

/**
 * 'Novo sonho' one tap away on a phone (below `sm`), on every app screen but the dream form itself: a floating
 * button above the home indicator, with a spacer of its height after the page so it never covers the page's end
 * (docs/decisions/040). The header keeps the navigation; this is the one action, not a second menu. It steps aside
 * while a page's own main button is on screen (the dashboard's 'Hoje' button, its 'record' buttons;
 * docs/decisions/080): one main action in view, and never drawn over that button.
 */
export function PhoneNewDreamButton() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isTypingNow = useIsTyping(pathname);
  const isPageActionOnScreen = useIsPageActionOnScreen();
  if (FORM_PATHS.some((pattern) => matchPath(pattern, pathname))) return null;
  return (
    <>
      <div aria-hidden="true" className="h-[calc(5.5rem+env(safe-area-inset-bottom))] shrink-0 sm:hidden" />
      <Link
        to="/app/dreams/new"
        data-testid="phone-new-dream"
        hidden={isTypingNow || isPageActionOnScreen}
        className="fixed right-4 bottom-[calc(1rem+env(safe-area-inset-bottom))] z-30 inline-flex h-14 min-w-14 items-center justify-center gap-2 rounded-full bg-primary px-5 text-base font-semibold text-primary-foreground border border-white/15 shadow-[0_10px_40px_-10px_var(--glow),0_4px_14px_rgb(0_0_0/0.35)] transition-[background-color,box-shadow,opacity,translate] duration-200 outline-none starting:translate-y-2 starting:opacity-0 motion-reduce:transition-none hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background active:bg-primary/85 sm:hidden"
      >
        <PenLine aria-hidden="true" className="size-5" />
        {t('dashboard.quickNewDream')}
      </Link>
    </>
  );
}
