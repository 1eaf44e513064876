import type { Env } from '../../config.ts';
import { createVendor } from '../ai/create-vendor.ts';
import { createBuiltinReportWriter } from './reports.builtin.ts';
import { createGenerativeReportWriter } from './reports.generative.ts';
import type { ReportWriter } from './reports.writer.ts';

/** The report writer of the configured provider (AI_PROVIDER): its vendor's model, or the builtin writer. */
export function createReportWriter(env: Env): ReportWriter {
  const vendor = createVendor(env);
  return vendor
    ? createGenerativeReportWriter(vendor, { timeoutMs: env.AI_TIMEOUT_MS })
    : createBuiltinReportWriter({ revealMs: env.AI_BUILTIN_REVEAL_MS });
}
