import { type GeneratedImage, JOB_FAILURE_MESSAGES } from "@tessera/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { apiError, json, profileIn, stubFetch } from "@/testing/fetch-stub";
import { changeLanguage } from "@/lib/i18n";
import { renderApp } from "@/testing/render-app";
import { sessionBody, storeSession } from "@/testing/session";

const image = (id: string, extra: Partial<GeneratedImage> = {}): GeneratedImage => ({
  id,
  user_id: "u1",
  prompt: `prompt ${id}`,
  model: "tessera-sketch",
  aspect_ratio: "16:9",
  image_url: `/files/generated-images/${id}.png`,
  content_type: "image/png",
  status: "completed",
  error: null,
  generation_time: 1.4,
  width: 1024,
  height: 576,
  created_at: "2026-01-03T10:00:00.000Z",
  ...extra,
});

async function openHistory(routes: Parameters<typeof stubFetch>[0], heading = "Image History") {
  storeSession();
  const server = stubFetch({
    "GET /api/auth/get-session": () => json(sessionBody()),
    "GET /api/image-models": () =>
      json({
        defaultModel: "tessera-sketch",
        models: [
          {
            id: "tessera-sketch",
            name: "Tessera Sketch (procedural, offline)",
            description: "An abstract composition.",
            available: true,
            unavailableReason: null,
            typicalSeconds: { min: 1, max: 1 },
          },
        ],
      }),
    ...routes,
  });
  const user = userEvent.setup();
  renderApp("/dashboard/image-history");
  await screen.findByRole("heading", { level: 1, name: heading });
  return { user, server };
}

describe("Image history", () => {
  it("says there are no images yet and leads to the creator", async () => {
    const { server } = await openHistory({ "GET /api/images": () => json([]) });
    expect(await screen.findByText("No images yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Create Your First Image" }).getAttribute("href")).toBe(
      "/dashboard/images",
    );
    expect(server.callsTo("GET /api/images")).toHaveLength(1);
    expect(document.title).toBe("Image History | Tessera");
  });

  it("shows each image with its status, 'Generating...' for one without a picture yet", async () => {
    await openHistory({
      "GET /api/images": () =>
        json([
          image("a"),
          image("b", { status: "generating", image_url: null, width: null, height: null }),
          image("c", { status: "failed", image_url: null, error: "The image server answered 500." }),
        ]),
    });
    const list = await screen.findByRole("list", { name: "Images" });
    const [done, running, failed] = within(list).getAllByRole("listitem");
    expect(within(done!).getByText("Completed").className).toContain("bg-secondary");
    expect(within(running!).getByText("Generating...")).toBeTruthy();
    expect(within(running!).getByText("Generating").className).not.toContain("bg-secondary");
    expect(within(failed!).getByText("Failed").className).toContain("text-destructive");
    expect(within(failed!).getByText("The image server answered 500.")).toBeTruthy();
  });

  it("words the server's own failure reasons in the reader's language, a provider's as it said", async () => {
    await changeLanguage("de");
    try {
      await openHistory(
        {
          "GET /api/profile": () => profileIn("de"),
          "GET /api/images": () =>
            json([
              image("a", { status: "failed", image_url: null, error: JOB_FAILURE_MESSAGES.imageFailed }),
              image("b", {
                status: "failed",
                image_url: null,
                error: "The image provider did not finish within 120 seconds.",
              }),
              image("c", { status: "failed", image_url: null, error: "The image server answered 500." }),
            ]),
        },
        "Bildverlauf",
      );
      const list = await screen.findByRole("list", { name: "Bilder" });
      const [generic, late, provider] = within(list).getAllByRole("listitem");
      expect(
        within(generic!).getByText(
          "Beim Erstellen des Bildes ist etwas schiefgegangen. Versuchen Sie es erneut.",
        ),
      ).toBeTruthy();
      expect(
        within(late!).getByText("Der Bildanbieter ist nicht innerhalb von 120 Sekunden fertig geworden."),
      ).toBeTruthy();
      expect(within(provider!).getByText("The image server answered 500.")).toBeTruthy();
    } finally {
      await changeLanguage("en");
    }
  });

  it("opens the details, copies the prompt, and deletes after confirming", async () => {
    const images = [image("a", { prompt: "A lighthouse at dusk" }), image("b")];
    const { user, server } = await openHistory({
      "GET /api/images": () => json(images),
      "DELETE /api/images/a": () => {
        images.shift();
        return new Response(null, { status: 204 });
      },
    });
    await user.click(await screen.findByRole("button", { name: "Details of A lighthouse at dusk" }));
    const dialog = await screen.findByRole("dialog", { name: "Image details" });
    expect(within(dialog).getByText("Tessera Sketch (procedural, offline)")).toBeTruthy();
    expect(within(dialog).getByText("16:9 (1024×576)")).toBeTruthy();
    expect(within(dialog).getByText("1.4 s")).toBeTruthy();

    await user.click(within(dialog).getByRole("button", { name: "Copy prompt" }));
    expect(await screen.findByText("Copied")).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe("A lighthouse at dusk");
    expect(screen.getByText("Prompt copied to clipboard")).toBeTruthy();

    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete this image?" });
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Image deleted successfully")).toBeTruthy();
    expect(screen.getByText("Success")).toBeTruthy();
    expect(server.callsTo("DELETE /api/images/a")).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole("listitem", { name: "A lighthouse at dusk" })).toBeNull());
    expect(screen.getByRole("listitem", { name: "prompt b" })).toBeTruthy();
  });

  it("keeps the image and says so when deleting fails", async () => {
    const { user } = await openHistory({
      "GET /api/images": () => json([image("a")]),
      "DELETE /api/images/a": () => apiError(500, "INTERNAL", "Something went wrong on our side. Try again."),
    });
    await user.click(await screen.findByRole("button", { name: "Delete prompt a" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Failed to delete image")).toBeTruthy();
    expect(screen.getByRole("listitem", { name: "prompt a" })).toBeTruthy();
  });

  it("downloads an image under its tessera-image name", async () => {
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const { user, server } = await openHistory({
      "GET /api/images": () => json([image("3f2a9c1e-77b0-4c1d")]),
      "GET /files/generated-images/3f2a9c1e-77b0-4c1d.png": () =>
        new Response(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: "image/png" })),
    });
    await user.click(await screen.findByRole("button", { name: "Download prompt 3f2a9c1e-77b0-4c1d" }));
    expect(await screen.findByText("Image downloaded successfully")).toBeTruthy();
    expect(saved).toEqual(["tessera-image-3f2a9c1e-77b.png"]);
    const [call] = server.callsTo("GET /files/generated-images/3f2a9c1e-77b0-4c1d.png");
    expect(call?.credentials).toBe("omit");
    click.mockRestore();
  });
});
