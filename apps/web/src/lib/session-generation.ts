let generation = 0;

/** Which signed-in session the data the app holds belongs to; moves on each time that data is forgotten. */
export const sessionGeneration = () => generation;

/** Called by `forgetSessionData` only (lib/session-data.ts); kept apart so the API client does not load the cache. */
export const nextSessionGeneration = () => {
  generation += 1;
};
