import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError, json, stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";
import { sessionBody, storeSession, testUser } from "@/testing/session";

const preview = {
  format: "chatgpt",
  conversations: 2,
  messages: 6,
  models: ["gpt-4o", "gpt-4o-mini"],
  from: "2024-06-01T00:00:10.000Z",
  to: "2024-06-03T06:13:20.000Z",
  skipped: [{ reason: "System, tool and hidden messages", count: 4 }],
};

/** The card, as a person reads it; `de` is a person who chose German on their account. */
async function openCard(routes: Parameters<typeof stubFetch>[0], language: "en" | "de" = "en") {
  storeSession({ user: testUser });
  const server = stubFetch({
    "GET /api/auth/get-session": () => json(sessionBody("stored-token", testUser)),
    "GET /api/profile": () =>
      json({
        id: "p1",
        userId: "u1",
        email: testUser.email,
        fullName: "Ada",
        avatarUrl: null,
        avatarSrc: null,
        role: "user",
        twoFactorEnabled: false,
        ...(language === "de" ? { language } : {}),
      }),
    ...routes,
  });
  const user = userEvent.setup();
  renderApp("/dashboard/account");
  const title = language === "de" ? "Unterhaltungen importieren" : "Import conversations";
  const card = (await screen.findByText(title)).closest("[data-slot=card]") as HTMLElement;
  return { user, server, card };
}

const chosen = () => new File(['[{"mapping":{}}]'], "conversations.json", { type: "application/json" });

describe("import conversations card", () => {
  it("previews the chosen file, then imports it and links to the chats", async () => {
    const { user, server, card } = await openCard({
      "POST /api/conversations/import": (req) =>
        req.query.get("preview") === "1"
          ? json(preview)
          : json({ format: "chatgpt", imported: 2, messages: 6, skipped: preview.skipped }),
    });
    await user.upload(card.querySelector("input[type=file]") as HTMLInputElement, chosen());
    const summary = await within(card).findByLabelText("What the file holds");
    expect(summary.textContent).toContain("ChatGPT data export");
    expect(summary.textContent).toContain("2 conversations with 6 messages");
    expect(summary.textContent).toContain("Models: gpt-4o, gpt-4o-mini");
    expect(summary.textContent).toContain("System, tool and hidden messages: 4");
    // The preview wrote nothing: only the preview was asked for.
    expect(server.callsTo("POST /api/conversations/import")).toHaveLength(1);
    expect(server.callsTo("POST /api/conversations/import")[0]!.form?.get("file")).toBeInstanceOf(File);

    await user.click(within(card).getByRole("button", { name: "Import 2 conversations" }));
    expect(await within(card).findByText("Imported 2 conversations")).toBeTruthy();
    expect(within(card).getByRole("link", { name: "Open your chats" }).getAttribute("href")).toBe(
      "/dashboard/chat",
    );
    expect(server.callsTo("POST /api/conversations/import")[1]!.query.get("preview")).toBeNull();
  });

  it("follows a large import's progress until it is done", async () => {
    let polls = 0;
    const { user, card } = await openCard({
      "POST /api/conversations/import": (req) =>
        req.query.get("preview") === "1" ? json(preview) : json({ jobId: "job-1" }, { status: 202 }),
      "GET /api/conversations/import/job-1": () => {
        polls++;
        const done = polls > 1;
        return json({
          id: "job-1",
          status: done ? "done" : "importing",
          progress: done ? 100 : 60,
          imported: done ? 2 : 1,
          result: done ? { format: "chatgpt", imported: 2, messages: 6, skipped: [] } : null,
          error: null,
          created_at: "2026-01-01T00:00:00.000Z",
          updated_at: "2026-01-01T00:00:00.000Z",
        });
      },
    });
    await user.upload(card.querySelector("input[type=file]") as HTMLInputElement, chosen());
    await user.click(await within(card).findByRole("button", { name: "Import 2 conversations" }));
    const progress = await within(card).findByRole("progressbar", { name: "Import progress" });
    expect(progress.getAttribute("value")).toBe("60");
    expect(await within(card).findByText("Imported 2 conversations", {}, { timeout: 3000 })).toBeTruthy();
  });

  it("words what was left out in the reader's language by its code, counted with plurals", async () => {
    const skipped = [
      { code: "hidden", reason: "System, tool and hidden messages", count: 4 },
      { code: "empty", reason: "Messages with no text", count: 1 },
      { code: "attachments", reason: "Images and files inside messages (their text is kept)", count: 2 },
    ];
    const reasons = async (language?: "de") => {
      const { user, card } = await openCard(
        { "POST /api/conversations/import": () => json({ ...preview, skipped }) },
        language,
      );
      await user.upload(card.querySelector("input[type=file]") as HTMLInputElement, chosen());
      const summary = await within(card).findByRole("list");
      return within(summary)
        .getAllByRole("listitem")
        .map((li) => li.textContent);
    };
    expect(await reasons()).toEqual([
      "4 system, tool and hidden messages",
      "1 message with no text",
      "2 images and files inside messages (their text is kept)",
    ]);
    cleanup();
    expect(await reasons("de")).toEqual([
      "4 System-, Tool- und verborgene Nachrichten",
      "1 Nachricht ohne Text",
      "2 Bilder und Dateien in Nachrichten (ihr Text wird übernommen)",
    ]);
  });

  it("says plainly why a file cannot be imported", async () => {
    const { user, card } = await openCard({
      "POST /api/conversations/import": () =>
        apiError(400, "BAD_REQUEST", "This file is not an export Tessera can import."),
    });
    await user.upload(card.querySelector("input[type=file]") as HTMLInputElement, chosen());
    expect((await within(card).findByRole("alert")).textContent).toContain(
      "not an export Tessera can import",
    );
    expect(within(card).queryByRole("button", { name: /^Import / })).toBeNull();
  });
});
