/**
 * Bytes `start`…`end` (inclusive) of a stream that is made again for each request: a resumed zip is produced from
 * its first byte (every server makes the same bytes from the same files) and only the asked part goes out.
 */
export function sliceStream(source: ReadableStream<Uint8Array>, start: number, end: number) {
  let offset = 0;
  return source.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const from = Math.max(start - offset, 0);
        const to = Math.min(end + 1 - offset, chunk.byteLength);
        offset += chunk.byteLength;
        if (from < to) controller.enqueue(chunk.subarray(from, to));
        if (offset > end) controller.terminate();
      },
    }),
  );
}
