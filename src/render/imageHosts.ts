/**
 * The `imageHosts` allow-list as a set of canonical hosts (`host` or `host:port`, lower-case,
 * IDN in punycode), so `CDN.Example.com` matches `https://cdn.example.com/a.png`. An entry that
 * is not a bare host (a scheme, a path, credentials, a wildcard) matches nothing.
 */
export function imageHostSet(hosts: readonly string[]): ReadonlySet<string> {
  const set = new Set<string>();
  for (const entry of hosts) {
    if (!/^[^\s/\\?#@*]+$/.test(entry)) continue;
    try {
      set.add(new URL(`https://${entry}`).host);
    } catch {
      // Not a host: it allows nothing.
    }
  }
  return set;
}

/** Whether an absolute http(s) URL may load as an image: its host is exactly one on the list. */
export function hostAllowed(href: string, hosts: ReadonlySet<string>): boolean {
  try {
    return hosts.has(new URL(href).host);
  } catch {
    return false;
  }
}
