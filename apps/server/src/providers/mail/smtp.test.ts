// The SMTP provider against a real SMTP server on loopback.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

const received: { to: string[]; data: string }[] = [];
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) =>
    smtp.listen(0, "127.0.0.1", () => resolve((smtp.server.address() as AddressInfo).port)),
  );
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: "Tessera <hello@tessera.test>",
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe("mail through SMTP_URL", () => {
  it("delivers the verification mail with a working link, and records it as sent without the link", async () => {
    const signedUp = await t.signUp("smtp@example.com");
    expect(signedUp.status).toBe(200);
    const mail = received.find((m) => m.to.includes("smtp@example.com"));
    expect(mail).toBeDefined();
    expect(mail!.data).toContain("Subject: Confirm your Tessera account");
    expect(mail!.data).toContain("From: Tessera <hello@tessera.test>");
    const unfolded = mail!.data.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const link = /http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[^\s]+/.exec(unfolded)?.[0];
    expect(link).toBeTruthy();

    const row = await t.latestMail("smtp@example.com");
    expect(row).toMatchObject({ status: "sent", link: null });

    const url = new URL(link!);
    // Opened in the browser that signed up (its cookie), the link signs in there.
    const browser = signedUp.headers.get("set-cookie")!.split(";")[0]!;
    const verified = await t.request(url.pathname + url.search, { headers: { cookie: browser } });
    expect(verified.status).toBe(302);
    expect((await t.signIn("smtp@example.com")).status).toBe(200);
  });
});
