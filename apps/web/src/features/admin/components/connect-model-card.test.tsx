import type { ModelsResponse } from "@tessera/contracts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { json, stubFetch } from "@/testing/fetch-stub";
import { keylessModelsBody } from "@/testing/models-body";
import { preloadPage, PRELOAD_TIMEOUT_MS, renderApp } from "@/testing/render-app";
import { savedConnection } from "@/testing/saved-connection";
import { sessionBody, storeSession, testUser } from "@/testing/session";

const admin = { ...testUser, role: "admin" };

/** One model on a connected server, beside the built-in ones. */
const connected: ModelsResponse = {
  groups: keylessModelsBody.groups.map((g) =>
    g.id !== "open-source"
      ? g
      : {
          ...g,
          models: [
            ...g.models,
            {
              id: "local/llama3.2:1b",
              name: "llama3.2:1b",
              description: "On your server",
              vision: false,
              research: false,
              available: true,
              provider: "openai-compatible",
              unavailableReason: null,
              requiredPlan: null,
            },
          ],
        },
  ),
};

function openChatAs(
  user: typeof testUser,
  models: ModelsResponse,
  routes: Parameters<typeof stubFetch>[0] = {},
) {
  storeSession({ user });
  const server = stubFetch({
    "GET /api/auth/get-session": () => json(sessionBody("stored-token", user)),
    "GET /api/models": () => json(models),
    "GET /api/conversations": () => json([]),
    "POST /api/track-event": () => new Response(null, { status: 204 }),
    ...routes,
  });
  renderApp("/dashboard/chat");
  return server;
}

const card = () => screen.findByRole("region", { name: "Connect a model" });

describe("Connect a model", () => {
  // The page's code loads once, before the tests, rather than inside the first one's wait.
  beforeAll(() => preloadPage("/dashboard/chat", () => import("./connect-model-card")), PRELOAD_TIMEOUT_MS);

  beforeEach(() => localStorage.clear());

  it("shows an admin with nothing connected the three fastest ways, and connects an OpenRouter key", async () => {
    const server = openChatAs(admin, keylessModelsBody, {
      "POST /api/admin/connections": () => json(savedConnection, { status: 201 }),
    });
    const region = await card();
    expect(within(region).getByRole("form", { name: "Paste an OpenRouter key" })).toBeTruthy();
    expect(within(region).getByRole("form", { name: "Point at Ollama" })).toBeTruthy();
    expect(
      within(region).getByRole("link", { name: "Choose a model to run here" }).getAttribute("href"),
    ).toBe("/dashboard/admin/local-models");

    await userEvent.type(within(region).getByLabelText("OpenRouter key"), "sk-or-v1-pasted-wxyz");
    await userEvent.click(
      within(within(region).getByRole("form", { name: "Paste an OpenRouter key" })).getByRole("button", {
        name: "Connect",
      }),
    );
    expect(await screen.findByText("Connected: OpenRouter")).toBeTruthy();
    expect(server.callsTo("POST /api/admin/connections").map((c) => c.body)).toEqual([
      { kind: "openrouter", name: "OpenRouter", apiKey: "sk-or-v1-pasted-wxyz" },
    ]);
    expect(screen.queryByRole("region", { name: "Connect a model" })).toBeNull();
  });

  it("says why a server could not be connected, in the card", async () => {
    openChatAs(admin, keylessModelsBody, {
      "POST /api/admin/connections": () =>
        json(
          {
            error: {
              code: "CONNECTION_FAILED",
              message: "Not saved: the test call failed. The address could not be reached (no such host).",
              requestId: "r1",
            },
          },
          { status: 400 },
        ),
    });
    const region = await card();
    const ollama = within(region).getByRole("form", { name: "Point at Ollama" });
    await userEvent.type(within(ollama).getByLabelText("Server address"), "http://ollama.invalid:11434/v1");
    await userEvent.click(within(ollama).getByRole("button", { name: "Connect" }));
    expect((await within(ollama).findByRole("alert")).textContent).toContain("no such host");
  });

  it("stays away once dismissed", async () => {
    openChatAs(admin, keylessModelsBody);
    await userEvent.click(within(await card()).getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("region", { name: "Connect a model" })).toBeNull();
    expect(localStorage.getItem(`tessera.connect-model.dismissed:${admin.id}`)).toBe("1");
  });

  it("is not shown once a model is connected, nor to anyone but an admin", async () => {
    openChatAs(admin, connected);
    await screen.findByRole("textbox", { name: "Message" });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole("region", { name: "Connect a model" })).toBeNull();
  });

  it("is not shown to a member", async () => {
    const server = openChatAs(testUser, keylessModelsBody);
    await screen.findByRole("textbox", { name: "Message" });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole("region", { name: "Connect a model" })).toBeNull();
    expect(server.callsTo("POST /api/admin/connections")).toHaveLength(0);
  });
});
