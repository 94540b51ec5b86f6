// OAuth's one rule the sandbox enforces on the authorization step: where the code may be sent.

/** Host names of a loopback redirect URI (RFC 8252 §7.3), whose port a native app picks when it signs in. */
const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * Whether an authorization code may be sent to `candidate`: it must be one of the application's registered redirect
 * URIs exactly (the API refuses any other), except that a registered loopback URI (`http://127.0.0.1/callback`)
 * matches on any port, as RFC 8252 §7.3 asks of servers: the app listens on whichever port is free.
 */
export function redirectUriRegistered(candidate: string, registered: readonly string[]): boolean {
  if (registered.includes(candidate)) return true;
  let sent: URL;
  try {
    sent = new URL(candidate);
  } catch {
    return false;
  }
  if (sent.protocol !== 'http:' || !LOOPBACK_HOSTS.includes(sent.hostname) || sent.username || sent.password)
    return false;
  if (sent.hash || candidate.includes('#')) return false;
  return registered.some((entry) => {
    const own = new URL(entry);
    return (
      own.protocol === 'http:' &&
      own.hostname === sent.hostname &&
      own.pathname === sent.pathname &&
      own.search === sent.search
    );
  });
}
