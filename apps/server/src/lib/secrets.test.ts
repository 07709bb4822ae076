import { statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createCipher } from "./crypto";
import { loadSecrets } from "./secrets";
import { scratchDirs } from "../test/scratch-dirs";

const scratch = scratchDirs("tessera-secrets-");

describe("loadSecrets", () => {
  it("generates secrets once, mode 600, and reuses them on the next start", () => {
    const dir = scratch();
    const first = loadSecrets(dir, {});
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.encryptionKey).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(join(dir, "secrets.json")).mode & 0o777).toBe(0o600);
    expect(loadSecrets(dir, {})).toEqual(first);
    expect(loadSecrets(scratch(), {}).authSecret).not.toBe(first.authSecret);
  });

  it("prefers values from the environment", () => {
    const dir = scratch();
    const key = "ab".repeat(32);
    expect(loadSecrets(dir, { authSecret: "x".repeat(40), encryptionKey: key })).toEqual({
      authSecret: "x".repeat(40),
      encryptionKey: key,
    });
  });
});

describe("createCipher", () => {
  it("round-trips, never repeats a ciphertext, and rejects tampering or the wrong key", () => {
    const cipher = createCipher("11".repeat(32));
    const a = cipher.encrypt("backup-code-1");
    expect(a).not.toContain("backup-code-1");
    expect(cipher.encrypt("backup-code-1")).not.toBe(a);
    expect(cipher.decrypt(a)).toBe("backup-code-1");
    const tampered = a.slice(0, -2) + (a.endsWith("A") ? "BB" : "AA");
    expect(() => cipher.decrypt(tampered)).toThrow();
    expect(() => createCipher("22".repeat(32)).decrypt(a)).toThrow();
  });
});
