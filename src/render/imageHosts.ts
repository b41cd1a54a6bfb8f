import { shownHost } from './shownHost';

/**
 * Where media may load from: a set of canonical hosts (`host` or `host:port`, lower-case, IDN in
 * punycode), or `'any'` http(s) host when the host says so in as many words.
 */
export type AllowedHosts = ReadonlySet<string> | 'any';

/**
 * The `imageHosts` option as `AllowedHosts`, so `CDN.Example.com` matches
 * `https://cdn.example.com/a.png`. An entry that is not a bare host (a scheme, a path,
 * credentials, a wildcard) matches nothing; no option allows nothing.
 */
export function imageHostSet(hosts: readonly string[] | 'any' | undefined): AllowedHosts {
  if (hosts === 'any') return 'any';
  const set = new Set<string>();
  for (const entry of hosts ?? []) {
    if (!/^[^\s/\\?#@*]+$/.test(entry)) continue;
    try {
      set.add(new URL(`https://${entry}`).host);
    } catch {
      // Not a host: it allows nothing.
    }
  }
  return set;
}

/** Whether an http(s) URL the parser wrote (`safeHttpUrl`) may load: any host with `'any'`, else one on the list. */
export function hostAllowed(href: string, hosts: AllowedHosts): boolean {
  return hosts === 'any' || hosts.has(shownHost(href));
}
