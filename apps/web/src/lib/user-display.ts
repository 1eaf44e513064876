/** The parts of a user the menu and greeting read (supabase-js's User fits). */
export interface UserIdentity {
  email?: string | null;
  user_metadata?: { first_name?: unknown; last_name?: unknown } | null;
}

const FALLBACK_NAME = 'Usuário';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Spec: user_metadata.first_name; else the part of the e-mail before the @; else 'Usuário'. */
export function getDisplayName(user: UserIdentity | null | undefined): string {
  const firstName = text(user?.user_metadata?.first_name);
  if (firstName) return firstName;
  const localPart = text(user?.email).split('@')[0]?.trim();
  return localPart || FALLBACK_NAME;
}

const firstLetter = (word: string) => Array.from(word)[0] ?? '';
const upper = (value: string) => value.toLocaleUpperCase('pt-BR');

/**
 * Two uppercase initials for the avatar (spec: "avatar shows 2 initials"), decision 005:
 * first letters of first_name and last_name when both exist; otherwise the first letters of the display
 * name's first two words (words split on spaces, dots, dashes, underscores and plus signs, so
 * "joao.silva@…" gives "JS"); otherwise its first two letters ("maria@…" gives "MA").
 */
export function getInitials(user: UserIdentity | null | undefined): string {
  const firstName = text(user?.user_metadata?.first_name);
  const lastName = text(user?.user_metadata?.last_name);
  if (firstName && lastName) return upper(firstLetter(firstName) + firstLetter(lastName));

  const words = getDisplayName(user)
    .split(/[\s._+-]+/u)
    .filter(Boolean);
  const [first, second] = words;
  if (first && second) return upper(firstLetter(first) + firstLetter(second));
  return upper(
    Array.from(first ?? FALLBACK_NAME)
      .slice(0, 2)
      .join(''),
  );
}
