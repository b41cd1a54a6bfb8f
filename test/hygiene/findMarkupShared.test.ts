import { describe, expect, it } from 'vitest';
import { findMarkup } from '../../src/hygiene/findMarkup';
import { HYGIENE_RULES } from '../../src/hygiene/hygieneRules';
import { scanText } from '../../src/leaks/scanText';
import { textStream } from '../../src/leaks/textStream';

// findMarkup given the findings of a scan shared with other rules (as a reply's policies call it).
describe('findMarkup with a shared scan', () => {
  const value = { segments: [{ type: 'text', data: { text: '<think>plan</think>Hi' } }] };

  it('reports what the shared findings hold, and nothing when they are none', () => {
    const stream = textStream(value);
    const shared = scanText(stream.text, HYGIENE_RULES, stream.joins);
    expect(findMarkup(value, undefined, stream, shared)).toEqual(findMarkup(value));
    expect(findMarkup(value).length).toBeGreaterThan(0);
    // The caller's scan found nothing: findMarkup does not look again.
    expect(findMarkup(value, undefined, stream, [])).toEqual([]);
  });
});
