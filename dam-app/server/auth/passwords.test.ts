import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  it('verifies the password it hashed and nothing else', async () => {
    const stored = await hashPassword('Correct-Horse-42', 10);
    expect(stored).toMatch(/^scrypt\$1024\$8\$3\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword('Correct-Horse-42', stored)).toBe(true);
    expect(await verifyPassword('correct-horse-42', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });
  it('salts every hash', async () => {
    expect(await hashPassword('same', 10)).not.toBe(await hashPassword('same', 10));
  });
  it('treats the same text in another Unicode form as the same password', async () => {
    const stored = await hashPassword('Ame\u0301lie-2024', 10);
    expect(await verifyPassword('Am\u00e9lie-2024', stored)).toBe(true);
  });
  it('refuses a missing or foreign hash', async () => {
    expect(await verifyPassword('x', null)).toBe(false);
    expect(await verifyPassword('x', '$2b$10$abcdefghijklmnopqrstuv')).toBe(false);
  });
});
