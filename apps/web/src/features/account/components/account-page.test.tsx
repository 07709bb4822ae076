import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { catchDownloads } from "@/testing/downloads";
import { apiError, json, stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";
import { readStored, sessionBody, storeSession, testUser } from "@/testing/session";

const profile = {
  id: "p1",
  userId: "u1",
  email: "ada@example.com",
  fullName: "Ada Lovelace",
  avatarUrl: null,
  avatarSrc: null,
  role: "user",
  twoFactorEnabled: false,
};
const TOTP_URI =
  "otpauth://totp/Tessera:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Tessera&digits=6&period=30";

async function openAccount(routes: Parameters<typeof stubFetch>[0] = {}, twoFactorEnabled = false) {
  storeSession({ user: { ...testUser, twoFactorEnabled } });
  const server = stubFetch({
    "GET /api/auth/get-session": (req) =>
      json(
        sessionBody(req.headers.authorization?.slice(7) ?? "stored-token", {
          ...testUser,
          twoFactorEnabled:
            req.headers.authorization === "Bearer rotated-token" ? !twoFactorEnabled : twoFactorEnabled,
        }),
      ),
    "GET /api/profile": () => json(profile),
    ...routes,
  });
  const user = userEvent.setup();
  renderApp("/dashboard/account");
  await screen.findByRole("heading", { name: "Account", level: 1 });
  await screen.findByLabelText("Full Name");
  return { user, server };
}

describe("account page", () => {
  it("shows the profile with initials and saves a new name", async () => {
    const { user, server } = await openAccount({
      "PATCH /api/profile": (req) =>
        json({ ...profile, fullName: (req.body as { fullName: string }).fullName }),
    });
    expect(screen.getByLabelText("Full Name")).toHaveProperty("value", "Ada Lovelace");
    expect(within(screen.getByRole("main")).getByText("AD")).toBeTruthy();
    const name = screen.getByLabelText("Full Name");
    await user.clear(name);
    await user.type(name, "Grace Hopper");
    expect(within(screen.getByRole("main")).getByText("GR")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Profile updated")).toBeTruthy();
    expect(server.callsTo("PATCH /api/profile")[0]?.body).toEqual({ fullName: "Grace Hopper" });
    expect(server.callsTo("PATCH /api/profile")[0]?.headers.authorization).toBe("Bearer stored-token");
  });

  it("shows the server's reason when the profile is refused", async () => {
    const { user } = await openAccount({
      "PATCH /api/profile": () =>
        apiError(400, "BAD_REQUEST", "avatarUrl: must start with http:// or https://"),
    });
    await user.type(screen.getByLabelText("Avatar URL"), "ftp://example.com/me.png");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect((await screen.findByRole("alert")).textContent).toContain("must start with http:// or https://");
  });

  it("enrols two-factor: password, QR code, secret and backup codes, then a code; adopts the rotated session", async () => {
    const { user, server } = await openAccount({
      "POST /api/auth/two-factor/enable": () =>
        json({ totpURI: TOTP_URI, backupCodes: ["aaaaa-11111", "bbbbb-22222"] }),
      "POST /api/auth/two-factor/verify-totp": () =>
        json({ token: "old", user: testUser }, { headers: { "set-auth-token": "rotated-token" } }),
    });
    expect(screen.getByTestId("two-factor-status").textContent).toBe("Disabled");
    await user.click(screen.getByRole("button", { name: "Enable two-factor" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Password"), "correct horse");
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));

    expect(await screen.findByTitle("QR code for your authenticator app")).toBeTruthy();
    expect(screen.getByTestId("totp-secret").textContent).toBe("JBSWY3DPEHPK3PXP");
    expect(within(screen.getByRole("list", { name: "Backup codes" })).getAllByRole("listitem")).toHaveLength(
      2,
    );
    expect(server.callsTo("POST /api/auth/two-factor/enable")[0]?.body).toEqual({
      password: "correct horse",
    });

    await user.type(screen.getByLabelText("Authentication code"), "654321");
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Two-factor authentication enabled")).toBeTruthy();
    expect(screen.getByTestId("two-factor-status").textContent).toBe("Enabled");
    expect(readStored()?.token).toBe("rotated-token");
    expect(server.callsTo("POST /api/auth/two-factor/verify-totp")[0]?.headers.authorization).toBe(
      "Bearer stored-token",
    );
  });

  it("keeps the password dialog open with the server's message on a wrong password", async () => {
    const { user } = await openAccount({
      "POST /api/auth/two-factor/enable": () => apiError(400, "INVALID_PASSWORD", "Invalid password"),
    });
    await user.click(screen.getByRole("button", { name: "Enable two-factor" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Password"), "wrong");
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain("Invalid password");
  });

  it("disables two-factor after asking for the password", async () => {
    const { user, server } = await openAccount(
      {
        "POST /api/auth/two-factor/disable": () =>
          json({ status: true }, { headers: { "set-auth-token": "rotated-token" } }),
      },
      true,
    );
    expect(screen.getByTestId("two-factor-status").textContent).toBe("Enabled");
    await user.click(screen.getByRole("button", { name: "Disable" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Password"), "correct horse");
    await user.click(within(dialog).getByRole("button", { name: "Disable two-factor" }));
    expect(await screen.findByText("Two-factor authentication disabled")).toBeTruthy();
    expect(screen.getByTestId("two-factor-status").textContent).toBe("Disabled");
    expect(server.callsTo("POST /api/auth/two-factor/disable")[0]?.body).toEqual({
      password: "correct horse",
    });
  });

  it("downloads every conversation as the JSON file the server names, and says when it cannot", async () => {
    const { saved, click, restore } = catchDownloads();
    let fail = false;
    const file = `{"format":"tessera.conversations/1","exported_at":"2026-11-28T05:00:00.000Z","conversations":[]}\n`;
    const { user, server } = await openAccount({
      "GET /api/conversations/export": () =>
        fail
          ? apiError(500, "INTERNAL", "Internal error.")
          : new Response(file, {
              headers: {
                "content-type": "application/json; charset=utf-8",
                "content-disposition": `attachment; filename="tessera-conversations-2026-11-28.json"`,
              },
            }),
    });
    const card = screen
      .getByRole("heading", { name: "Your conversations" })
      .closest<HTMLElement>("[data-slot=card]")!;
    await user.click(within(card).getByRole("button", { name: "Download all conversations" }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(saved[0]!.name).toBe("tessera-conversations-2026-11-28.json");
    expect(await saved[0]!.text).toBe(file);
    expect(server.callsTo("GET /api/conversations/export")[0]!.headers.authorization).toMatch(/^Bearer /);

    fail = true;
    await user.click(within(card).getByRole("button", { name: "Download all conversations" }));
    expect(await screen.findByText("Failed to download conversations")).toBeTruthy();
    expect(click).toHaveBeenCalledTimes(1);
    restore();
  });

  it("makes an API key, shows it once with a copy button, lists it without the secret, and revokes it", async () => {
    const listed = {
      id: "k1",
      name: "Laptop scripts",
      start: "tsr_AbCdEf",
      createdAt: "2026-12-01T10:00:00.000Z",
      lastUsedAt: null,
      expiresAt: "2027-03-01T10:00:00.000Z",
      usage: { calls: 2, tokens: 1500, cost: 0 },
    };
    let keys: (typeof listed)[] = [];
    const { user, server } = await openAccount({
      "GET /api/api-keys": () => json({ keys }),
      "POST /api/api-keys": () => {
        keys = [listed];
        return json(
          {
            id: "k1",
            name: "Laptop scripts",
            start: "tsr_AbCdEf",
            key: "tsr_AbCdEf-the-whole-secret",
            createdAt: listed.createdAt,
            expiresAt: listed.expiresAt,
          },
          { status: 201 },
        );
      },
      "DELETE /api/api-keys/k1": () => {
        keys = [];
        return new Response(null, { status: 204 });
      },
    });
    const region = await screen.findByRole("region", { name: "API keys" });
    expect(within(region).getByText(/\/v1/)).toBeTruthy();
    await within(region).findByText("No keys yet.");
    await user.type(within(region).getByLabelText("Key name"), "Laptop scripts");
    await user.click(within(region).getByRole("combobox", { name: "Expires" }));
    await user.click(await screen.findByRole("option", { name: "90 days" }));
    await user.click(within(region).getByRole("button", { name: "Create key" }));
    expect((await within(region).findByLabelText("New API key")).textContent).toBe(
      "tsr_AbCdEf-the-whole-secret",
    );
    expect(server.callsTo("POST /api/api-keys")[0]?.body).toEqual({
      name: "Laptop scripts",
      expiresInDays: 90,
    });
    const list = await within(region).findByRole("list", { name: "Your API keys" });
    expect(within(list).getByRole("listitem", { name: "Laptop scripts" }).textContent).toContain(
      "tsr_AbCdEf…",
    );
    expect(list.textContent).not.toContain("the-whole-secret");
    await user.click(within(region).getByRole("button", { name: "Done" }));
    expect(within(region).queryByLabelText("New API key")).toBeNull();

    await user.click(within(list).getByRole("button", { name: "Revoke Laptop scripts" }));
    await user.click(await screen.findByRole("button", { name: "Revoke" }));
    await within(region).findByText("No keys yet.");
    expect(server.callsTo("DELETE /api/api-keys/k1")).toHaveLength(1);
  });

  it("offers the plan with API access instead of keys to someone without it", async () => {
    const { server } = await openAccount({
      "GET /api/subscription": () =>
        json({
          plan: "pro",
          source: "admin",
          validUntil: null,
          trialAvailable: false,
          checkout: false,
          usage: { imagesThisMonth: 0, imagesPerMonth: 100 },
        }),
    });
    const region = await screen.findByRole("region", { name: "API keys" });
    expect(
      await within(region).findByText("API access is on the Max plan and up. Upgrade to use it."),
    ).toBeTruthy();
    expect(within(region).getByRole("link", { name: "See Max" }).getAttribute("href")).toBe("/pricing");
    expect(within(region).queryByLabelText("Key name")).toBeNull();
    expect(server.callsTo("GET /api/api-keys")).toHaveLength(0);
  });
});
