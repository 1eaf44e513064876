// The schema object Drizzle needs for relational queries; the only index file, because drizzle-kit and the client both read it.
export * from './meta.ts';
export * from './auth.ts';
export * from './consents.ts';
export * from './profiles.ts';
export * from './user-keys.ts';
export * from './dreams.ts';
export * from './analyses.ts';
export * from './journal-stats.ts';
export * from './rewards.ts';
export * from './billing.ts';
export * from './support.ts';
export * from './patterns.ts';
export * from './chat.ts';
export * from './reminders.ts';
