// Targets that platforms read as "everyone here": OneBot's `qq=all`, Satori's `type="all"` /
// `type="here"` (and adapters that map an `id` of `all` onto either).
const EVERYONE = /^@?(?:all|here|everyone)$/i;

/** Whether a mention target would reach a whole group on some platform. */
export function isEveryoneMention(target: string): boolean {
  return EVERYONE.test(target.trim());
}
