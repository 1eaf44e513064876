import { OAuth2Server } from 'oauth2-mock-server';
import { freePort } from './harness.ts';

/**
 * A local OpenID Connect provider standing in for Google (oauth2-mock-server): what GOOGLE_ISSUER points at when a
 * test server offers Google sign-in. The web tests' generative instance uses it (apps/web/src/test/server).
 */
export async function startFakeGoogle(): Promise<{ issuer: string; close(): Promise<void> }> {
  const oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(await freePort(), '127.0.0.1');
  const issuer = oidc.issuer.url;
  if (!issuer) throw new Error('the OpenID Connect stand-in has no issuer URL');
  return { issuer, close: () => oidc.stop() };
}
