import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DriveAccount, DriveCheckout, PublicDriveAccount } from '@rapid/protocol';
import type { SettingsStore } from '../config/settings-store.ts';
import { ConnectFailure, notFound } from '../daemon/connect-failure.ts';
import { type DriveServer, DriveServerError } from './drive-server.ts';

/**
 * Drive on the daemon's side: accounts come from the settings; a checkout locks the file on its server and copies
 * it into the sync folder (`<download folder>/Rapid Drive/<account>/`); check-in uploads the local copy as a new
 * version and releases the lock; revert discards the copy and releases the lock. Checkouts persist in drive.json.
 */
export class DriveService {
  #checkouts: DriveCheckout[] | undefined;

  constructor(
    readonly settings: SettingsStore,
    readonly server: DriveServer,
    readonly file: string,
  ) {}

  accounts(): DriveAccount[] {
    return this.settings.get().drive_accounts ?? [];
  }

  /** Accounts as pages may see them: without the server's token. */
  publicAccounts(): PublicDriveAccount[] {
    return this.accounts().map(({ id, name, url }) => ({ id, name, url }));
  }

  publicAccount(id: string): PublicDriveAccount {
    const { name, url } = this.account(id);
    return { id, name, url };
  }

  account(id: string): DriveAccount {
    const found = this.accounts().find((account) => account.id === id);
    if (!found) throw notFound(`Drive has no account ${id}.`);
    return found;
  }

  async list(): Promise<DriveCheckout[]> {
    this.#checkouts ??= await readFile(this.file, 'utf8').then(
      (text) => JSON.parse(text) as DriveCheckout[],
      () => [],
    );
    return this.#checkouts;
  }

  async checkOut(idPaths: string[]): Promise<DriveCheckout[]> {
    const made: DriveCheckout[] = [];
    for (const idPath of idPaths) {
      const [, accountId = '', fileId = ''] = idPath.split('/');
      const account = this.account(accountId);
      const { name, lock } = await this.#server(() => this.server.lock(account, fileId));
      const folder = join(
        this.settings.get().download_folder,
        'Rapid Drive',
        account.name.replace(/[\\/]/g, '_'),
      );
      await mkdir(folder, { recursive: true });
      const path = join(folder, name.replace(/[\\/]/g, '_'));
      try {
        await this.#server(() => this.server.download(account, fileId, path));
      } catch (error) {
        await this.server.unlock(account, fileId).catch(() => undefined);
        throw error;
      }
      made.push({ checkout_id: randomUUID(), account_id: account.id, filelock: lock, name, path });
    }
    await this.#save([...(await this.list()), ...made]);
    return made;
  }

  /** Check-in: upload as a new version, release the lock, forget the checkout (the local copy stays). */
  async checkIn(ids: string[]): Promise<DriveCheckout[]> {
    return this.#finish(ids, async (checkout, account) => {
      await this.#server(() => this.server.uploadVersion(account, checkout.filelock.file_id, checkout.path));
    });
  }

  /** Revert: discard the local copy and release the lock. */
  async revert(ids: string[]): Promise<DriveCheckout[]> {
    return this.#finish(ids, async (checkout) => {
      await rm(checkout.path, { force: true });
    });
  }

  async #finish(ids: string[], step: (checkout: DriveCheckout, account: DriveAccount) => Promise<void>) {
    const all = await this.list();
    const chosen = ids.map((id) => {
      const checkout = all.find((each) => each.checkout_id === id);
      if (!checkout) throw notFound(`Drive has no checkout ${id}.`);
      return checkout;
    });
    for (const checkout of chosen) {
      const account = this.account(checkout.account_id);
      await step(checkout, account);
      await this.#server(() => this.server.unlock(account, checkout.filelock.file_id));
      await this.#save((await this.list()).filter((each) => each !== checkout));
    }
    return chosen;
  }

  async #server<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof DriveServerError)
        throw new ConnectFailure(502, 502, `Drive server error: ${error.message}`, error.message);
      throw error;
    }
  }

  async #save(checkouts: DriveCheckout[]) {
    this.#checkouts = checkouts;
    await writeFile(`${this.file}.tmp`, JSON.stringify(checkouts), { mode: 0o600 });
    await rename(`${this.file}.tmp`, this.file);
  }
}
