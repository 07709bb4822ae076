import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../db/schema";
import { createTestApp, type TestApp } from "../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the first account on a fresh instance", () => {
  it("is the one instance admin even when many sign up at the same moment", async () => {
    const emails = Array.from({ length: 8 }, (_, i) => `rush${i}@example.com`);
    const results = await Promise.all(emails.map((e) => t.signUp(e)));
    expect(results.map((r) => r.status)).toEqual(emails.map(() => 200));
    const admins = await t.services.database.db
      .select({ email: user.email })
      .from(user)
      .where(eq(user.role, "admin"));
    expect(admins).toHaveLength(1);
    expect(emails).toContain(admins[0]!.email);
  });
});
