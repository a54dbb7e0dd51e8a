import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { TestDoubleClient } from '../test-doubles/test-double-client.ts';
import { TestDoubleXhrServer } from '../test-doubles/test-double-xhr-server.ts';
import { DIAGNOSES, diagnoseExtensionTimeout } from './diagnose-extension.ts';

let client: TestDoubleClient;
let server: TestDoubleXhrServer;
let logged: MockInstance<typeof console.error>;

beforeEach(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  client = new TestDoubleClient();
  server = new TestDoubleXhrServer(client);
  vi.stubGlobal('XMLHttpRequest', server.XMLHttpRequest);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('diagnoseExtensionTimeout', () => {
  it('tells a missing client from an old one and from an unregistered native host', async () => {
    server.listening.clear();
    await expect(diagnoseExtensionTimeout()).resolves.toBe(DIAGNOSES.notInstalled);
    server.listening.add(33003);
    client.version = '3.8.0.1';
    await expect(diagnoseExtensionTimeout()).resolves.toBe(DIAGNOSES.incompatible);
    client.version = '4.2.0';
    await expect(diagnoseExtensionTimeout()).resolves.toBe(DIAGNOSES.notResponding);
    expect(logged).toHaveBeenCalledWith(DIAGNOSES.notResponding);
  });
});
