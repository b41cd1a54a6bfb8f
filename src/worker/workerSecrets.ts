/** Variables whose names say they hold a secret: `UPSTREAM_API_KEY`, `API_KEY`, a host's `DB_PASSWORD`. */
const SECRET_NAME = /KEY|SECRET|TOKEN|PASSWORD|PASSPHRASE|CREDENTIAL/i;
/** Shorter values are no key (the scanner skips literals this short anyway). */
const MIN_SECRET = 6;

// One array per distinct set of secrets: the scanner prepares its rules once per literals array,
// and the configuration is read anew for every request. Bounded, should a host vary its env.
const interned = new Map<string, readonly string[]>();
const MAX_INTERNED = 16;

/**
 * The Worker's own secrets — the value of every variable, binding or configured setting whose
 * name says it is a key, token, secret or password (`UPSTREAM_API_KEY`, `API_KEY`, any other the
 * host binds) — as one array that stays the same while they do. They are literals of the leak
 * scanner on every route and in everything that leaves: replies, tool calls, issues, errors.
 */
export function workerSecrets(vars: Readonly<Record<string, unknown>>): readonly string[] {
  const found = new Set<string>();
  for (const [name, value] of Object.entries(vars))
    if (SECRET_NAME.test(name) && typeof value === 'string' && value.trim().length >= MIN_SECRET)
      found.add(value.trim());
  const secrets = [...found].sort();
  const key = secrets.join('\u0000');
  let known = interned.get(key);
  if (!known) {
    if (interned.size >= MAX_INTERNED) interned.clear();
    known = Object.freeze(secrets);
    interned.set(key, known);
  }
  return known;
}
