import { AUTH_STORAGE_KEY } from "@tessera/contracts";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, json, stubFetch } from "@/testing/fetch-stub";
import { readStored, sessionBody, testUser } from "@/testing/session";
import { fillSignIn, openAuthPage } from "./auth-test-steps";

describe("signing in", () => {
  it("a failed sign-in shows the 'Sign in failed' toast and an inline alert with the server's message", async () => {
    stubFetch({
      "POST /api/auth/sign-in/email": () =>
        apiError(401, "INVALID_EMAIL_OR_PASSWORD", "Invalid email or password"),
    });
    const { user } = await openAuthPage();
    await fillSignIn(user);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Invalid email or password");
    expect(await screen.findByText("Sign in failed")).toBeTruthy();
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it("a successful sign-in stores the set-auth-token header value and opens the chat", async () => {
    const server = stubFetch({
      "POST /api/auth/sign-in/email": () =>
        json(
          { token: "body-token", user: testUser, redirect: false },
          { headers: { "set-auth-token": "header-token.sig" } },
        ),
      "GET /api/auth/get-session": (req) =>
        json(req.headers.authorization === "Bearer header-token.sig" ? sessionBody("header-token") : null),
    });
    const { user, router } = await openAuthPage();
    await fillSignIn(user);
    expect(await screen.findByRole("heading", { name: "Just Ask Tessa" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/dashboard/chat");
    expect(readStored()?.token).toBe("header-token.sig");
    expect(readStored()?.user.email).toBe("ada@example.com");
    expect(await screen.findByText("Welcome back!")).toBeTruthy();
    expect(server.callsTo("POST /api/auth/sign-in/email")[0]?.body).toEqual({
      email: "ada@example.com",
      password: "correct horse",
    });
  });

  it("asks for the two-factor code without storing the dead token, then stores the verified one", async () => {
    const server = stubFetch({
      "POST /api/auth/sign-in/email": () =>
        json(
          { twoFactorRedirect: true, twoFactorMethods: ["totp"] },
          { headers: { "set-auth-token": "dead-token" } },
        ),
      "POST /api/auth/two-factor/verify-totp": () =>
        json({ token: "live", user: testUser }, { headers: { "set-auth-token": "live-token.sig" } }),
      "GET /api/auth/get-session": (req) =>
        json(req.headers.authorization ? sessionBody("live-token") : null),
    });
    const { user, router } = await openAuthPage();
    await fillSignIn(user);

    const code = await screen.findByLabelText("Authentication code");
    expect(screen.getByRole("button", { name: "Use a backup code instead" })).toBeTruthy();
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();

    await user.type(code, "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await screen.findByRole("heading", { name: "Just Ask Tessa" });
    expect(router.state.location.pathname).toBe("/dashboard/chat");
    expect(readStored()?.token).toBe("live-token.sig");
    const verify = server.callsTo("POST /api/auth/two-factor/verify-totp")[0];
    expect(verify?.body).toEqual({ code: "123456" });
    expect(verify?.credentials).toBe("same-origin");
  });

  it("verifies with a backup code when asked to", async () => {
    const server = stubFetch({
      "POST /api/auth/sign-in/email": () => json({ twoFactorRedirect: true }),
      "POST /api/auth/two-factor/verify-backup-code": () =>
        apiError(401, "INVALID_BACKUP_CODE", "Invalid backup code"),
    });
    const { user } = await openAuthPage();
    await fillSignIn(user);
    await user.click(await screen.findByRole("button", { name: "Use a backup code instead" }));
    await user.type(screen.getByLabelText("Backup code"), "abcde-fghij");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Invalid backup code");
    expect(server.callsTo("POST /api/auth/two-factor/verify-backup-code")[0]?.body).toEqual({
      code: "abcde-fghij",
    });
  });

  it("disables the submit button while signing in", async () => {
    let answer: (r: Response) => void = () => {};
    stubFetch({
      "POST /api/auth/sign-in/email": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user } = await openAuthPage();
    await fillSignIn(user);
    const busy = await screen.findByRole("button", { name: "Signing in..." });
    expect(busy).toHaveProperty("disabled", true);
    answer(apiError(401, "INVALID_EMAIL_OR_PASSWORD", "Invalid email or password"));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Sign In" })).toHaveProperty("disabled", false),
    );
  });
});
