import { Validator } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { SEGMENT_TYPES } from '../../src/segments/segmentCatalog';
import { segmentInstruction } from '../../src/segments/segmentInstruction';
import { segmentJsonSchema } from '../../src/segments/segmentJsonSchema';
import {
  anthropicReplyTool,
  geminiGenerationConfig,
  openAiResponseFormat,
} from '../../src/segments/providerSchemas';
import { validateSegments } from '../../src/segments/validateSegments';
import { assertOpenAiStrictSubset } from './openAiStrictSubset';

const every = {
  segments: [
    { type: 'text', data: { text: 'hi' } },
    { type: 'markdown', data: { content: '**b**' } },
    { type: 'mention', data: { target: '123' } },
    { type: 'image', data: { media: { kind: 'url', value: 'https://example.com/a.png' } } },
    { type: 'audio', data: { media: { kind: 'path', value: 'a.mp3' } } },
    { type: 'video', data: { media: { kind: 'base64', value: 'AAAA' } } },
    { type: 'file', data: { media: { kind: 'file', value: 'f_1' } } },
    { type: 'reply', data: { message_id: 'm1' } },
    { type: 'forward', data: { forward_id: 'f1' } },
    { type: 'face', data: { id: 14 } },
    { type: 'face', data: { id: 'smile' } },
    { type: 'dice', data: {} },
    { type: 'rps', data: {} },
    { type: 'share', data: { url: 'https://example.com', title: 'Example' } },
  ],
};

describe('validateSegments', () => {
  it('accepts every segment type, in order, and the empty list', () => {
    expect(validateSegments(every)).toEqual({ ok: true, value: every });
    expect(validateSegments({ segments: [] })).toEqual({ ok: true, value: { segments: [] } });
    expect(new Set(every.segments.map((s) => s.type))).toEqual(new Set(SEGMENT_TYPES));
  });

  const rejects: [string, unknown, string, string][] = [
    ['an extra root field', { segments: [], extra: 1 }, 'UNKNOWN_FIELD', '/extra'],
    [
      'an extra segment field',
      { segments: [{ type: 'text', data: { text: 'a' }, x: 1 }] },
      'UNKNOWN_FIELD',
      '/segments/0/x',
    ],
    [
      'an extra data field',
      { segments: [{ type: 'dice', data: { n: 6 } }] },
      'UNKNOWN_FIELD',
      '/segments/0/data/n',
    ],
    [
      'an extra media field',
      { segments: [{ type: 'image', data: { media: { kind: 'url', value: 'u', alt: 'a' } } }] },
      'UNKNOWN_FIELD',
      '/segments/0/data/media/alt',
    ],
    [
      'an unknown type',
      { segments: [{ type: 'poll', data: {} }] },
      'UNKNOWN_SEGMENT_TYPE',
      '/segments/0/type',
    ],
    [
      'a numeric mention target',
      { segments: [{ type: 'mention', data: { target: 123 } }] },
      'WRONG_TYPE',
      '/segments/0/data/target',
    ],
    [
      'a missing field',
      { segments: [{ type: 'share', data: { url: 'u' } }] },
      'MISSING_FIELD',
      '/segments/0/data/title',
    ],
    ['missing data', { segments: [{ type: 'text' }] }, 'MISSING_FIELD', '/segments/0/data'],
    [
      'a bad media kind',
      { segments: [{ type: 'file', data: { media: { kind: 'ftp', value: 'x' } } }] },
      'INVALID_VALUE',
      '/segments/0/data/media/kind',
    ],
    ['a non-object segment', { segments: ['hi'] }, 'WRONG_TYPE', '/segments/0'],
    ['segments not an array', { segments: {} }, 'WRONG_TYPE', '/segments'],
    ['no segments', {}, 'MISSING_FIELD', '/segments'],
  ];

  it.each(rejects)('rejects the whole reply for %s', (_name, value, code, path) => {
    const result = validateSegments(value);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues).toContainEqual(expect.objectContaining({ code, path }));
  });

  it('rejects a valid list with one bad segment, never returning the valid part', () => {
    const result = validateSegments({
      segments: [...every.segments, { type: 'text', data: { text: 1 } }],
    });
    expect(result).toMatchObject({ ok: false });
    expect(result).not.toHaveProperty('value');
  });

  it('refuses a root that is not an object', () => {
    for (const value of [[], 'text', 1, null]) {
      expect(validateSegments(value)).toMatchObject({
        ok: false,
        issues: [{ code: 'NOT_AN_OBJECT', path: '' }],
      });
    }
  });
});

describe('segment JSON Schema', () => {
  const schema = segmentJsonSchema();

  it('is draft 2020-12, closed, and agrees with the valibot catalog', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    const validator = new Validator(structuredClone(schema), '2020-12');
    expect(validator.validate(every).valid).toBe(true);
    expect(validator.validate({ segments: [{ type: 'mention', data: { target: 1 } }] }).valid).toBe(
      false,
    );
    expect(validator.validate({ segments: [{ type: 'dice', data: { n: 1 } }] }).valid).toBe(false);
    expect(validator.validate({ segments: [], x: 1 }).valid).toBe(false);
  });

  it('is frozen and shared', () => {
    expect(Object.isFrozen(schema)).toBe(true);
    expect(segmentJsonSchema()).toBe(schema);
  });
});

describe('provider lowerings', () => {
  it('gives OpenAI a strict response_format inside its documented subset', () => {
    const format = openAiResponseFormat() as {
      type: string;
      json_schema: { name: string; strict: boolean; schema: Record<string, unknown> };
    };
    expect(format.type).toBe('json_schema');
    expect(format.json_schema.strict).toBe(true);
    expect(format.json_schema.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    assertOpenAiStrictSubset(format.json_schema.schema);
    expect(JSON.stringify(format)).not.toContain('oneOf');
    expect(JSON.stringify(format)).not.toContain('"const"');
  });

  it('the lowered schema still accepts and refuses what the catalog does', () => {
    const lowered = (openAiResponseFormat() as { json_schema: { schema: object } }).json_schema
      .schema;
    const validator = new Validator(structuredClone(lowered), '2020-12');
    expect(validator.validate(every).valid).toBe(true);
    expect(validator.validate({ segments: [{ type: 'poll', data: {} }] }).valid).toBe(false);
    expect(
      validator.validate({ segments: [{ type: 'text', data: { text: 'a', b: 1 } }] }).valid,
    ).toBe(false);
  });

  it('gives Anthropic a tool and Gemini a responseJsonSchema from the same catalog', () => {
    const tool = anthropicReplyTool() as { name: string; input_schema: Record<string, unknown> };
    expect(tool.input_schema.type).toBe('object');
    assertOpenAiStrictSubset(tool.input_schema);
    const gemini = geminiGenerationConfig() as {
      responseMimeType: string;
      responseJsonSchema: object;
    };
    expect(gemini.responseMimeType).toBe('application/json');
    expect(gemini.responseJsonSchema).toEqual(tool.input_schema);
  });
});

describe('segmentInstruction', () => {
  it('names every type and field of the catalog', () => {
    const text = segmentInstruction();
    for (const type of SEGMENT_TYPES) expect(text).toContain(`"${type}":`);
    expect(text).toContain('"message_id": string');
    expect(text).toContain('"kind": "url" | "path" | "base64" | "file"');
    expect(text).toContain('"id": string or number');
    expect(text).toMatch(/no Markdown code fence/);
  });

  it('says attachments and mentions are segments, never Markdown images nor "@name" text (issue 12)', () => {
    const lines = segmentInstruction().split('\n');
    const attachments = lines.find((line) => line.startsWith('Attachments are segments'));
    expect(attachments).toContain('image, audio, video or file');
    expect(attachments).toContain('never Markdown image syntax ![alt](url)');
    const mentions = lines.find((line) => line.startsWith('Mentions are segments'));
    expect(mentions).toContain('mention segment');
    expect(mentions).toContain('never write "@name" in text or Markdown');
    // Ids stay strings: the rule the numeric-id refusal enforces.
    expect(segmentInstruction()).toContain('Ids are strings, never numbers (except a face id)');
  });
});
