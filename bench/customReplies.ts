// A custom reply contract and deterministic replies of a given size for it, for the schema
// judge's figures: an order with line items (a $ref'd closed object per line: strings, an enum,
// integer and number bounds, a short array), as an agent runtime would ask for a structured answer.

/** The contract (JSON Schema draft 2020-12). */
export const ORDER_SCHEMA = {
  $defs: {
    line: {
      type: 'object',
      properties: {
        sku: { type: 'string', maxLength: 16 },
        name: { type: 'string', maxLength: 120 },
        qty: { type: 'integer', minimum: 1 },
        price: { type: 'number', minimum: 0 },
        status: { enum: ['in_stock', 'backorder', 'discontinued'] },
        tags: { type: 'array', items: { type: 'string' }, maxItems: 4 },
      },
      required: ['sku', 'name', 'qty', 'price', 'status'],
      additionalProperties: false,
    },
  },
  type: 'object',
  properties: {
    order: { type: 'string' },
    lines: { type: 'array', items: { $ref: '#/$defs/line' } },
    total: { type: 'number', minimum: 0 },
  },
  required: ['order', 'lines', 'total'],
  additionalProperties: false,
} as const;

/** A valid order reply of about `size` characters. */
export function orderReply(size: number): string {
  const lines: object[] = [];
  let total = 0;
  let text = '';
  for (let i = 0; text.length < size - 200; i++) {
    const price = ((i * 37) % 5000) / 100;
    total += price;
    lines.push({
      sku: `SKU-${String(i).padStart(6, '0')}`,
      name: `Item ${i}: a sturdy thing with a long enough name, café ✓`,
      qty: 1 + (i % 7),
      price,
      status: ['in_stock', 'backorder', 'discontinued'][i % 3],
      tags: ['new', 'sale'].slice(0, i % 3),
    });
    if (i % 16 === 0) text = JSON.stringify({ order: 'A-1', lines, total: 0 });
  }
  return JSON.stringify({ order: 'A-1', lines, total: Math.round(total * 100) / 100 });
}

/** The order turned invalid at `at` (0..1): the first quantity from there on written as a string. */
export function breakOrderAt(reply: string, at: number): { text: string; violation: number } {
  const cut = reply.indexOf('"qty":', Math.floor(reply.length * at)) + 6;
  const end = reply.indexOf(',', cut);
  return {
    text: `${reply.slice(0, cut)}"${reply.slice(cut, end)}"${reply.slice(end)}`,
    violation: cut,
  };
}
