import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Waits for the newest mail to `to` whose subject matches, and returns the first link in it. */
export async function waitForMailLink(to: string, subject: RegExp, timeoutMs = 10_000): Promise<string> {
  const dir = process.env.TESSERA_E2E_MAIL_DIR;
  if (!dir) throw new Error("TESSERA_E2E_MAIL_DIR is not set: run through playwright.config.ts");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .sort()
      .reverse();
    for (const f of files) {
      const mail = JSON.parse(readFileSync(join(dir, f), "utf8")) as { to: string[]; raw: string };
      if (!mail.to.includes(to.toLowerCase())) continue;
      const unfolded = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      const subjectLine = /^Subject: (.*)$/m.exec(unfolded)?.[1] ?? "";
      if (!subject.test(subjectLine)) continue;
      const link = /https?:\/\/\S+/.exec(
        unfolded
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join("\n"),
      )?.[0];
      if (link) return link;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
