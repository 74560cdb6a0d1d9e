import { verifyTwilioSignature } from './sms';

/**
 * Twilio's request signature checked as its own `validateRequest` does: over the URL as Twilio called it, with and
 * without the scheme's default port (Twilio signs whichever form its console holds), each compared in constant time.
 */

/** The URL's scheme, user part, host, port (with its colon) and the rest, without normalising any of it. */
function splitUrl(url: string) {
  const match = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)/i.exec(url);
  if (!match) return null;
  const [prefix, scheme, authority] = match as unknown as [string, string, string];
  const userEnd = authority.lastIndexOf('@');
  const hostAndPort = authority.slice(userEnd + 1);
  // A colon starts the port only after the closing bracket of an IPv6 literal.
  const portStart = hostAndPort.indexOf(':', hostAndPort.lastIndexOf(']') + 1);
  return {
    scheme,
    user: authority.slice(0, userEnd + 1),
    host: portStart === -1 ? hostAndPort : hostAndPort.slice(0, portStart),
    port: portStart === -1 ? '' : hostAndPort.slice(portStart),
    rest: url.slice(prefix.length),
  };
}

export function withoutPort(url: string): string {
  const parts = splitUrl(url);
  return parts ? parts.scheme + parts.user + parts.host + parts.rest : url;
}

export function withDefaultPort(url: string): string {
  const parts = splitUrl(url);
  if (!parts || parts.port) return url;
  const port = parts.scheme.toLowerCase() === 'https://' ? ':443' : ':80';
  return parts.scheme + parts.user + parts.host + port + parts.rest;
}

/** Whether `signature` (X-Twilio-Signature) signs this URL and these form parameters with the auth token. */
export function validTwilioRequest(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: URLSearchParams,
): boolean {
  // Both forms are always checked, so the time taken does not tell which one matched.
  const results = [withoutPort(url), withDefaultPort(url)].map((candidate) =>
    verifyTwilioSignature(authToken, candidate, params, signature),
  );
  return results.some(Boolean);
}
