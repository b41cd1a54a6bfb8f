import h from '@satorijs/element';
import type { ReplyResult } from '../../results/replyResult';
import type { SegmentReply } from '../../segments/segmentCatalog';
import { type SatoriOptions, satoriElements } from './satoriElements';

/**
 * A checked reply as a Satori message string, `undefined` when there is nothing to deliver. Text
 * is escaped as `@satorijs/element` escapes it, and `{`/`}` as character references too (a host
 * that parses the string with a context, as Koishi's templates do, would otherwise evaluate `{…}`
 * written by the model). `h.parse` reads it back to the same elements, with or without a context,
 * except that it trims blanks holding a line break at a text's edges (its template rule): where
 * text must arrive exactly, send `satoriElements`.
 *
 * @example
 * satoriMessage(result); // '<at id="10001000"/>&lt;at id="all"/&gt;'
 */
export function satoriMessage(
  result: ReplyResult<SegmentReply>,
  options: SatoriOptions = {},
): string | undefined {
  return satoriElements(result, options)?.map(serialize).join('');
}

function serialize(element: h): string {
  if (element.type === 'text')
    return h
      .escape(String(element.attrs.content as string))
      .replace(/\{/g, '&#123;')
      .replace(/\}/g, '&#125;');
  const attrs = Object.entries(element.attrs)
    .map(([key, value]) =>
      value === true ? ` ${key}` : ` ${key}="${h.escape(String(value), true)}"`,
    )
    .join('');
  if (element.children.length === 0) return `<${element.type}${attrs}/>`;
  return `<${element.type}${attrs}>${element.children.map(serialize).join('')}</${element.type}>`;
}
