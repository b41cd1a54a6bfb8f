/**
 * A call of the global `eval` in bundled code. Not a method of that name: RE2JS (the linear-time
 * pattern engine) has `Prefilter.eval(input, pos)`, defined and called as a method, which is no
 * eval. Anything else named eval and followed by `(` is matched.
 */
export const EVAL_CALL = /(?<![.\w$])eval\s*\((?![^()]*\)\s*\{)/;
