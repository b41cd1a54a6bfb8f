// Values with the structure of data, not of a secret: a file path or a cloud resource path
// (`uploads/2024/11/invoice-8f3a.pdf`, `projects/p/locations/global/keyRings/r/cryptoKeys/k`),
// a URL, a date, a list of settings (`minLength=12;requireDigit=true`) or a query string, a
// regular expression. A secret is one random run; these are words and numbers put together.

const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\//i;
const DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
/** A query string goes on past the value: `0&prompt=consent`. */
const QUERY = /&[A-Za-z][\w.-]*=/;
const SETTINGS = /^[A-Za-z][\w.-]*=[^;,&]*(?:[;,&][A-Za-z][\w.-]*=[^;,&]*)+[;,&]?$/;
const REGEX = /\(\?[=!<:]|\\[dwsb]|\[[^\]]*[a-z0-9]-[a-z0-9][^\]]*\]|\{\d+,\d*\}/i;
/** A run of three and more lower-case letters, or a capitalised word: the words of a path. */
const WORD = /[A-Z]?[a-z]{3,}/g;

/** A path of words: `/`-separated, not base64 (no `+`/`=`; `-_.~` or a leading `/`), a quarter of it words. */
function isPath(value: string): boolean {
  if (!value.includes('/') || /[+=]/.test(value)) return false;
  if (!/^[/~]/.test(value) && !/[-_.~]/.test(value)) return false;
  let words = 0;
  let wordChars = 0;
  for (const word of value.match(WORD) ?? []) {
    words++;
    wordChars += word.length;
  }
  return words >= 2 && wordChars * 4 >= value.length;
}

/** True when a value assigned to a secret-sounding name has the structure of data, not of a secret. */
export function isStructuredValue(value: string): boolean {
  return (
    isPath(value) ||
    URL_LIKE.test(value) ||
    DATE.test(value) ||
    SETTINGS.test(value) ||
    QUERY.test(value) ||
    REGEX.test(value)
  );
}
