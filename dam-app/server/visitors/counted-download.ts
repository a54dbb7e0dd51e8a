/**
 * A response body that takes its count when the last byte goes out, never before: a GET that is not read to the end
 * (a link previewer, a HEAD, a cancelled download) counts nothing. The last chunk is held back until `take` answers:
 * when no download is left (a concurrent one took the last), the body fails instead of ending, so the loser never
 * gets a whole file or a valid zip. Shares and portals count their downloads with it.
 *
 * "Goes out" is what the server can know: the socket took the last byte (TCP says nothing of what the client read).
 */
export function countOnLastByte(
  source: ReadableStream<Uint8Array>,
  take: () => Promise<boolean>,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let held: Uint8Array | undefined;
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        for (;;) {
          const next = await reader.read();
          // A cancel (the client hung up) ends a pending read as "done": that is not the end of the file.
          if (cancelled) return;
          if (next.done) {
            if (await take()) {
              if (held) controller.enqueue(held);
              controller.close();
            } else controller.error(new Error('No download left'));
            return;
          }
          if (next.value.byteLength === 0) continue;
          const previous = held;
          held = next.value;
          if (previous) {
            controller.enqueue(previous);
            return;
          }
        }
      },
      cancel(reason) {
        cancelled = true;
        return reader.cancel(reason);
      },
    },
    // Nothing is read before the consumer asks: a response nobody reads (HEAD) never reaches the end.
    { highWaterMark: 0 },
  );
}
