import type { SsoSettings } from "@tessera/contracts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError, json, STUB_PUBLIC_CONFIG, stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";
import { sessionBody, storeSession, testUser } from "@/testing/session";

const admin = { ...testUser, role: "admin" };
const CALLBACK = "http://localhost:3000/api/auth/callback/sso";
const OFF: SsoSettings = {
  configured: false,
  source: null,
  environment: false,
  issuer: null,
  clientId: null,
  hasClientSecret: false,
  buttonLabel: "Sign in with SSO",
  allowedDomains: [],
  joinTeamByDomain: false,
  adminClaim: null,
  adminClaimValue: null,
  callbackUrl: CALLBACK,
  updatedAt: null,
};

describe("Admin → Sign-in", () => {
  it("configures a provider: shows the redirect URI, sends the form, and says why the provider was refused", async () => {
    storeSession({ user: admin });
    let attempt = 0;
    const server = stubFetch({
      "GET /api/auth/get-session": () => json(sessionBody("stored-token", admin)),
      "GET /api/admin/sso": () => json(OFF),
      "PUT /api/admin/sso": (req) => {
        attempt += 1;
        if (attempt === 1)
          return apiError(
            400,
            "BAD_REQUEST",
            "The provider's discovery document answered 404. Check the issuer URL.",
          );
        const body = req.body as Record<string, unknown>;
        return json({
          ...OFF,
          configured: true,
          source: "page",
          issuer: body.issuer,
          clientId: body.clientId,
          hasClientSecret: true,
          buttonLabel: body.buttonLabel,
          allowedDomains: body.allowedDomains,
          joinTeamByDomain: body.joinTeamByDomain,
          adminClaim: body.adminClaim,
          adminClaimValue: body.adminClaimValue,
          updatedAt: "2026-12-05T10:00:00Z",
        });
      },
      "DELETE /api/admin/sso": () => json(OFF),
      "POST /api/track-event": () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderApp("/dashboard/admin/sign-in");

    expect(await screen.findByRole("heading", { name: "Sign-in", level: 1 })).toBeTruthy();
    expect(await screen.findByText("Company sign-in is off")).toBeTruthy();
    expect(screen.getByText(CALLBACK)).toBeTruthy();
    const form = screen.getByRole("form", { name: "OpenID Connect provider" });
    await user.type(within(form).getByLabelText("Issuer URL"), "https://id.acme.test/realms/staff");
    await user.type(within(form).getByLabelText("Client ID"), "tessera");
    await user.type(within(form).getByLabelText("Client secret"), "s3cret");
    await user.type(within(form).getByLabelText("Button label"), "Sign in with Acme ID");
    await user.type(within(form).getByLabelText("Allowed email domains"), "acme.test, @Acme.org");
    await user.click(within(form).getByRole("switch", { name: "Join a team by email domain" }));
    await user.type(within(form).getByLabelText("Claim"), "groups");
    await user.type(within(form).getByLabelText("Value"), "tessera-admins");
    await user.click(within(form).getByRole("button", { name: "Save" }));

    expect((await screen.findByRole("alert")).textContent).toContain("answered 404");
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Company sign-in is on")).toBeTruthy();
    expect(server.callsTo("PUT /api/admin/sso").at(-1)?.body).toEqual({
      issuer: "https://id.acme.test/realms/staff",
      clientId: "tessera",
      clientSecret: "s3cret",
      buttonLabel: "Sign in with Acme ID",
      allowedDomains: ["acme.test", "@Acme.org"],
      joinTeamByDomain: true,
      adminClaim: "groups",
      adminClaimValue: "tessera-admins",
    });
    // The secret is kept, not shown: the field is empty again and says so.
    const secret = screen.getByLabelText("Client secret");
    expect((secret as HTMLInputElement).value).toBe("");
    expect(screen.getByText("Leave empty to keep the secret already saved.")).toBeTruthy();
    // Turning it off asks first.
    await user.click(screen.getByRole("button", { name: "Turn off" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Turn off sign-in with SSO" });
    await user.click(within(dialog).getByRole("button", { name: "Turn off" }));
    expect(await screen.findByText("Company sign-in is off")).toBeTruthy();
    expect(server.callsTo("DELETE /api/admin/sso")).toHaveLength(1);
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Sign-in" }).getAttribute("href")).toBe(
      "/dashboard/admin/sign-in",
    );
  });

  it("is closed to everyone else", async () => {
    storeSession();
    const server = stubFetch({ "GET /api/auth/get-session": () => json(sessionBody()) });
    renderApp("/dashboard/admin/sign-in");
    expect(
      await screen.findByText("Only administrators of this instance can change how people sign in."),
    ).toBeTruthy();
    expect(server.callsTo("GET /api/admin/sso")).toHaveLength(0);
  });
});

describe("the sign-in page with company sign-in", () => {
  it("offers the configured button and starts the provider's sign-in", async () => {
    const server = stubFetch({
      "GET /api/public/config": () => json({ ...STUB_PUBLIC_CONFIG, sso: { label: "Sign in with Acme ID" } }),
      "POST /api/auth/sign-in/social": () => json({ url: "not a url" }),
    });
    const user = userEvent.setup();
    renderApp("/auth");
    await user.click(await screen.findByRole("button", { name: "Sign in with Acme ID" }));
    expect(server.callsTo("POST /api/auth/sign-in/social")[0]?.body).toEqual({
      provider: "sso",
      callbackURL: "/dashboard/chat",
      errorCallbackURL: "/auth",
    });
  });

  it("says why a provider sign-in was refused, in its own words only", async () => {
    stubFetch({
      "GET /api/public/config": () => json({ ...STUB_PUBLIC_CONFIG, sso: { label: "Sign in with SSO" } }),
    });
    renderApp("/auth?error=sso_domain_not_allowed&error_description=Call%20555");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("not at a domain allowed to sign in here");
    expect(alert.textContent).not.toContain("555");
  });
});
