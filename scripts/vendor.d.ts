// Peers used only by the benchmark that ship no types.
declare module 'json-dup-key-validator' {
  const validator: { validate(text: string, allowDuplicatedKeys?: boolean): string | undefined };
  export default validator;
}

// The CommonMark spec's examples and the reference renderer, for the Markdown engine's tests.
declare module 'commonmark-spec' {
  export const tests: readonly {
    markdown: string;
    html: string;
    section: string;
    number: number;
  }[];
}
declare module 'commonmark' {
  export class Parser {
    parse(markdown: string): unknown;
  }
  export class HtmlRenderer {
    render(document: unknown): string;
  }
}
