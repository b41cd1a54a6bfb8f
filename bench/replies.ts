// Deterministic segment replies of a given size, shaped like real chat replies:
// Markdown with escapes, mentions, text with quotes and non-ASCII, media urls.

/** One block of segments, numbered so that no two blocks are equal. */
function block(i: number) {
  return [
    { type: 'markdown', data: { content: `**Item ${i}** — some *markdown* with \`code\`, "quotes" and a [link](https://example.com/docs/${i}).\n` } },
    { type: 'mention', data: { target: String(100000000 + i) } },
    { type: 'text', data: { text: `, please take a look at case ${i}: café, naïve, 日本語 ✓` } },
    { type: 'image', data: { media: { kind: 'url', value: `https://cdn.example.com/r/${i}.png` } } },
    { type: 'share', data: { url: `https://example.com/a/${i}`, title: `Article ${i}` } },
  ];
}

/** A valid segment reply of at least `bytes` characters. */
export function segmentReply(bytes: number): string {
  const segments: object[] = [];
  for (let i = 0; JSON.stringify({ segments }).length < bytes; i++) segments.push(...block(i));
  return JSON.stringify({ segments });
}

/** The plain text of a reply (every string joined), for scanner benchmarks. */
export function replyText(bytes: number): string {
  const strings: string[] = [];
  JSON.parse(segmentReply(bytes), (_key, value) => {
    if (typeof value === 'string') strings.push(value);
    return value;
  });
  return strings.join('\n');
}
