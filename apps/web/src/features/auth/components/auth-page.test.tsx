import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, json, STUB_PUBLIC_CONFIG, stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";
import { sessionBody, storeSession, testUser } from "@/testing/session";
import { fillSignIn, openAuthPage } from "./auth-test-steps";
import { destinationAfterAuth } from "./auth-page";

describe("auth page", () => {
  it("shows the sign-in form with labelled fields, the legal footer and no invitation banner", async () => {
    stubFetch();
    await openAuthPage();
    expect(screen.getByLabelText("Email")).toHaveProperty("type", "email");
    expect(screen.getByLabelText("Password")).toHaveProperty("type", "password");
    expect(screen.queryByLabelText("Full Name")).toBeNull();
    expect(screen.getByRole("link", { name: "Terms of Service" }).getAttribute("href")).toBe("/terms");
    expect(screen.getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe("/privacy");
    expect(screen.queryByText(/You've been invited to join a team/)).toBeNull();
    await waitFor(() => expect(document.title).toBe("Sign In | Tessera"));
  });

  it("toggling between the modes clears every field and the error", async () => {
    stubFetch({
      "POST /api/auth/sign-in/email": () =>
        apiError(401, "INVALID_EMAIL_OR_PASSWORD", "Invalid email or password"),
    });
    const { user } = await openAuthPage();
    await fillSignIn(user);
    await screen.findByRole("alert");

    await user.click(screen.getByRole("tab", { name: "Create Account" }));
    expect(await screen.findByRole("heading", { name: "Create your account" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByLabelText("Email")).toHaveProperty("value", "");
    expect(screen.getByLabelText("Password")).toHaveProperty("value", "");

    await user.type(screen.getByLabelText("Full Name"), "Ada");
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.click(screen.getByRole("tab", { name: "Sign In" }));
    await screen.findByRole("heading", { name: "Welcome back" });
    expect(screen.queryByLabelText("Full Name")).toBeNull();
    expect(screen.getByLabelText("Email")).toHaveProperty("value", "");
  });

  it("asks for an email before resending the verification mail", async () => {
    const server = stubFetch();
    const { user } = await openAuthPage();
    await user.click(screen.getByRole("button", { name: "Resend verification" }));
    expect(await screen.findByText("Enter your email first")).toBeTruthy();
    expect(screen.getByText("Please enter your email above.")).toBeTruthy();
    expect(server.callsTo("POST /api/auth/send-verification-email")).toHaveLength(0);
  });

  it("resends the verification mail and shows the server's refusal when it is too soon", async () => {
    let first = true;
    const server = stubFetch({
      "POST /api/auth/send-verification-email": () => {
        const answer = first
          ? json({ status: true })
          : apiError(
              429,
              "RATE_LIMITED",
              "A verification mail was sent to this address less than a minute ago.",
            );
        first = false;
        return answer;
      },
    });
    const { user } = await openAuthPage();
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Resend verification" }));
    expect(await screen.findByText("Verification email sent")).toBeTruthy();
    expect(server.callsTo("POST /api/auth/send-verification-email")[0]?.body).toEqual({
      email: "ada@example.com",
      callbackURL: "/",
    });

    await user.click(screen.getByRole("button", { name: "Resend verification" }));
    expect(await screen.findByText("Could not resend")).toBeTruthy();
    expect(
      screen.getByText("A verification mail was sent to this address less than a minute ago."),
    ).toBeTruthy();
  });

  it("sends the password-reset mail for the entered address", async () => {
    const server = stubFetch({ "POST /api/auth/request-password-reset": () => json({ status: true }) });
    const { user } = await openAuthPage();
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Forgot password?" }));
    expect(await screen.findByText("Password reset email sent")).toBeTruthy();
    expect(server.callsTo("POST /api/auth/request-password-reset")[0]?.body).toEqual({
      email: "ada@example.com",
      redirectTo: "/auth/reset-password",
    });
  });

  it("sign-up sends the name and callbackURL '/', then returns to sign-in with the email kept", async () => {
    const server = stubFetch({ "POST /api/auth/sign-up/email": () => json({ token: null, user: testUser }) });
    const { user } = await openAuthPage();
    await user.click(screen.getByRole("tab", { name: "Create Account" }));
    await user.type(await screen.findByLabelText("Full Name"), "Ada Lovelace");
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "correct horse");
    await user.click(screen.getByRole("button", { name: "Create Account" }));

    expect(await screen.findByText("Account created!")).toBeTruthy();
    expect(screen.getByText("Please check your email to verify your account.")).toBeTruthy();
    expect(server.callsTo("POST /api/auth/sign-up/email")[0]?.body).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.com",
      password: "correct horse",
      callbackURL: "/",
    });
    // The sign-up's cookie is kept: the mailed link signs in only in this browser.
    expect(server.callsTo("POST /api/auth/sign-up/email")[0]?.credentials).toBe("same-origin");
    await screen.findByRole("heading", { name: "Welcome back" });
    expect(screen.getByLabelText("Email")).toHaveProperty("value", "ada@example.com");
  });

  it("on a server that sends no mail, sign-up says so and where the link is, not 'check your email'", async () => {
    stubFetch({
      "GET /api/public/config": () => json({ ...STUB_PUBLIC_CONFIG, mailConfigured: false }),
      "POST /api/auth/sign-up/email": () => json({ token: null, user: testUser }),
      "POST /api/auth/send-verification-email": () => json({ status: true }),
    });
    const { user } = await openAuthPage();
    await user.click(screen.getByRole("tab", { name: "Create Account" }));
    await user.type(await screen.findByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "correct horse");
    await user.click(screen.getByRole("button", { name: "Create Account" }));

    expect(await screen.findByText("Account created!")).toBeTruthy();
    expect(screen.queryByText(/check your email/i)).toBeNull();
    const notice = screen.getByRole("status");
    expect(notice.textContent).toContain("No email is on its way");
    expect(notice.textContent).toContain(
      "This server sends no mail: ask whoever runs it for the confirmation link of ada@example.com; it is printed in the server's console.",
    );
    expect(screen.queryByText("Check your inbox")).toBeNull();
    // Resending says the same, not "check your inbox".
    await user.click(screen.getByRole("button", { name: "Resend verification" }));
    expect(await screen.findByText("Verification link made")).toBeTruthy();
    expect(screen.queryByText("Check your inbox (and spam).")).toBeNull();
  });

  it("a failed sign-up shows 'Sign up failed' with the server's message", async () => {
    stubFetch({
      "POST /api/auth/sign-up/email": () => apiError(400, "PASSWORD_TOO_SHORT", "Password too short"),
    });
    const { user } = await openAuthPage();
    await user.click(screen.getByRole("tab", { name: "Create Account" }));
    await user.type(await screen.findByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "short");
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Sign up failed")).toBeTruthy();
    expect((await screen.findByRole("alert")).textContent).toContain("Password too short");
  });

  it("shows the invitation banner when ?accept= is present", async () => {
    stubFetch();
    await openAuthPage("/auth?accept=inv-42");
    expect(
      screen.getByText("You've been invited to join a team. Sign in or create an account to accept."),
    ).toBeTruthy();
  });

  it("sends a signed-in visitor on, to team settings when an invitation is present", async () => {
    storeSession();
    const server = stubFetch({
      "GET /api/auth/get-session": () => json(sessionBody()),
      "POST /api/teams/invitations/inv-42/accept": () => apiError(404, "NOT_FOUND", "No such invitation."),
    });
    const { router } = renderApp("/auth?accept=inv-42");
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/team-settings"));
    // Team settings takes the invitation from the address and asks to join with it.
    await waitFor(() => expect(server.callsTo("POST /api/teams/invitations/inv-42/accept")).toHaveLength(1));
  });

  it("sends a signed-in visitor who was choosing a plan back to the plans, and ignores made-up plans", async () => {
    storeSession();
    stubFetch({ "GET /api/auth/get-session": () => json(sessionBody()) });
    const { router } = renderApp("/auth?plan=max");
    await waitFor(() => expect(router.state.location.pathname).toBe("/pricing"));
    expect(router.state.location.search).toBe("?plan=max");
    expect(destinationAfterAuth(null, "gold")).toBe("/dashboard/chat");
    expect(destinationAfterAuth(null, "//evil.example")).toBe("/dashboard/chat");
  });

  it("shows social sign-in only for the providers the server lists", async () => {
    stubFetch({
      "GET /api/public/config": () =>
        json({ ...STUB_PUBLIC_CONFIG, version: "1", socialProviders: ["github"] }),
    });
    await openAuthPage();
    expect(await screen.findByRole("button", { name: "Continue with GitHub" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Continue with Google" })).toBeNull();
  });
});
