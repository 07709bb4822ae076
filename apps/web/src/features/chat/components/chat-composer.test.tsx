// Stop and Send share one place in the composer. An answer that ends just as its Stop is clicked
// turns Stop into Send under the pointer; that click must not send the next message already typed.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SEND_AFTER_STOP_GRACE_MS } from "@/lib/use-stop-grace";
import { ChatComposer } from "./chat-composer";

const queries = new QueryClient();

function composer(busy: boolean, onSend: () => void, onStop: () => void, text = "And the next chapter?") {
  return (
    <QueryClientProvider client={queries}>
      <ChatComposer
        text={text}
        onTextChange={() => {}}
        attachments={[]}
        onAddFiles={() => {}}
        onRemoveAttachment={() => {}}
        busy={busy}
        reading={false}
        onSend={onSend}
        onStop={onStop}
        modelName="Tessera Local"
        onOpenPicker={() => {}}
        pickerSpinning={false}
        unavailableReason={null}
      />
    </QueryClientProvider>
  );
}

afterEach(() => vi.restoreAllMocks());

describe("the composer's Stop and Send", () => {
  it("a click on Send just after Stop gave way is not a send; one after the grace is", async () => {
    let now = 1_000;
    vi.spyOn(performance, "now").mockImplementation(() => now);
    const onSend = vi.fn();
    const onStop = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(composer(true, onSend, onStop));
    const stop = screen.getByRole("button", { name: "Stop" });
    await user.click(stop);
    expect(onStop).toHaveBeenCalledTimes(1);

    // The answer ends: Stop leaves, and Send is a new button in its place.
    rerender(composer(false, onSend, onStop));
    const send = screen.getByRole("button", { name: "Send" });
    expect(send).not.toBe(stop);
    expect(stop.isConnected).toBe(false);
    expect(send).toHaveProperty("disabled", false);

    now += SEND_AFTER_STOP_GRACE_MS - 50;
    await user.click(send);
    expect(onSend).not.toHaveBeenCalled();

    // Enter in the message box is a deliberate send, grace or not.
    await user.type(screen.getByRole("textbox", { name: "Message" }), "{Enter}");
    expect(onSend).toHaveBeenCalledTimes(1);

    now += 100;
    await user.click(send);
    expect(onSend).toHaveBeenCalledTimes(2);
  });

  it("a click after the draft was changed is deliberate, however soon", async () => {
    const now = 1_000;
    vi.spyOn(performance, "now").mockImplementation(() => now);
    const onSend = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(composer(true, onSend, () => {}));
    rerender(composer(false, onSend, () => {}));
    rerender(composer(false, onSend, () => {}, "And the next chapter, please?"));
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it("without a Stop before it, Send sends at once", async () => {
    const onSend = vi.fn();
    const user = userEvent.setup();
    render(composer(false, onSend, () => {}));
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(onSend).toHaveBeenCalledTimes(1);
  });
});
