// Calls into Better Auth leave the process without promise hooks once none is in flight, and keep them
// for as long as one is.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app";
import { callAuth } from "./auth-calls";

/** While promise hooks are installed, every new promise carries its async ids under symbol keys. */
const hooked = () => Object.getOwnPropertySymbols(Promise.resolve()).length > 0;

describe("callAuth", () => {
  let t: TestApp;
  let token: string;
  const getSession = () =>
    t.services.auth.api.getSession({ headers: new Headers({ authorization: `Bearer ${token}` }) });

  beforeAll(async () => {
    t = await createTestApp();
    // Sign-up, the verification link and sign-in, all through the auth routes.
    token = await t.newUser("hooks@example.com");
  });
  afterAll(() => t.close());

  it("leaves no promise hooks behind once the calls have finished", async () => {
    expect(hooked()).toBe(false);
    // A call straight to Better Auth leaves them installed: what callAuth is for.
    expect((await getSession())?.user.email).toBe("hooks@example.com");
    expect(hooked()).toBe(true);
    const res = await t.request("/api/auth/get-session", { token });
    expect(((await res.json()) as { user: { email: string } }).user.email).toBe("hooks@example.com");
    expect(hooked()).toBe(false);
  });

  it("keeps them while another call is still in flight, and gives the stores back to the next", async () => {
    let release!: () => void;
    const blocker = new Promise<void>((resolve) => (release = resolve));
    const first = callAuth(async () => {
      const session = await getSession();
      await blocker;
      return session;
    });
    expect((await callAuth(getSession))?.user.email).toBe("hooks@example.com");
    expect(hooked()).toBe(true);
    release();
    expect((await first)?.user.email).toBe("hooks@example.com");
    expect(hooked()).toBe(false);
    // Disabled stores work again for the next call, sign-out included.
    expect((await t.request("/api/auth/sign-out", { method: "POST", token, json: {} })).status).toBe(200);
    expect(hooked()).toBe(false);
    expect((await t.request("/api/conversations", { token })).status).toBe(401);
  });
});
