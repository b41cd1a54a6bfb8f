/**
 * A word that makes a variable's name say it holds a secret: `UPSTREAM_API_KEY`, `API_KEY`, a
 * host's `DB_PASSWORD` or `SESSION_TOKEN` (words, so `MAX_TOKENS` is no secret).
 */
const SECRET_WORD = /^(?:key|apikey|secret|token|password|passwd|passphrase|credentials?|pat)$/i;
/** Where a name's words part: `_`, `-`, `.`, and a lower-case letter before a capital. */
const WORD_BREAK = /[_.-]+|(?<=[a-z0-9])(?=[A-Z])/;
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
    if (
      typeof value === 'string' &&
      value.trim().length >= MIN_SECRET &&
      name.split(WORD_BREAK).some((word) => SECRET_WORD.test(word))
    )
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
