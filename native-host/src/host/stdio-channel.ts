import { encodeFrame, FrameDecoder } from '../protocol/frame.ts';

export interface StdioChannel {
  /** Queues a framed message; resolves once the pipe has taken it (awaiting drain for large writes). */
  send(message: unknown): Promise<void>;
}

interface ChannelOptions {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  onMessage: (text: string) => void;
  onCorrupt: (error: Error) => void;
  onEnd: (cutShort: boolean) => void;
}

/** Native-messaging stdio: framed JSON in, framed JSON out, in order, nothing else ever written to the output. */
export function openStdioChannel({
  input,
  output,
  onMessage,
  onCorrupt,
  onEnd,
}: ChannelOptions): StdioChannel {
  const decoder = new FrameDecoder();
  let corrupt = false;
  input.on('data', (chunk: Buffer) => {
    if (corrupt) return;
    try {
      for (const text of decoder.push(chunk)) onMessage(text);
    } catch (error) {
      corrupt = true;
      onCorrupt(error as Error);
    }
  });
  input.on('end', () => onEnd(decoder.bufferedBytes > 0));

  let writes: Promise<void> = Promise.resolve();
  return {
    send(message) {
      const frame = encodeFrame(message);
      writes = writes.then(
        () =>
          new Promise<void>((resolve, reject) => {
            output.write(frame, (error) => (error ? reject(error) : resolve()));
          }),
      );
      return writes;
    },
  };
}
