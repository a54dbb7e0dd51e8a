import type { IncomingMessage } from 'node:http';
import { type Readable, Transform } from 'node:stream';
import { FileStore } from '@tus/file-store';
import type { ClamdAddress, ScanVerdict } from '../antivirus/clamd-client.ts';
import { LiveScan } from '../antivirus/live-scan.ts';

/**
 * tus's file store that also streams each upload's bytes to clamd as its chunks land (a {@link LiveScan} per upload,
 * in this server's memory), so the verdict is ready when the last chunk is. A live scan follows the stored file only
 * while both grow together from offset 0; a chunk that starts elsewhere (a resume on another server of a cluster, after
 * a restart, after a chunk that failed half-stored) abandons it, and the finished upload is scanned whole.
 */
export class ScanningFileStore extends FileStore {
  private readonly scans = new Map<string, LiveScan>();

  constructor(
    options: ConstructorParameters<typeof FileStore>[0],
    private readonly clamd: () => ClamdAddress | undefined,
  ) {
    super(options);
  }

  override async write(readable: IncomingMessage | Readable, id: string, offset: number): Promise<number> {
    const scan = this.scanFor(id, offset);
    if (!scan) return super.write(readable, id, offset);
    const tee = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        scan.feed(chunk).then(() => callback(null, chunk), callback);
      },
    });
    readable.on('error', (error) => tee.destroy(error));
    try {
      const stored = await super.write(readable.pipe(tee), id, offset);
      if (stored !== scan.offset) this.drop(id);
      return stored;
    } catch (error) {
      this.drop(id);
      throw error;
    }
  }

  /** The live verdict on the finished upload of `size` bytes, or undefined when it must be scanned whole. */
  async liveVerdict(id: string, size: number): Promise<ScanVerdict | undefined> {
    const scan = this.scans.get(id);
    this.scans.delete(id);
    return scan?.finish(size);
  }

  /** Ends the upload's live scan, if any is left, without waiting for its verdict. */
  forget(id: string): void {
    this.drop(id);
  }

  override async remove(id: string): Promise<void> {
    this.drop(id);
    return super.remove(id);
  }

  private scanFor(id: string, offset: number): LiveScan | undefined {
    const clamd = this.clamd();
    let scan = this.scans.get(id);
    if (scan && (!scan.live || scan.offset !== offset)) {
      this.drop(id);
      scan = undefined;
    }
    if (!scan && offset === 0 && clamd) {
      const started = new LiveScan(clamd);
      this.scans.set(id, started);
      // An upload never finished (clamd hung up on it, it was left) must not be kept here.
      started.done.then(() => {
        if (this.scans.get(id) === started) this.scans.delete(id);
      });
      scan = started;
    }
    return scan;
  }

  private drop(id: string) {
    this.scans.get(id)?.abandon();
    this.scans.delete(id);
  }
}
