/**
 * Locale keys of the rewards' catalogue (docs/decisions/026), shared by the rewards screens and the credit history.
 * The contract types the catalogue's ids as strings; the locales hold both texts for every id (reward-keys.test.ts checks), so
 * each key is typed as one of them.
 */
export const achievementKey = (id: string, field: 'name' | 'description') =>
  `rewards.achievements.${id}.${field}` as `rewards.achievements.first_dream.${typeof field}`;

/** The locale key of a level's name (levels 1 to 10, as LEVEL_THRESHOLDS). */
export const levelKey = (level: number) => `rewards.levels.${level}` as 'rewards.levels.1';
