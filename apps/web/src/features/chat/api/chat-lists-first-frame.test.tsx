// The chat's lists read ahead (chat-read-ahead.ts) that have arrived by the time the chat renders are
// in its first frame: the queries start with them, with no render while they load and no second read.
// Not yet arrived, or not the shape the chat expects, the queries take them as they come, or read again.
import { QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { conversation, modelsBody } from "@/features/chat/components/chat-test-steps";
import { createQueryClient } from "@/lib/query-client";
import { readAhead } from "@/lib/read-ahead";
import { json, pending, stubFetch } from "@/testing/fetch-stub";
import { storeSession } from "@/testing/session";
import { CONVERSATIONS_PATH, MODELS_PATH } from "./chat-read-ahead";
import { useConversations } from "./get-conversations";
import { useModels } from "./get-models";

const ID = "c0ffee00-0000-4000-8000-0000000000c7";
const LIST = [conversation(ID, "Glass and gold leaf")];

/** Renders `hook` in a fresh query client; `renders` holds what each render of it returned. */
function renderEach<T>(hook: () => T) {
  const client = createQueryClient();
  const renders: T[] = [];
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const view = renderHook(
    () => {
      const value = hook();
      renders.push(value);
      return value;
    },
    { wrapper },
  );
  return { renders, view };
}

describe("the chat's lists read ahead", () => {
  it("arrived before the chat renders: the models and the recent conversations are in its first render, read once", async () => {
    storeSession();
    const server = stubFetch({
      "GET /api/models": () => json(modelsBody),
      "GET /api/conversations": () => json(LIST),
    });
    await Promise.all([readAhead(MODELS_PATH), readAhead(CONVERSATIONS_PATH)]);

    const models = renderEach(() => useModels());
    const list = renderEach(() => useConversations());
    expect(models.renders[0]!.data).toEqual(modelsBody);
    expect(list.renders[0]!.data).toEqual(LIST);
    expect(list.renders[0]!.hasNextPage).toBe(false);
    // Nor read again once mounted: the answers stand for the queries' own first reads.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.callsTo("GET /api/models")).toHaveLength(1);
    expect(server.callsTo("GET /api/conversations")).toHaveLength(1);
  });

  it("still on its way: the chat renders without it, then takes it when it comes, with no second read", async () => {
    storeSession();
    let answer!: (response: Response) => void;
    const server = stubFetch({
      "GET /api/models": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    void readAhead(MODELS_PATH);
    const models = renderEach(() => useModels());
    expect(models.renders[0]!.data).toBeUndefined();
    answer(json(modelsBody));
    await waitFor(() => expect(models.view.result.current.data).toEqual(modelsBody));
    expect(server.callsTo("GET /api/models")).toHaveLength(1);
  });

  it("arrived, but not the shape the chat expects: not shown, and read again", async () => {
    storeSession();
    let reads = 0;
    const server = stubFetch({
      "GET /api/conversations": () => json(++reads === 1 ? [{ id: ID, title: 42 }] : LIST),
    });
    await readAhead(CONVERSATIONS_PATH);
    const list = renderEach(() => useConversations());
    expect(list.renders[0]!.data).toBeUndefined();
    await waitFor(() => expect(list.view.result.current.data).toEqual(LIST));
    expect(server.callsTo("GET /api/conversations")).toHaveLength(2);
  });

  it("arrived for another session: not shown, and read again for this one", async () => {
    storeSession({ token: "first-person" });
    const server = stubFetch({
      "GET /api/models": () => json(modelsBody),
      "GET /api/conversations": pending,
    });
    await readAhead(MODELS_PATH);
    storeSession({ token: "second-person" }); // signed out, and someone else signed in
    const models = renderEach(() => useModels());
    expect(models.renders[0]!.data).toBeUndefined();
    await waitFor(() => expect(models.view.result.current.data).toEqual(modelsBody));
    expect(server.callsTo("GET /api/models").map((r) => r.headers.authorization)).toEqual([
      "Bearer first-person",
      "Bearer second-person",
    ]);
  });
});
