import type { GeneratedImage, ImageModelsResponse } from "@tessera/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError, json, stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";
import { sessionBody, storeSession } from "@/testing/session";

const MODELS: ImageModelsResponse = {
  defaultModel: "tessera-sketch",
  models: [
    {
      id: "imagen4",
      name: "Imagine 4",
      description: "Photorealistic images.",
      available: false,
      unavailableReason: "Not enabled on this server.",
      typicalSeconds: { min: 3, max: 6 },
    },
    {
      id: "tessera-sketch",
      name: "Tessera Sketch (procedural, offline)",
      description: "An abstract composition.",
      available: true,
      unavailableReason: null,
      typicalSeconds: { min: 1, max: 1 },
    },
  ],
};

const ID = "1a2b3c4d-0000-4000-8000-000000000001";
const row = (extra: Partial<GeneratedImage> = {}): GeneratedImage => ({
  id: ID,
  user_id: "u1",
  prompt: "A lighthouse at dusk",
  model: "tessera-sketch",
  aspect_ratio: "16:9",
  image_url: null,
  content_type: null,
  status: "pending",
  error: null,
  generation_time: null,
  width: null,
  height: null,
  created_at: "2026-01-03T10:00:00.000Z",
  ...extra,
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

async function openCreator(routes: Parameters<typeof stubFetch>[0] = {}) {
  storeSession();
  const server = stubFetch({
    "GET /api/auth/get-session": () => json(sessionBody()),
    "GET /api/image-models": () => json(MODELS),
    "GET /api/images": () => json([]),
    ...routes,
  });
  const user = userEvent.setup();
  renderApp("/dashboard/images");
  await screen.findByRole("heading", { level: 1, name: "Image Creator" });
  return { user, server };
}

const progress = () => screen.getByRole("progressbar", { name: "Image generation progress" });

describe("Image Creator", () => {
  it("follows a job with the spec's progress, then shows the image with view and download", async () => {
    const accepted = deferred<Response>();
    let finished = false;
    const { user, server } = await openCreator({
      "POST /api/image-generation": () => accepted.promise,
      [`GET /api/images/${ID}`]: () =>
        json(
          finished
            ? row({
                status: "completed",
                image_url: "/files/generated-images/a.png",
                content_type: "image/png",
                generation_time: 1.2,
                width: 1024,
                height: 576,
              })
            : row({ status: "generating" }),
        ),
    });
    expect(document.title).toBe("Image Creator | Tessera");
    const model = await screen.findByRole("combobox", { name: "Model" });
    await waitFor(() => expect(model.textContent).toContain("Tessera Sketch"));
    expect(screen.getByRole("combobox", { name: "Aspect Ratio" }).textContent).toContain("16:9");
    expect(screen.getByRole("note").textContent).toContain("abstract composition");

    await user.type(screen.getByPlaceholderText("Describe your image"), "A lighthouse at dusk");
    await user.click(screen.getByRole("button", { name: "Generate Image" }));
    expect(await screen.findByText("Initializing image generation...")).toBeTruthy();
    expect(progress().getAttribute("aria-valuenow")).toBe("10");
    expect(server.callsTo("POST /api/image-generation")[0]?.body).toEqual({
      prompt: "A lighthouse at dusk",
      model: "tessera-sketch",
      aspect_ratio: "16:9",
    });

    accepted.resolve(json(row(), { status: 202 }));
    expect(await screen.findByText("Contacting provider...")).toBeTruthy();
    expect(progress().getAttribute("aria-valuenow")).toBe("30");
    // +7 every 500 ms while the job runs (a busy machine may show a later step first).
    const value = () => Number(progress().getAttribute("aria-valuenow"));
    await waitFor(() => expect(value()).toBeGreaterThan(30));
    expect((value() - 30) % 7).toBe(0);
    expect(value()).toBeLessThanOrEqual(90);

    // The job is followed by polling; it finishes after the first answer said it was still running.
    await waitFor(() => expect(server.callsTo(`GET /api/images/${ID}`).length).toBeGreaterThanOrEqual(1), {
      timeout: 3000,
    });
    finished = true;
    expect(await screen.findByText("Image generated successfully!", {}, { timeout: 3000 })).toBeTruthy();
    expect(progress().getAttribute("aria-valuenow")).toBe("100");
    // Reset to 0 after 600 ms: the card goes, the image stays.
    await waitFor(() => expect(screen.queryByRole("progressbar")).toBeNull());
    const result = screen.getByRole("region", { name: "Generated image" });
    expect(within(result).getByRole("img", { name: "A lighthouse at dusk" }).getAttribute("src")).toBe(
      "/files/generated-images/a.png",
    );
    const view = within(result).getByRole("link", { name: "View full size" });
    expect(view.getAttribute("target")).toBe("_blank");
    expect(within(result).getByRole("button", { name: "Download" })).toBeTruthy();
    expect(server.callsTo(`GET /api/images/${ID}`).length).toBeGreaterThanOrEqual(2);
  });

  it("asks for a prompt before sending anything", async () => {
    const { user, server } = await openCreator();
    await waitFor(() =>
      expect(screen.getByRole("combobox", { name: "Model" }).textContent).toContain("Tessera Sketch"),
    );
    await user.type(screen.getByPlaceholderText("Describe your image"), "   ");
    await user.click(screen.getByRole("button", { name: "Generate Image" }));
    expect(await screen.findByText("Enter a prompt")).toBeTruthy();
    expect(screen.getByText("Please describe the image you want to generate.")).toBeTruthy();
    expect(server.callsTo("POST /api/image-generation")).toHaveLength(0);
  });

  it("says 'Generation Failed' with the job's reason when it fails", async () => {
    const { user } = await openCreator({
      "POST /api/image-generation": () => json(row(), { status: 202 }),
      [`GET /api/images/${ID}`]: () =>
        json(row({ status: "failed", error: "The image server answered 500: The sampler crashed" })),
    });
    await waitFor(() =>
      expect(screen.getByRole("combobox", { name: "Model" }).textContent).toContain("Tessera Sketch"),
    );
    await user.type(screen.getByPlaceholderText("Describe your image"), "A lighthouse at dusk");
    await user.click(screen.getByRole("button", { name: "Generate Image" }));
    expect(await screen.findByText("Generation Failed", {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText("The image server answered 500: The sampler crashed")).toBeTruthy();
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.getByRole("button", { name: "Generate Image" })).toHaveProperty("disabled", false);
  });

  it("takes a handed-over prompt, normalises legacy names, ignores a bad ratio and starts at once", async () => {
    localStorage.setItem(
      "selectedImage",
      JSON.stringify({ prompt: "from history", model: "imagen4-fast", aspectRatio: "square" }),
    );
    sessionStorage.setItem("prefill_image_prompt", "A fox in the snow");
    sessionStorage.setItem("prefill_image_ar", "2:1");
    sessionStorage.setItem("prefill_image_auto", "1");
    const { server } = await openCreator({
      "POST /api/image-generation": () =>
        apiError(503, "UNAVAILABLE", "Imagine 4 is not enabled on this server."),
    });
    expect(await screen.findByText("Generation Failed")).toBeTruthy();
    expect(
      screen.getByText("Imagine 4 is not enabled on this server.", { selector: "[data-description]" }),
    ).toBeTruthy();
    expect(server.callsTo("POST /api/image-generation")[0]?.body).toEqual({
      prompt: "A fox in the snow",
      model: "imagen4",
      aspect_ratio: "1:1",
    });
    expect(screen.getByPlaceholderText<HTMLTextAreaElement>("Describe your image").value).toBe(
      "A fox in the snow",
    );
    // The chosen model stays chosen, and says why it cannot run here.
    expect(screen.getByRole("note").textContent).toBe(
      "Imagine 4 is not available here. Not enabled on this server.",
    );
    // Used once: a reload would not start again.
    expect(sessionStorage.getItem("prefill_image_auto")).toBeNull();
    expect(localStorage.getItem("selectedImage")).toBeNull();
  });

  it("shows this month's images, and the way to more when they are used up", async () => {
    await openCreator({
      "GET /api/subscription": () =>
        json({
          plan: "core",
          source: "none",
          validUntil: null,
          trialAvailable: true,
          checkout: false,
          usage: { imagesThisMonth: 5, imagesPerMonth: 5 },
        }),
    });
    const quota = await screen.findByTestId("image-quota");
    expect(quota.textContent).toContain("5 of 5 images this month");
    expect(within(quota).getByRole("link", { name: "See plans" }).getAttribute("href")).toBe("/pricing");
  });

  it("lists recent images, and New Image clears the form", async () => {
    const { user } = await openCreator({
      "GET /api/images": () =>
        json([
          row({ id: "r1", status: "generating", prompt: "still drawing" }),
          row({
            id: "r2",
            status: "completed",
            prompt: "a red fox",
            image_url: "/files/generated-images/b.png",
          }),
        ]),
    });
    const recent = await screen.findByRole("list", { name: "Recent images" });
    expect(within(recent).getByText("Generating...")).toBeTruthy();
    await user.click(within(recent).getByRole("button", { name: "a red fox" }));
    const result = screen.getByRole("region", { name: "Generated image" });
    expect(within(result).getByRole("img", { name: "a red fox" })).toBeTruthy();

    await user.type(screen.getByPlaceholderText("Describe your image"), "something");
    await user.click(screen.getByRole("button", { name: "New Image" }));
    expect(screen.getByPlaceholderText<HTMLTextAreaElement>("Describe your image").value).toBe("");
    expect(screen.queryByRole("region", { name: "Generated image" })).toBeNull();
    expect(screen.getByRole("link", { name: "History" }).getAttribute("href")).toBe(
      "/dashboard/image-history",
    );
  });
});
