import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError, json, stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";

describe("reset password page", () => {
  it("says when the link is invalid or expired", async () => {
    stubFetch();
    renderApp("/auth/reset-password?error=INVALID_TOKEN");
    expect((await screen.findByRole("alert")).textContent).toContain(
      "This reset link is invalid or has expired.",
    );
    expect(screen.queryByLabelText("New password")).toBeNull();
  });

  it("refuses two different passwords without asking the server", async () => {
    const server = stubFetch();
    const user = userEvent.setup();
    renderApp("/auth/reset-password?token=t1");
    await user.type(await screen.findByLabelText("New password"), "a new password");
    await user.type(screen.getByLabelText("Confirm password"), "another one");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    expect((await screen.findByRole("alert")).textContent).toContain("do not match");
    expect(server.callsTo("POST /api/auth/reset-password")).toHaveLength(0);
  });

  it("sets the new password and returns to sign-in", async () => {
    const server = stubFetch({ "POST /api/auth/reset-password": () => json({ status: true }) });
    const user = userEvent.setup();
    const { router } = renderApp("/auth/reset-password?token=t1");
    await user.type(await screen.findByLabelText("New password"), "a new password");
    await user.type(screen.getByLabelText("Confirm password"), "a new password");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    await screen.findByRole("heading", { name: "Welcome back" });
    expect(router.state.location.pathname).toBe("/auth");
    // The first toast loads the toaster (lib/toast.ts), a moment after the navigation.
    expect(await screen.findByText("Password reset")).toBeTruthy();
    expect(server.callsTo("POST /api/auth/reset-password")[0]?.body).toEqual({
      newPassword: "a new password",
      token: "t1",
    });
  });

  it("maps an expired token to the invalid-link message", async () => {
    stubFetch({ "POST /api/auth/reset-password": () => apiError(400, "INVALID_TOKEN", "Invalid token") });
    const user = userEvent.setup();
    renderApp("/auth/reset-password?token=t1");
    await user.type(await screen.findByLabelText("New password"), "a new password");
    await user.type(screen.getByLabelText("Confirm password"), "a new password");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    expect((await screen.findByRole("alert")).textContent).toContain(
      "This reset link is invalid or has expired.",
    );
  });

  it("from a confirmation link opened in another browser, asks for the account's password and confirms it", async () => {
    const server = stubFetch({ "POST /api/auth/reset-password": () => json({ status: true }) });
    const user = userEvent.setup();
    const { router } = renderApp("/auth/reset-password?token=c1&confirm=1");
    expect(await screen.findByRole("heading", { name: "Choose your password" })).toBeTruthy();
    expect(document.title).toContain("Confirm your account");
    await user.type(screen.getByLabelText("New password"), "chosen at the inbox");
    await user.type(screen.getByLabelText("Confirm password"), "chosen at the inbox");
    await user.click(screen.getByRole("button", { name: "Confirm account" }));
    await screen.findByRole("heading", { name: "Welcome back" });
    expect(router.state.location.pathname).toBe("/auth");
    expect(await screen.findByText("Account confirmed")).toBeTruthy();
    expect(server.callsTo("POST /api/auth/reset-password")[0]?.body).toEqual({
      newPassword: "chosen at the inbox",
      token: "c1",
    });
  });
});
