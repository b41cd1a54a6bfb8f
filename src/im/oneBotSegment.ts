/**
 * A OneBot v11 message segment as the array form writes it: a type and its parameters, every
 * value a string (the spec's `data`). Only the types replyguard sends are listed.
 */
export type OneBotSegment =
  | { readonly type: 'text'; readonly data: { readonly text: string } }
  | { readonly type: 'markdown'; readonly data: { readonly content: string } }
  | { readonly type: 'at'; readonly data: { readonly qq: string } }
  | {
      readonly type: 'image' | 'record' | 'video' | 'file';
      readonly data: { readonly file: string };
    }
  | { readonly type: 'reply' | 'forward' | 'face'; readonly data: { readonly id: string } }
  | { readonly type: 'dice' | 'rps'; readonly data: Readonly<Record<string, never>> }
  | { readonly type: 'share'; readonly data: { readonly url: string; readonly title: string } };
