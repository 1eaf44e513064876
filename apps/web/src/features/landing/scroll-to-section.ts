/**
 * Brings a landing section into view and moves focus to it, so keyboard and screen-reader users land where sighted
 * users see the page scroll to. Smooth unless the user asked for reduced motion: the stylesheet's `scroll-behavior`
 * (globals.css) decides, which keeps this in the landing's entry small.
 */
export function scrollToSection(id: string) {
  const section = document.getElementById(id);
  if (!section) return;
  section.scrollIntoView({ block: 'start' });
  section.focus({ preventScroll: true });
}
