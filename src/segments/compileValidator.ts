import type { GenericSchema } from 'valibot';

/** A yes/no check of a value, compiled from a valibot schema. */
export type FastCheck = (value: unknown) => boolean;

type Node = GenericSchema & {
  readonly entries?: Record<string, Node>;
  readonly options?: readonly (Node | string | number)[];
  readonly item?: Node;
  readonly key?: string;
  readonly literal?: unknown;
  readonly pipe?: readonly unknown[];
};

/**
 * Compiles the subset of valibot the segment catalog uses (strictObject, variant, array, union,
 * literal, picklist, string, number) into plain closures — no eval — that answer only "valid or
 * not", without copying anything. The fast path of validation: valibot itself still runs on
 * every reply the check refuses, to name the issues. Anything outside the subset throws at
 * compile time, so the two can never silently disagree.
 */
export function compileValidator(schema: GenericSchema): FastCheck {
  const node = schema as Node;
  if (node.pipe && node.pipe.length > 1) throw new Error(`compileValidator: pipes are not supported (${node.type})`);
  switch (node.type) {
    case 'string':
      return (value) => typeof value === 'string';
    case 'number':
      return (value) => typeof value === 'number' && !Number.isNaN(value);
    case 'literal': {
      const literal = node.literal;
      return (value) => value === literal;
    }
    case 'picklist': {
      const options = new Set(node.options as (string | number)[]);
      return (value) => options.has(value as string | number);
    }
    case 'union': {
      const options = (node.options as Node[]).map(compileValidator);
      return (value) => options.some((check) => check(value));
    }
    case 'array': {
      const item = compileValidator(node.item!);
      return (value) => Array.isArray(value) && value.every(item);
    }
    case 'strict_object': {
      const entries = Object.entries(node.entries!).map(([key, inner]) => [key, compileValidator(inner)] as const);
      const size = entries.length;
      return (value) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
        const record = value as Record<string, unknown>;
        let count = 0;
        for (const key in record) {
          if (!Object.hasOwn(record, key)) continue;
          count++;
        }
        if (count !== size) return false;
        for (const [key, check] of entries) if (!Object.hasOwn(record, key) || !check(record[key])) return false;
        return true;
      };
    }
    case 'variant': {
      const key = node.key!;
      const byTag = new Map<unknown, FastCheck>();
      for (const option of node.options as Node[]) byTag.set(option.entries![key]!.literal, compileValidator(option));
      return (value) => {
        if (typeof value !== 'object' || value === null) return false;
        const check = byTag.get((value as Record<string, unknown>)[key]);
        return check !== undefined && check(value);
      };
    }
    default:
      throw new Error(`compileValidator: valibot "${node.type}" is not supported`);
  }
}
