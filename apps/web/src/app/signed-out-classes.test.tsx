// The pages open to visitors render before tailwind-merge is loaded (lib/utils.ts): a class they pass
// to a component that the component's own classes would override by merging shows wrong. Each
// screen is walked through here with no merging, and every class list `cn` made is checked.
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { twMerge } from "tailwind-merge";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fillSignIn, openAuthPage } from "@/features/auth/components/auth-test-steps";
import { ErrorFallback } from "@/features/errors/components/error-fallback";
import { setClassMerger } from "@/lib/utils";
import { apiError, json, STUB_PUBLIC_CONFIG, stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";

let made: string[] = [];

beforeEach(() => {
  made = [];
  setClassMerger((classes) => {
    made.push(classes);
    return classes;
  });
});

afterEach(() => setClassMerger(twMerge));

/** The class lists in which tailwind-merge would drop a class, with the classes it drops. */
function conflicts() {
  const found = new Map<string, string[]>();
  for (const classes of made) {
    const kept = new Set(twMerge(classes).split(" "));
    const dropped = classes.split(/\s+/).filter((c) => c && !kept.has(c));
    if (dropped.length) found.set(classes, dropped);
  }
  return Object.fromEntries(found);
}

describe("the pages open to visitors, without tailwind-merge", () => {
  it("the sign-in page: both tabs, an error, the invitation, social sign-in", async () => {
    stubFetch({
      "GET /api/public/config": () =>
        json({ ...STUB_PUBLIC_CONFIG, version: "1", socialProviders: ["github", "google"] }),
      "POST /api/auth/sign-in/email": () =>
        apiError(401, "INVALID_EMAIL_OR_PASSWORD", "Invalid email or password"),
    });
    const { user } = await openAuthPage("/auth?accept=invite-1");
    await screen.findByRole("button", { name: "Continue with GitHub" });
    await fillSignIn(user);
    await screen.findByRole("alert");
    await user.click(screen.getByRole("tab", { name: "Create Account" }));
    await screen.findByRole("heading", { name: "Create your account" });
    expect(made.length).toBeGreaterThan(20);
    expect(conflicts()).toEqual({});
  });

  it("the two-factor step", async () => {
    stubFetch({
      "POST /api/auth/sign-in/email": () => json({ twoFactorRedirect: true, twoFactorMethods: ["totp"] }),
    });
    const { user } = await openAuthPage();
    await fillSignIn(user);
    await screen.findByLabelText("Authentication code");
    await user.click(screen.getByRole("button", { name: "Use a backup code instead" }));
    expect(conflicts()).toEqual({});
  });

  it("the password reset page, with an error", async () => {
    stubFetch();
    const user = userEvent.setup();
    renderApp("/auth/reset-password?token=t1");
    await user.type(await screen.findByLabelText("New password"), "a new password");
    await user.type(screen.getByLabelText("Confirm password"), "another one");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    await screen.findByRole("alert");
    expect(conflicts()).toEqual({});
  });

  it("the not-found page and the error screen", async () => {
    stubFetch();
    const view = renderApp("/no-such-page");
    await screen.findByRole("link", { name: "Go to Homepage" });
    view.unmount();
    // React and the screen itself log the render error; that is expected here.
    vi.mocked(console.error).mockImplementation(() => {});
    const Broken = () => {
      throw new Error("boom");
    };
    renderApp("/", { routes: [{ path: "/", element: <Broken />, errorElement: <ErrorFallback /> }] });
    await screen.findByRole("heading", { name: "Something went wrong" });
    expect(conflicts()).toEqual({});
  });
});
