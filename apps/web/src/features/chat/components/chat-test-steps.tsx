// Shared steps of the chat page tests: a signed-in visit with the server's real-shaped answers.
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { json, stubFetch } from "@/testing/fetch-stub";
import { keylessModelsBody } from "@/testing/models-body";
import { renderApp } from "@/testing/render-app";
import { sessionBody, storeSession } from "@/testing/session";

/** GET /api/models as a server without provider keys answers it. */
export const modelsBody = keylessModelsBody;

export const conversation = (id: string, title: string, minutesAgo = 5) => {
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  return { id, title, model: "guide", created_at: at, updated_at: at, message_count: 2 };
};

/** The answer's id, as the start event gives it (and the complete event repeats it). */
export const ANSWER_ID = "a0a0a0a0-0000-4000-8000-000000000001";

export const answerEvents = (conversationId = "c0ffee00-0000-4000-8000-000000000001") => [
  { type: "start", conversationId, model: "guide", messageId: ANSWER_ID },
  { type: "chunk", content: "For code, pick **Qwen 3 Coder** [1]." },
  { type: "chunk", content: " It is an open-weight specialist." },
  {
    type: "complete",
    outputTokens: 240,
    sources: [
      { title: "Qwen 3 Coder (Industry Leaders)", url: "/dashboard/chat?model=qwen-3" },
      { title: "OpenRouter models", url: "https://openrouter.ai/models", domain: "openrouter.ai" },
    ],
    messageId: ANSWER_ID,
  },
];

/** Opens /dashboard/chat (or `path`) signed in; waits for the message box. */
export async function openChat(path = "/dashboard/chat", routes: Parameters<typeof stubFetch>[0] = {}) {
  storeSession();
  const server = stubFetch({
    "GET /api/auth/get-session": () => json(sessionBody()),
    "GET /api/models": () => json(modelsBody),
    "GET /api/conversations": () => json([]),
    ...routes,
  });
  const user = userEvent.setup();
  const view = renderApp(path);
  await screen.findByRole("textbox", { name: "Message" }, { timeout: 12_000 });
  return { user, server, ...view };
}

export const messageBox = () => screen.getByRole("textbox", { name: "Message" });
