import { excerpt } from '../issues/excerpt';
import type { IssueCode } from '../issues/issue';
import type { JsonKind, JsonObserver, JsonRejection } from '../json/jsonObserver';
import { describeValue } from './describeValue';
import { type CatalogNode, type CatalogObject, isCatalogTuple } from './catalogNode';
import { SEGMENT_TABLE } from './segmentTable.generated';

// The document the judge follows, by depth (the parser reports containers at their own depth,
// members at the depth of the value they name):
//   0 the reply {…}   1 "segments" […]   2 a segment {…}   3 "type" / "data" {…}
//   4 a data field    5 a field of a nested object (media: kind, value)
// Every earlier event was accepted, so the depth alone says where the parser is.

const KIND_BITS: Readonly<Record<JsonKind, number>> = {
  object: 1,
  array: 2,
  string: 4,
  number: 8,
  boolean: 16,
  null: 32,
};

/** What one field accepts: JSON kinds (a bit set), string options, or a closed object of leaves. */
interface FieldRule {
  readonly name: string;
  readonly kinds: number;
  readonly expected: string;
  readonly options?: ReadonlySet<unknown>;
  readonly object?: ObjectRule;
}

/** A closed object: its fields by name (index = bit), every one required. */
interface ObjectRule {
  readonly fields: readonly FieldRule[];
  readonly byName: ReadonlyMap<string, number>;
  readonly required: number;
}

/** The catalog as the judge reads it: data fields are numbered once across all types. */
interface Tables {
  readonly types: ReadonlyMap<string, number>;
  readonly typeNames: readonly string[];
  /** Every data field of every type; a name means the same thing in every type that has it. */
  readonly data: ObjectRule;
  /** Per type: the data fields it has (bit set over `data`); all are required. */
  readonly allowed: readonly number[];
}

let tables: Tables | undefined;

/**
 * An incremental judge of the closed IM segment schema for the strict parser's observer hooks:
 * it follows the reply event by event (member names, value kinds, container ends) and refuses as
 * soon as the reply can no longer be valid — a root that is no object, an unknown field anywhere,
 * `segments` that is no array, an unknown segment `type`, a field of the wrong JSON kind (a
 * numeric id), a wrong media `kind`, a field in `dice`/`rps` data, a required field missing when
 * its object closes. It only ever says "still possible" (`undefined`) or "provably invalid": a
 * reply `validateSegments` accepts is never refused. When `data` comes before `type`, its field
 * names are judged against the union of all types and again once `type` arrives.
 *
 * It keeps a few numbers per segment (no allocation per event), so it costs nothing next to parsing.
 *
 * @example
 * // The strict push parser calls these as it reads '{"segments":"hi"…'
 * const judge = createSegmentJudge();
 * judge.value([], 0, 'object'); // undefined: still possible
 * judge.member(['segments'], 1, 'segments'); // undefined
 * judge.value(['segments'], 1, 'string', 'hi'); // { code: 'WRONG_TYPE', message: 'expected Array, got "hi"' }
 */
export function createSegmentJudge(): JsonObserver {
  const { types, typeNames, data, allowed } = (tables ??= buildTables());
  let hasSegments = false;
  // The current segment.
  let segmentType = -1;
  let member = 0; // 1 "type", 2 "data": the member whose value comes next at depth 3
  let dataState = 0; // 0 not seen, 1 open, 2 closed
  let dataSeen = 0;
  let field = -1;
  // The current nested object (a data field such as media).
  let nested: ObjectRule | undefined;
  let nestedSeen = 0;
  let nestedField = -1;

  /** Judges the data fields seen so far against a type (or, with none yet, against every type). */
  const judgeData = (): JsonRejection | undefined => {
    if (segmentType >= 0) {
      const extra = dataSeen & ~allowed[segmentType]!;
      if (extra !== 0)
        return reject(
          'UNKNOWN_FIELD',
          `field "${data.fields[lowestBit(extra)]!.name}" is not part of a "${typeNames[segmentType]}" segment's data`,
        );
      const missing = dataState === 2 ? allowed[segmentType]! & ~dataSeen : 0;
      if (missing !== 0)
        return reject(
          'MISSING_FIELD',
          `missing required field "${data.fields[lowestBit(missing)]!.name}"`,
        );
      return undefined;
    }
    for (const mask of allowed) if ((dataSeen & ~mask) === 0) return undefined;
    return reject('UNKNOWN_FIELD', 'no segment type has all of these data fields');
  };

  return {
    member(_path, depth, name) {
      switch (depth) {
        case 1:
          if (name !== 'segments') return unknownField(name);
          hasSegments = true;
          return undefined;
        case 3:
          member = name === 'type' ? 1 : name === 'data' ? 2 : 0;
          return member === 0 ? unknownField(name) : undefined;
        case 4: {
          const index = data.byName.get(name);
          if (index === undefined) return unknownField(name);
          field = index;
          dataSeen |= 1 << index;
          return judgeData();
        }
        case 5: {
          const index = nested!.byName.get(name);
          if (index === undefined) return unknownField(name);
          nestedField = index;
          nestedSeen |= 1 << index;
          return undefined;
        }
        default:
          return undefined;
      }
    },

    value(_path, depth, kind, scalar) {
      switch (depth) {
        case 0:
          return kind === 'object'
            ? undefined
            : reject('NOT_AN_OBJECT', 'the reply must be one JSON object {"segments": [...]}');
        case 1:
          return kind === 'array' ? undefined : wrongType('Array', kind, scalar);
        case 2:
          if (kind !== 'object') return wrongType('Object', kind, scalar);
          segmentType = -1;
          dataState = 0;
          dataSeen = 0;
          return undefined;
        case 3:
          if (member === 2) {
            if (kind !== 'object') return wrongType('Object', kind, scalar);
            dataState = 1;
            return undefined;
          }
          segmentType = kind === 'string' ? (types.get(scalar as string) ?? -1) : -1;
          if (segmentType < 0)
            return reject(
              'UNKNOWN_SEGMENT_TYPE',
              `unknown segment type; use one of ${typeNames.join(', ')}`,
            );
          return dataState === 0 ? undefined : judgeData();
        case 4: {
          const rule = data.fields[field]!;
          if (rule.object !== undefined && kind === 'object') {
            nested = rule.object;
            nestedSeen = 0;
          }
          return judgeValue(rule, kind, scalar);
        }
        case 5:
          return judgeValue(nested!.fields[nestedField]!, kind, scalar);
        default:
          return undefined;
      }
    },

    close(_path, depth) {
      switch (depth) {
        case 0:
          return hasSegments
            ? undefined
            : reject('MISSING_FIELD', 'missing required field "segments"');
        case 2:
          if (segmentType < 0)
            return reject(
              'UNKNOWN_SEGMENT_TYPE',
              `missing segment type; use one of ${typeNames.join(', ')}`,
            );
          return dataState === 0
            ? reject('MISSING_FIELD', 'missing required field "data"')
            : undefined;
        case 3:
          dataState = 2;
          return judgeData();
        case 4: {
          const missing = nested!.required & ~nestedSeen;
          return missing === 0
            ? undefined
            : reject(
                'MISSING_FIELD',
                `missing required field "${nested!.fields[lowestBit(missing)]!.name}"`,
              );
        }
        default:
          return undefined;
      }
    },
  };
}

function judgeValue(rule: FieldRule, kind: JsonKind, scalar: unknown): JsonRejection | undefined {
  if ((rule.kinds & KIND_BITS[kind]) === 0) return wrongType(rule.expected, kind, scalar);
  if (rule.options !== undefined && !rule.options.has(scalar))
    return reject('INVALID_VALUE', `expected ${rule.expected}`);
  return undefined;
}

function reject(code: IssueCode, message: string): JsonRejection {
  return { code, message };
}

function unknownField(name: string): JsonRejection {
  return reject('UNKNOWN_FIELD', `unknown field "${excerpt(name)}"; every object is closed`);
}

function wrongType(expected: string, kind: JsonKind, scalar: unknown): JsonRejection {
  const got = kind === 'object' ? 'Object' : kind === 'array' ? 'Array' : describeValue(scalar);
  return reject('WRONG_TYPE', `expected ${expected}, got ${got}`);
}

function lowestBit(mask: number): number {
  return 31 - Math.clz32(mask & -mask);
}

/** Reads the catalog's generated table once. A catalog the judge cannot follow throws here, at first use. */
function buildTables(): Tables {
  const types = new Map<string, number>();
  const allowed: number[] = [];
  const fields: FieldRule[] = [];
  const byName = new Map<string, number>();
  // The variant's options: each segment type and its closed object (`data`).
  for (const [type, segment] of Object.entries(SEGMENT_TABLE.segments[1][2])) {
    let mask = 0;
    for (const [name, inner] of Object.entries(segment.data as CatalogObject)) {
      const rule = fieldRule(name, inner, true);
      let index = byName.get(name);
      if (index === undefined) {
        index = fields.push(rule) - 1;
        byName.set(name, index);
      } else if (signature(fields[index]!) !== signature(rule)) {
        throw new Error(
          `createSegmentJudge: data field "${name}" means different things in different types`,
        );
      }
      mask |= 1 << index;
    }
    types.set(type, allowed.push(mask) - 1);
  }
  if (fields.length > 30) throw new Error('createSegmentJudge: too many data fields for a bit set');
  return { types, typeNames: [...types.keys()], data: objectRule(fields, byName), allowed };
}

function objectRule(fields: FieldRule[], byName: Map<string, number>): ObjectRule {
  return { fields, byName, required: fields.length === 0 ? 0 : 2 ** fields.length - 1 };
}

function fieldRule(name: string, node: CatalogNode, nestedAllowed: boolean): FieldRule {
  if (node === 'string' || node === 'number')
    return { name, kinds: KIND_BITS[node], expected: node };
  if (!isCatalogTuple(node)) {
    if (nestedAllowed) {
      const inner = Object.entries(node).map(([key, entry]) => fieldRule(key, entry, false));
      return {
        name,
        kinds: KIND_BITS.object,
        expected: 'Object',
        object: objectRule(inner, new Map(inner.map((rule, index) => [rule.name, index]))),
      };
    }
  } else if (node[0] === 'picklist') {
    if (node[1].every((option) => typeof option === 'string'))
      return { name, kinds: KIND_BITS.string, expected: node[2], options: new Set(node[1]) };
  } else if (node[0] === 'union') {
    const options = node[1].map((option) => fieldRule(name, option, false));
    if (options.every((option) => option.options === undefined && option.object === undefined)) {
      return {
        name,
        kinds: options.reduce((kinds, option) => kinds | option.kinds, 0),
        expected: node[2],
      };
    }
  }
  throw new Error(`createSegmentJudge: the catalog node at data field "${name}" is not supported`);
}

function signature(rule: FieldRule): string {
  const options = rule.options ? [...rule.options].join('|') : '';
  const object = rule.object ? rule.object.fields.map(signature).join(',') : '';
  return `${rule.name}:${rule.kinds}:${options}{${object}}`;
}
