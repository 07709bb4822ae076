import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, json, sse } from "@/testing/fetch-stub";
import { ANSWER_ID, answerEvents, messageBox, openChat } from "./chat-test-steps";

const INSTANT = "/dashboard/chat?feature_typewriterEffects=false";
const fileInput = () => screen.getByTestId<HTMLInputElement>("chat-file-input");

function png(name: string, bytes = 64): File {
  return new File([new Uint8Array(bytes)], name, { type: "image/png" });
}

describe("chat attachments", () => {
  it("rejects a picture over 10 MB", async () => {
    const { user } = await openChat(INSTANT);
    const big = png("holiday.png");
    Object.defineProperty(big, "size", { value: 10 * 1024 * 1024 + 1 });
    await user.upload(fileInput(), big);
    expect(await screen.findByText("Image too large")).toBeTruthy();
    expect(screen.getByText("holiday.png is larger than 10MB. Please use a smaller image.")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Attachments" })).toBeNull();
  });

  it("uploads pictures on send, reads text files (first 2,000 characters) and sends both", async () => {
    const { user, server } = await openChat(INSTANT, {
      "POST /api/chat-images": () =>
        json(
          { id: "img-1", url: "/files/chat-images/img-1.png", contentType: "image/png", bytes: 64 },
          { status: 201 },
        ),
      "POST /api/chat-stream": () => sse(answerEvents()),
    });
    const notes = new File(["x".repeat(2500)], "notes.md", { type: "" });
    await user.upload(fileInput(), [png("cat.png"), notes]);
    const chips = await screen.findByRole("list", { name: "Attachments" });
    expect(within(chips).getByText("cat.png")).toBeTruthy();
    expect(await within(chips).findByText("Text · first 2,000 characters")).toBeTruthy();

    await user.type(messageBox(), "What is in these?{Enter}");
    const log = await screen.findByRole("log", { name: "Messages" });
    await screen.findByText("1.2k tokens");
    expect(within(log).getByRole("img", { name: "cat.png" }).getAttribute("src")).toBe(
      "/files/chat-images/img-1.png",
    );
    const sent = server.callsTo("POST /api/chat-stream")[0]?.body as { message: string; images: unknown };
    expect(sent.images).toEqual([{ id: "img-1" }]);
    expect(sent.message).toBe(`What is in these?\n\n[Attached: notes.md]\n${"x".repeat(2000)}`);
    expect((server.callsTo("POST /api/chat-images")[0]?.form?.get("file") as File).name).toBe("cat.png");
    expect(screen.queryByRole("list", { name: "Attachments" })).toBeNull();
  });

  it("shows an attached file cited as a source by its name, with no link to follow", async () => {
    const conversationId = "c0ffee00-0000-4000-8000-00000000000a";
    const { user } = await openChat(INSTANT, {
      "POST /api/chat-stream": () =>
        sse([
          { type: "start", conversationId, model: "guide", messageId: ANSWER_ID },
          { type: "chunk", content: "From notes.txt: The wind is logged at dawn. [1]" },
          {
            type: "complete",
            outputTokens: 12,
            sources: [{ title: "notes.txt", url: "attached:notes.txt" }],
            messageId: ANSWER_ID,
          },
        ]),
    });
    await user.upload(
      fileInput(),
      new File(["The wind is logged at dawn."], "notes.txt", { type: "text/plain" }),
    );
    await within(await screen.findByRole("list", { name: "Attachments" })).findByText(/Text/);
    await user.type(messageBox(), "When is the wind logged?{Enter}");
    const sources = await screen.findByRole("region", { name: "Sources" });
    expect(within(sources).getByText("notes.txt")).toBeTruthy();
    expect(within(sources).getByText("Attached file")).toBeTruthy();
    expect(within(sources).queryByRole("link")).toBeNull();
  });

  it("reads a PDF through the server's extractor", async () => {
    const { user, server } = await openChat(INSTANT, {
      "POST /api/attachments/extract": () =>
        json({ kind: "pdf", text: "Quarterly report text", truncated: false }),
      "POST /api/chat-stream": () => sse(answerEvents()),
    });
    await user.upload(fileInput(), new File(["%PDF-1.4"], "report.pdf", { type: "application/pdf" }));
    const chips = await screen.findByRole("list", { name: "Attachments" });
    await within(chips).findByText("Text");
    await user.type(messageBox(), "Summarize it{Enter}");
    await screen.findByText("1.2k tokens");
    expect((server.callsTo("POST /api/chat-stream")[0]?.body as { message: string }).message).toBe(
      "Summarize it\n\n[Attached: report.pdf]\nQuarterly report text",
    );
  });

  it("reads a Word document and an HTML page through the server's extractor, not as raw text", async () => {
    const { user, server } = await openChat(INSTANT, {
      "POST /api/attachments/extract": () =>
        json({ kind: "text", text: "Read by the server", truncated: false }),
      "POST /api/chat-stream": () => sse(answerEvents()),
    });
    const docx = new File(["PK\u0003\u0004"], "minutes.docx", {
      type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    });
    const page = new File(["<html><body><p>Hi</p></body></html>"], "page.html", { type: "text/html" });
    await user.upload(fileInput(), [docx, page]);
    const chips = await screen.findByRole("list", { name: "Attachments" });
    await waitFor(() => expect(within(chips).getAllByText("Text")).toHaveLength(2));
    expect(server.callsTo("POST /api/attachments/extract")).toHaveLength(2);
    await user.type(messageBox(), "Compare them{Enter}");
    await screen.findByText("1.2k tokens");
    expect((server.callsTo("POST /api/chat-stream")[0]?.body as { message: string }).message).toBe(
      "Compare them\n\n[Attached: minutes.docx]\nRead by the server\n\n[Attached: page.html]\nRead by the server",
    );
  });

  it("says 'Upload failed' when a file cannot be read", async () => {
    const { user } = await openChat(INSTANT, {
      "POST /api/attachments/extract": () =>
        apiError(415, "UNSUPPORTED_MEDIA_TYPE", "This PDF could not be read."),
    });
    await user.upload(fileInput(), new File(["nope"], "broken.pdf", { type: "application/pdf" }));
    expect(await screen.findByText("Upload failed")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("list", { name: "Attachments" })).toBeNull());
  });

  it("continues with text only when the pictures cannot be uploaded", async () => {
    const { user, server } = await openChat(INSTANT, {
      "POST /api/chat-images": () => apiError(500, "INTERNAL", "storage down"),
      "POST /api/chat-stream": () => sse(answerEvents()),
    });
    await user.upload(fileInput(), png("cat.png"));
    await user.type(messageBox(), "Look at this{Enter}");
    expect(await screen.findByText("Image upload failed")).toBeTruthy();
    expect(screen.getByText("Could not upload images. Continuing with text only.")).toBeTruthy();
    await screen.findByText("1.2k tokens");
    expect((server.callsTo("POST /api/chat-stream")[0]?.body as { images: unknown }).images).toEqual([]);
  });

  it("removes an attachment with its button", async () => {
    const { user } = await openChat(INSTANT);
    await user.upload(fileInput(), png("cat.png"));
    await user.click(await screen.findByRole("button", { name: "Remove cat.png" }));
    expect(screen.queryByRole("list", { name: "Attachments" })).toBeNull();
  });
});
