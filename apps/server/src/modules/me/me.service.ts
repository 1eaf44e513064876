import type { MeResponse } from '@sonhario/contracts/auth';
import type { RequestContext } from '../../context.ts';
import { NotFoundError } from '../../errors.ts';
import { findProfile } from './me.repository.ts';

const nameOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

export async function getMe(ctx: RequestContext): Promise<MeResponse> {
  const profile = await findProfile(ctx.db, ctx.userId);
  // The session check passed a moment ago; the account can still have been deleted in between.
  if (!profile) throw new NotFoundError('User not found');
  return {
    id: profile.id,
    email: profile.email,
    firstName: nameOf(profile.metadata.first_name),
    lastName: nameOf(profile.metadata.last_name),
  };
}
