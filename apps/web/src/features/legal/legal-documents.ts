/** When each legal document last changed (shown at its top). Change the date with the text. */
export const PRIVACY_POLICY_UPDATED_ON = '2026-11-21';
export const TERMS_UPDATED_ON = '2026-11-21';
