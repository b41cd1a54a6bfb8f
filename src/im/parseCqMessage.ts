import { unescapeCq } from './cqCode';

/** A segment read from the CQ-code string form: any type, its parameters as strings. */
export interface CqSegment {
  readonly type: string;
  readonly data: Readonly<Record<string, string>>;
}

const CODE_START = '[CQ:';

/**
 * Reads OneBot v11's string form into segments, as the spec says an implementation reads it:
 * the function name runs from `[CQ:` to the first `,` or `]`, parameters are split at `,`, a
 * name ends at its first `=`, and values and text are unescaped. Text between codes is a `text`
 * segment; a `[CQ:` with no closing `]` is text. Linear in the input; never throws.
 *
 * @example
 * parseCqMessage('[CQ:face,id=178]hi'); // [{ type: 'face', data: { id: '178' } }, { type: 'text', data: { text: 'hi' } }]
 */
export function parseCqMessage(message: string): CqSegment[] {
  const segments: CqSegment[] = [];
  let text = '';
  let at = 0;
  while (at < message.length) {
    const start = message.indexOf(CODE_START, at);
    const end = start === -1 ? -1 : message.indexOf(']', start);
    if (end === -1) break;
    text += message.slice(at, start);
    const body = message.slice(start + CODE_START.length, end);
    const comma = body.indexOf(',');
    const type = comma === -1 ? body : body.slice(0, comma);
    const data: Record<string, string> = {};
    if (comma !== -1)
      for (const param of body.slice(comma + 1).split(',')) {
        const equals = param.indexOf('=');
        const name = equals === -1 ? param : param.slice(0, equals);
        // An own data property, whatever the name (`__proto__` included): never a prototype.
        Object.defineProperty(data, name, {
          value: equals === -1 ? '' : unescapeCq(param.slice(equals + 1)),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
    if (text !== '') segments.push({ type: 'text', data: { text: unescapeCq(text) } });
    text = '';
    segments.push({ type, data });
    at = end + 1;
  }
  text += message.slice(at);
  if (text !== '') segments.push({ type: 'text', data: { text: unescapeCq(text) } });
  return segments;
}
