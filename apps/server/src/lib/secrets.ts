// Secrets are never built-in defaults: they come from the environment, or are generated on first
// start and kept under DATA_DIR with file mode 600 so sessions survive a restart.
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

const storedSchema = z.object({
  authSecret: z.string().min(32),
  encryptionKey: z.string().regex(/^[0-9a-f]{64}$/),
});
export type Secrets = z.infer<typeof storedSchema>;

export function loadSecrets(
  dataDir: string,
  fromEnv: { authSecret?: string; encryptionKey?: string },
): Secrets {
  if (fromEnv.authSecret && fromEnv.encryptionKey) {
    return { authSecret: fromEnv.authSecret, encryptionKey: fromEnv.encryptionKey.toLowerCase() };
  }
  const file = join(dataDir, "secrets.json");
  let stored: Secrets;
  if (existsSync(file)) {
    const parsed = storedSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
    if (!parsed.success) throw new Error(`${file} is damaged; restore it or remove it to start afresh`);
    stored = parsed.data;
  } else {
    mkdirSync(dataDir, { recursive: true });
    stored = {
      authSecret: randomBytes(32).toString("base64url"),
      encryptionKey: randomBytes(32).toString("hex"),
    };
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600, flag: "wx" });
  }
  chmodSync(file, 0o600);
  return {
    authSecret: fromEnv.authSecret ?? stored.authSecret,
    encryptionKey: fromEnv.encryptionKey?.toLowerCase() ?? stored.encryptionKey,
  };
}
