import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { AuthProvider } from "@/lib/auth-provider";
import { stubFetch } from "@/testing/fetch-stub";
import type { ChatMessage } from "../utils/chat-message";
import { MessageList } from "./message-list";

const message: ChatMessage = {
  id: "m1",
  role: "user",
  content: "What can you do?",
  timestamp: new Date().toISOString(),
  tokens: null,
  model: null,
  images: [],
  sources: [],
};

/** The list with one message, as the chat page has it (the log's code loads on demand). */
function renderConversation() {
  stubFetch();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <MessageList messages={[message]} live={null} layout="new" loading={false} empty={null} />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

describe("message list", () => {
  it("shows the loading spinner while a conversation is fetched", () => {
    render(<MessageList messages={[]} live={null} layout="new" loading empty={<p>Nothing yet</p>} />);
    expect(screen.getByRole("status", { name: "Loading conversation" })).toBeTruthy();
    expect(screen.queryByText("Nothing yet")).toBeNull();
  });

  it("keeps the spinner, not a blank pane, until the log's code has arrived, then shows the messages", async () => {
    renderConversation();
    // The log loads on demand (lazy): the first frame is the spinner.
    expect(screen.getByRole("status", { name: "Loading conversation" })).toBeTruthy();
    expect(await screen.findByText("What can you do?")).toBeTruthy();
    expect(screen.queryByRole("status", { name: "Loading conversation" })).toBeNull();
  });

  it("shows what it is given when there is nothing yet", () => {
    render(<MessageList messages={[]} live={null} layout="new" loading={false} empty={<p>Nothing yet</p>} />);
    expect(screen.getByText("Nothing yet")).toBeTruthy();
  });

  it("offers the way back to the latest message once the person has scrolled away from it", async () => {
    renderConversation();
    const log = await screen.findByRole("log", { name: "Messages" });
    // jsdom lays nothing out: the scroller's heights by hand.
    const scroller = log.parentElement!;
    Object.defineProperty(scroller, "scrollHeight", { configurable: true, value: 3_000 });
    Object.defineProperty(scroller, "clientHeight", { configurable: true, value: 600 });
    const back = () => screen.queryByRole("button", { name: "Go to the latest message" });
    scroller.scrollTop = 2_400;
    fireEvent.scroll(scroller);
    expect(back()).toBeNull();

    fireEvent.wheel(scroller, { deltaY: -500 });
    scroller.scrollTop = 1_900;
    fireEvent.scroll(scroller);
    fireEvent.click(back()!);
    expect(scroller.scrollTop).toBe(3_000);
    expect(back()).toBeNull();
  });
});
