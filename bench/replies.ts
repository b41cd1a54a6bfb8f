// Deterministic segment replies of a given size and shape, for the bench and the size-sensitive
// tests. Each shape is one kind of reply a model really sends (or an attacker sends on purpose):
// - ordinary: Markdown with escapes, mentions, text with quotes and non-ASCII, media urls;
// - escapes: the same text, non-ASCII written as \uXXXX (some providers always do);
// - keywords: prose full of `key`, `token`, `auth=`, `password` (every leak rule's keyword fires);
// - refused: every segment wrong (unknown type, numeric id, extra field, bad media kind);
// - tiny: many very small segments (dice, faces, one-letter texts).

/** The reply shapes the bench measures. */
export const SHAPES = ['ordinary', 'escapes', 'keywords', 'refused', 'tiny'] as const;
/** One reply shape. */
export type Shape = (typeof SHAPES)[number];

/** The sizes the bench measures, in UTF-16 code units (1 MiB is the parser's default limit). */
export const SIZES = [4096, 32_768, 262_144, 1_048_576] as const;

type Block = (i: number) => readonly object[];

const ordinary: Block = (i) => [
  {
    type: 'markdown',
    data: {
      content: `**Item ${i}** — some *markdown* with \`code\`, "quotes" and a [link](https://example.com/docs/${i}).\n`,
    },
  },
  { type: 'mention', data: { target: String(100000000 + i) } },
  { type: 'text', data: { text: `, please take a look at case ${i}: café, naïve, 日本語 ✓` } },
  { type: 'image', data: { media: { kind: 'url', value: `https://cdn.example.com/r/${i}.png` } } },
  { type: 'share', data: { url: `https://example.com/a/${i}`, title: `Article ${i}` } },
];

const escapes: Block = (i) => [
  {
    type: 'markdown',
    data: {
      content: `**第${i}項** — 請查看這份報告，內容包括「結果」與『分析』。Größe, Übersicht, café ✓\n`,
    },
  },
  {
    type: 'text',
    data: {
      text: `ご確認ください（${i}）：日本語のテキスト、한국어 텍스트、русский текст — ελληνικά.`,
    },
  },
  { type: 'mention', data: { target: String(200000000 + i) } },
];

const keywords: Block = (i) => [
  {
    type: 'markdown',
    data: {
      content: `To rotate the API key ${i}, open settings; the token, the auth= header and the password field are described in the docs.\n`,
    },
  },
  {
    type: 'text',
    data: {
      text: `Your access token expires soon; never paste a secret key, a bearer token or password=<yours> in chat (case ${i}).`,
    },
  },
  {
    type: 'text',
    data: {
      text: `Set auth=basic in the config, then api_key and secret_token come from the vault; the key id is not the key.`,
    },
  },
];

const refused: Block = (i) => [
  { type: 'mention', data: { target: 100000000 + i } },
  { type: 'poll', data: { question: `Which option ${i}?` } },
  { type: 'text', data: { text: `text ${i}` }, extra: true },
  { type: 'image', data: { media: { kind: 'ftp', value: `ftp://cdn.example.com/r/${i}.png` } } },
  { type: 'share', data: { url: `https://example.com/a/${i}` } },
];

const tiny: Block = (i) => [
  { type: 'dice', data: {} },
  { type: 'face', data: { id: i % 100 } },
  { type: 'text', data: { text: 'k' } },
  { type: 'rps', data: {} },
];

const BLOCKS: Record<Shape, Block> = { ordinary, escapes, keywords, refused, tiny };

/** Writes every non-ASCII character as a `\uXXXX` escape (surrogate pairs as two). */
function escapeNonAscii(json: string): string {
  return json.replace(
    /[^\u0000-\u007f]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * A reply of the given shape, as long as possible without exceeding `size` code units (so the
 * 1 MiB reply stays within the parser's default limit). Built in linear time.
 */
export function shapedReply(shape: Shape, size: number): string {
  const block = BLOCKS[shape];
  const encode =
    shape === 'escapes'
      ? (value: object) => escapeNonAscii(JSON.stringify(value))
      : (value: object) => JSON.stringify(value);
  const head = '{"segments":[';
  const tail = ']}';
  const parts: string[] = [];
  let length = head.length + tail.length;
  for (let i = 0; ; i++) {
    for (const segment of block(i)) {
      const text = encode(segment);
      const added = text.length + (parts.length > 0 ? 1 : 0);
      if (length + added > size) return head + parts.join(',') + tail;
      parts.push(text);
      length += added;
    }
  }
}

/** An ordinary valid segment reply of about `bytes` characters. */
export function segmentReply(bytes: number): string {
  return shapedReply('ordinary', bytes);
}

/** The plain text of a reply of a shape (every string joined by newlines), for scanner benchmarks. */
export function replyText(bytes: number, shape: Shape = 'ordinary'): string {
  const strings: string[] = [];
  JSON.parse(shapedReply(shape, bytes), (_key, value: unknown) => {
    if (typeof value === 'string') strings.push(value);
    return value;
  });
  return strings.join('\n');
}
