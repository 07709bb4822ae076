import type { Assistant } from "@tessera/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, json, sse } from "@/testing/fetch-stub";
import { answerEvents, messageBox, openChat } from "./chat-test-steps";

const PIRATE_ID = "a5515700-0000-4000-8000-000000000001";
const CONVERSATION_ID = "c0ffee00-0000-4000-8000-000000000001";

const pirate: Assistant = {
  id: PIRATE_ID,
  name: "Pirate",
  description: "Talks like a pirate.",
  avatar: "🏴‍☠️",
  systemPrompt: "Talk like a pirate.",
  knowledgeBase: { documents: [], websites: [], instructions: "" },
  settings: {
    model: "tessera-local",
    temperature: 0.4,
    maxTokens: 800,
    personality: "creative",
    responseStyle: "concise",
    language: "en",
  },
  isPublic: false,
  userId: "u1",
  sharedWith: [],
  createdAt: "2025-01-02T10:00:00.000Z",
  updatedAt: "2025-01-02T10:00:00.000Z",
  isSystem: false,
  isOwned: true,
  isShared: false,
  isTeam: false,
  isFavorite: false,
  sharedBy: null,
};

// The new interface shows text as it arrives, so these tests need not wait for the typewriter.
const AT = `/dashboard/chat?assistant=${PIRATE_ID}&feature_typewriterEffects=false`;

describe("chat with an assistant", () => {
  it("answers as the assistant: its model is chosen and every turn sends its id", async () => {
    const { user, server, router } = await openChat(AT, {
      [`GET /api/assistants/${PIRATE_ID}`]: () => json(pirate),
      "POST /api/chat-stream": () => sse(answerEvents(CONVERSATION_ID)),
    });
    const chip = await screen.findByTestId("chat-assistant");
    expect(chip.textContent).toBe("🏴‍☠️Chatting with Pirate");
    expect(screen.queryByRole("heading", { name: "Just Ask Tessa" })).toBeNull();
    expect(await screen.findByRole("heading", { name: "Chat with Pirate" })).toBeTruthy();
    expect(screen.getByText("Talks like a pirate.")).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: /^Choose model/ }).textContent).toContain("Tessera Local"),
    );

    await user.type(messageBox(), "Ahoy there{Enter}");
    await screen.findByText("1.2k tokens");
    expect(server.callsTo("POST /api/chat-stream")[0]?.body).toMatchObject({
      message: "Ahoy there",
      model: "tessera-local",
      assistantId: PIRATE_ID,
    });
    // The conversation joins the address and the assistant stays.
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?conversation=${CONVERSATION_ID}&assistant=${PIRATE_ID}`),
    );
    await user.type(messageBox(), "And again{Enter}");
    await waitFor(() => expect(screen.getAllByText("1.2k tokens")).toHaveLength(2));
    expect(server.callsTo("POST /api/chat-stream")[1]?.body).toMatchObject({
      conversationId: CONVERSATION_ID,
      assistantId: PIRATE_ID,
    });
  });

  it("× leaves the assistant: the address drops it and the next turn goes without it", async () => {
    const { user, server, router } = await openChat(AT, {
      [`GET /api/assistants/${PIRATE_ID}`]: () => json(pirate),
      "POST /api/chat-stream": () => sse(answerEvents(CONVERSATION_ID)),
    });
    await user.click(await screen.findByRole("button", { name: "Stop chatting with Pirate" }));
    await waitFor(() => expect(screen.queryByTestId("chat-assistant")).toBeNull());
    expect(router.state.location.search).toBe("?feature_typewriterEffects=false");
    await user.type(messageBox(), "Hello{Enter}");
    await screen.findByText("1.2k tokens");
    expect(server.callsTo("POST /api/chat-stream")[0]?.body).not.toHaveProperty("assistantId");
  });

  it("an assistant that is gone is dropped with a toast", async () => {
    const { router } = await openChat(`/dashboard/chat?assistant=${PIRATE_ID}`, {
      [`GET /api/assistants/${PIRATE_ID}`]: () => apiError(404, "NOT_FOUND", "Assistant not found."),
    });
    expect(await screen.findByText("Assistant not found")).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(screen.queryByTestId("chat-assistant")).toBeNull();
    expect(await screen.findByRole("heading", { name: "Just Ask Tessa" })).toBeTruthy();
  });

  it("shows the assistant in the toolbar of a stored conversation too", async () => {
    await openChat(`/dashboard/chat?conversation=${CONVERSATION_ID}&assistant=${PIRATE_ID}`, {
      [`GET /api/assistants/${PIRATE_ID}`]: () => json(pirate),
      [`GET /api/conversations/${CONVERSATION_ID}/messages`]: () => json([]),
    });
    const chip = await screen.findByTestId("chat-assistant");
    expect(within(chip).getByRole("button", { name: "Stop chatting with Pirate" })).toBeTruthy();
  });
});
