/** A half-open byte range [start, end). */
export interface Extent {
  start: number;
  end: number;
}

/**
 * Which bytes of a file have arrived. Blocks land out of order over UDP; the receiver persists this map beside the
 * `.partial` file so that after a restart only the missing ranges are requested again.
 */
export class ExtentMap {
  /** Sorted, non-overlapping, non-adjacent. */
  #extents: Extent[] = [];

  constructor(readonly size: number) {
    if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`Invalid file size ${size}`);
  }

  /** Marks [start, end) as received; overlapping and adjacent ranges merge. */
  add(start: number, end: number): void {
    if (
      !Number.isSafeInteger(start) ||
      !Number.isSafeInteger(end) ||
      start < 0 ||
      end > this.size ||
      start > end
    ) {
      throw new RangeError(`Extent [${start}, ${end}) is outside a ${this.size}-byte file`);
    }
    if (start === end) return;
    const merged: Extent[] = [];
    let current = { start, end };
    for (const extent of this.#extents) {
      if (extent.end < current.start || extent.start > current.end) merged.push(extent);
      else current = { start: Math.min(extent.start, current.start), end: Math.max(extent.end, current.end) };
    }
    merged.push(current);
    this.#extents = merged.sort((a, b) => a.start - b.start);
  }

  /** Forgets [start, end) (clamped to the file), e.g. ranges whose checksum did not match the source. */
  remove(start: number, end: number): void {
    const from = Math.max(0, start);
    const to = Math.min(this.size, end);
    if (from >= to) return;
    const kept: Extent[] = [];
    for (const extent of this.#extents) {
      if (extent.end <= from || extent.start >= to) kept.push(extent);
      else {
        if (extent.start < from) kept.push({ start: extent.start, end: from });
        if (to < extent.end) kept.push({ start: to, end: extent.end });
      }
    }
    this.#extents = kept;
  }

  get receivedBytes(): number {
    return this.#extents.reduce((sum, extent) => sum + extent.end - extent.start, 0);
  }

  get isComplete(): boolean {
    return this.receivedBytes === this.size;
  }

  /** The gaps still to fetch, in file order. */
  missing(): Extent[] {
    const gaps: Extent[] = [];
    let position = 0;
    for (const extent of this.#extents) {
      if (extent.start > position) gaps.push({ start: position, end: extent.start });
      position = extent.end;
    }
    if (position < this.size) gaps.push({ start: position, end: this.size });
    return gaps;
  }

  toJSON(): { size: number; extents: Extent[] } {
    return { size: this.size, extents: this.#extents.map((extent) => ({ ...extent })) };
  }

  /** Rebuilds a persisted map; every extent is re-checked, so a damaged file cannot claim bytes that never came. */
  static fromJSON(value: { size: number; extents: Extent[] }): ExtentMap {
    const map = new ExtentMap(value.size);
    for (const extent of value.extents) map.add(extent.start, extent.end);
    return map;
  }
}
