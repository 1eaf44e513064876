/**
 * Brings a landing section into view and moves focus to it, so keyboard and
 * screen-reader users land where sighted users see the page scroll to.
 */
export function scrollToSection(id: string) {
  const section = document.getElementById(id);
  if (!section) return;
  const prefersReducedMotion =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ behavior: prefersReducedMotion ? 'auto' : 'smooth', block: 'start' });
  section.focus({ preventScroll: true });
}
