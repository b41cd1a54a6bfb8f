/**
 * Records of `width` numbers in one growing typed array, a record known by its index: many small
 * records (a block per line, a delimiter run per character) make no garbage and nothing for the
 * collector to trace. A new record's fields are 0.
 */
export interface Rows {
  data: Int32Array;
  count: number;
  readonly width: number;
}

/** No records yet, room for `capacity`. */
export function createRows(width: number, capacity = 16): Rows {
  return { data: new Int32Array(width * capacity), count: 0, width };
}

/** Adds a record (its fields 0); returns its index. */
export function addRow(rows: Rows): number {
  if ((rows.count + 1) * rows.width > rows.data.length) {
    const data = new Int32Array(rows.data.length * 2);
    data.set(rows.data);
    rows.data = data;
  }
  return rows.count++;
}

/** A field of a record. */
export function rowField(rows: Rows, row: number, field: number): number {
  return rows.data[row * rows.width + field]!;
}

/** Sets a field of a record. */
export function setRowField(rows: Rows, row: number, field: number, value: number): void {
  rows.data[row * rows.width + field] = value;
}
