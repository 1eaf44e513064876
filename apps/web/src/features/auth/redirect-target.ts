/** Where to go after signing in: the protected page that sent the user to /login (`from`), else /app. */
export function redirectTargetFrom(state: unknown): string {
  const from = state && typeof state === 'object' && 'from' in state ? state.from : null;
  if (!from || typeof from !== 'object' || !('pathname' in from) || typeof from.pathname !== 'string') return '/app';
  const { pathname } = from;
  // Same-origin paths only, and never back to /login (that would loop).
  if (!pathname.startsWith('/') || pathname.startsWith('//') || pathname === '/login') return '/app';
  const search = 'search' in from && typeof from.search === 'string' ? from.search : '';
  return `${pathname}${search}`;
}
