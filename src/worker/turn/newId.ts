/**
 * A fresh id of the Worker's own making: the API's prefix (`resp`, `msg`, `fc`), `_rg_`, then 32
 * hex digits, so an id shows where it was made.
 */
export function newId(prefix: string): string {
  return `${prefix}_rg_${crypto.randomUUID().replaceAll('-', '')}`;
}
