/** The middle value of a run's samples (the upper middle of an even count); NaN when there is none. */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
