// AES-256-GCM for secrets at rest (two-factor backup codes, later stored provider keys).
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const VERSION = "v1";

export function createCipher(hexKey: string) {
  const key = Buffer.from(hexKey, "hex");
  if (key.length !== 32) throw new Error("encryption key must be 32 bytes");
  return {
    encrypt(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [
        VERSION,
        iv.toString("base64url"),
        cipher.getAuthTag().toString("base64url"),
        data.toString("base64url"),
      ].join(".");
    },
    decrypt(sealed: string): string {
      const [version, iv, tag, data] = sealed.split(".");
      if (version !== VERSION || !iv || !tag || data === undefined) throw new Error("not a sealed value");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString(
        "utf8",
      );
    },
  };
}
export type Cipher = ReturnType<typeof createCipher>;
