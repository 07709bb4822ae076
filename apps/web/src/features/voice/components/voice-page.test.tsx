import type { TextToVoiceResponse, VoiceOver, VoicesResponse } from "@tessera/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { changeLanguage } from "@/lib/i18n";
import { apiError, json, pending, profileIn, stubFetch } from "@/testing/fetch-stub";
import { preloadPage, PRELOAD_TIMEOUT_MS, renderApp } from "@/testing/render-app";
import { sessionBody, storeSession } from "@/testing/session";

const VOICES_BODY: VoicesResponse = {
  engine: {
    id: "espeak",
    name: "eSpeak NG",
    offline: true,
    note: "Offline voices made on this server: clear, but synthetic.",
  },
  voices: [
    ["alloy", "Alloy", "Neutral"],
    ["verse", "Verse", "Warm"],
    ["coral", "Coral", "Friendly"],
    ["sage", "Sage", "Calm"],
    ["vibe", "Vibe", "Energetic"],
    ["nova", "Nova", "Bright"],
  ].map(([id, name, description]) => ({
    id: id as VoiceOver["voice"],
    name: name!,
    description: description!,
    provider: "espeak" as const,
    available: true,
  })),
};

// "ID3" then silence: enough for a blob the player can be given.
const AUDIO = btoa("ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000");

let n = 0;
const voiceOver = (extra: Partial<VoiceOver> = {}): VoiceOver => ({
  id: `0ce00000-0000-4000-8000-${String(++n).padStart(12, "0")}`,
  voice: "alloy",
  fileName: "voice-over.mp3",
  excerpt: "Good morning from the harbour.",
  characters: 30,
  durationMs: 4600,
  bytes: 70_000,
  provider: "espeak",
  url: `/files/voice-overs/${n}.mp3`,
  createdAt: "2026-01-03T10:00:00.000Z",
  ...extra,
});

const spoken = (extra: Partial<VoiceOver> = {}): TextToVoiceResponse => ({
  ...voiceOver(extra),
  audioContent: AUDIO,
});

async function openVoice(routes: Parameters<typeof stubFetch>[0] = {}) {
  storeSession();
  const server = stubFetch({
    "GET /api/auth/get-session": () => json(sessionBody()),
    "GET /api/voices": () => json(VOICES_BODY),
    "GET /api/voice-overs": () => json([]),
    ...routes,
  });
  const user = userEvent.setup();
  renderApp("/dashboard/voice");
  await screen.findByRole("heading", { level: 1, name: "AI Voice Over" });
  return { user, server };
}

const script = () => screen.getByLabelText<HTMLTextAreaElement>("Script");
const generateButton = () => screen.getByRole("button", { name: /Generate MP3|Generating/ });

describe("voice page", () => {
  // The page's code loads once, before the tests, rather than inside the first one's wait.
  beforeAll(() => preloadPage("/dashboard/voice"), PRELOAD_TIMEOUT_MS);

  it("starts empty with the defaults: alloy, voice-over.mp3, and nothing to preview yet", async () => {
    await openVoice();
    expect(document.title).toBe("AI Voice Over | Tessera");
    expect(screen.getByText("0 / 10,000")).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "Voice" }).textContent).toContain("Alloy");
    expect(screen.getByLabelText<HTMLInputElement>("File name").value).toBe("voice-over.mp3");
    const preview = screen.getByRole("region", { name: "Preview & Download" });
    expect(within(preview).getByText("Generate a voice first to preview and download here.")).toBeTruthy();
    expect(within(preview).queryByRole("link", { name: "Download MP3" })).toBeNull();
    // A blank script cannot be sent.
    expect(generateButton().hasAttribute("disabled")).toBe(true);
    expect(await screen.findByText(/Offline voices made on this server/)).toBeTruthy();
    expect(await screen.findByText(/No voice-overs yet/)).toBeTruthy();
  });

  it("says how the speech engine works in German", async () => {
    await changeLanguage("de");
    try {
      storeSession();
      stubFetch({
        "GET /api/auth/get-session": () => json(sessionBody()),
        "GET /api/voice-overs": () => json([]),
        "GET /api/profile": () => profileIn("de"),
        "GET /api/voices": () =>
          json({
            ...VOICES_BODY,
            engine: {
              ...VOICES_BODY.engine,
              note: "Offline voices made on this server: clear, but synthetic. Natural voices need OpenAI TTS (OPENAI_API_KEY).",
            },
          }),
      });
      renderApp("/dashboard/voice");
      expect(
        await screen.findByText(
          "Offline-Stimmen, auf diesem Server erzeugt: deutlich, aber synthetisch. Natürliche Stimmen brauchen OpenAI TTS (OPENAI_API_KEY).",
        ),
      ).toBeTruthy();
      await userEvent.setup().click(screen.getByRole("combobox", { name: "Stimme" }));
      expect(await screen.findByText("Freundlich")).toBeTruthy();
      expect(screen.getByText("Energisch")).toBeTruthy();
    } finally {
      await changeLanguage("en");
    }
  });

  it("counts the script and cuts it at 10,000 characters", async () => {
    const { user } = await openVoice();
    await user.type(script(), "Hello there");
    expect(screen.getByText("11 / 10,000")).toBeTruthy();
    fireEvent.change(script(), { target: { value: "ab".repeat(5_025) } });
    expect(script().value).toHaveLength(10_000);
    expect(screen.getByText("10,000 / 10,000")).toBeTruthy();
    expect(screen.getByText("Scripts are cut at 10,000 characters.")).toBeTruthy();
    expect(script().maxLength).toBe(10_000);
  });

  it("generates once while running, then previews with the duration and downloads under the file name", async () => {
    let answer!: (response: Response) => void;
    const { user, server } = await openVoice({
      "POST /api/text-to-voice": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await user.type(script(), "Good morning from the harbour.");
    await user.click(screen.getByRole("combobox", { name: "Voice" }));
    const nova = await screen.findByRole("option", { name: /^Nova/ });
    expect(nova.textContent).toContain("Bright");
    await user.click(nova);
    const name = screen.getByLabelText<HTMLInputElement>("File name");
    await user.clear(name);
    await user.type(name, "Harbour?");
    expect(screen.getByText("Downloads as Harbour.mp3")).toBeTruthy();

    await user.click(generateButton());
    await waitFor(() => expect(generateButton().textContent).toContain("Generating..."));
    expect(generateButton().hasAttribute("disabled")).toBe(true);
    await user.click(generateButton());
    fireEvent.submit(screen.getByRole("form", { name: "Voice-over" }));
    expect(server.callsTo("POST /api/text-to-voice")).toHaveLength(1);
    expect(server.callsTo("POST /api/text-to-voice")[0]!.body).toEqual({
      text: "Good morning from the harbour.",
      voice: "nova",
      fileName: "Harbour.mp3",
    });
    // Leaving the field tidied the name the way the server would.
    expect(name.value).toBe("Harbour.mp3");

    answer(json(spoken({ voice: "nova", fileName: "Harbour.mp3", durationMs: 65_400 })));
    expect(await screen.findByText("Voice generated")).toBeTruthy();
    expect(screen.getByText("Your MP3 is ready to preview or download.")).toBeTruthy();
    const preview = screen.getByRole("region", { name: "Preview & Download" });
    const player = await within(preview).findByLabelText<HTMLAudioElement>("Voice-over preview");
    expect(player.getAttribute("src")).toMatch(/^blob:/);
    expect(within(preview).getByTestId("voice-duration").textContent).toBe("1:05");
    expect(within(preview).getByText("Nova")).toBeTruthy();
    const download = within(preview).getByRole("link", { name: "Download MP3" });
    expect(download.getAttribute("download")).toBe("Harbour.mp3");
    expect(download.getAttribute("href")).toBe(player.getAttribute("src"));
    expect(generateButton().textContent).toContain("Generate MP3");
    // The new one heads the list.
    const list = screen.getByRole("list", { name: "Voice-overs" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(1);
  });

  it("says why generation failed, with the server's words, and when no audio came back", async () => {
    let reply = () =>
      apiError(
        503,
        "UNAVAILABLE",
        "Voice generation is temporarily unavailable. Please try again in a few minutes.",
      );
    const { user } = await openVoice({ "POST /api/text-to-voice": () => reply() });
    await user.type(script(), "Hello.");
    await user.click(generateButton());
    expect(await screen.findByText("Generation failed")).toBeTruthy();
    expect(
      screen.getByText("Voice generation is temporarily unavailable. Please try again in a few minutes."),
    ).toBeTruthy();
    expect(screen.getByText("Generate a voice first to preview and download here.")).toBeTruthy();

    const { audioContent: _none, ...withoutAudio } = spoken();
    reply = () => json(withoutAudio);
    await user.click(generateButton());
    expect(await screen.findByText("No audio returned")).toBeTruthy();
    expect(screen.queryByLabelText("Voice-over preview")).toBeNull();
  });

  it("lists past voice-overs to play again, download and delete", async () => {
    const older = voiceOver({
      voice: "sage",
      fileName: "Calm intro.mp3",
      excerpt: "Breathe in slowly.",
      durationMs: 12_300,
    });
    const newer = voiceOver({ voice: "vibe", excerpt: "Big news today!", durationMs: 3_100 });
    const list = [newer, older];
    const { user, server } = await openVoice({
      "GET /api/voice-overs": () => json(list),
      [`GET /api/voice-overs/${older.id}`]: () => json({ ...older, audioContent: AUDIO }),
      [`DELETE /api/voice-overs/${newer.id}`]: () => new Response(null, { status: 204 }),
    });
    const items = within(await screen.findByRole("list", { name: "Voice-overs" })).getAllByRole("listitem");
    expect(items.map((i) => i.getAttribute("aria-label"))).toEqual(["Big news today!", "Breathe in slowly."]);
    const calm = items[1]!;
    expect(within(calm).getByText("Sage")).toBeTruthy();
    expect(within(calm).getByText("0:12")).toBeTruthy();
    expect(within(calm).getByText("Calm intro.mp3")).toBeTruthy();
    const download = within(calm).getByRole("link", { name: /^Download Calm intro\.mp3/ });
    expect(download.getAttribute("href")).toBe(older.url);
    expect(download.getAttribute("download")).toBe("Calm intro.mp3");

    await user.click(within(calm).getByRole("button", { name: /^Play Calm intro\.mp3/ }));
    const preview = screen.getByRole("region", { name: "Preview & Download" });
    expect(await within(preview).findByLabelText("Voice-over preview")).toBeTruthy();
    expect(within(preview).getByTestId("voice-duration").textContent).toBe("0:12");
    expect(within(preview).getByRole("link", { name: "Download MP3" }).getAttribute("download")).toBe(
      "Calm intro.mp3",
    );
    expect(calm.getAttribute("aria-current")).toBe("true");

    await user.click(within(items[0]!).getByRole("button", { name: /^Delete voice-over\.mp3/ }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(within(screen.getByRole("list", { name: "Voice-overs" })).getAllByRole("listitem")).toHaveLength(
        1,
      ),
    );
    expect(server.callsTo(`DELETE /api/voice-overs/${newer.id}`)).toHaveLength(1);
    expect(await screen.findByText("Voice-over deleted")).toBeTruthy();
  });

  it("below Pro shows the lock with the plan that includes voice and the way to the plans", async () => {
    await openVoice({
      "GET /api/subscription": () =>
        json({
          plan: "core",
          source: "none",
          validUntil: null,
          trialAvailable: true,
          checkout: false,
          usage: { imagesThisMonth: 0, imagesPerMonth: 5 },
        }),
    });
    const lock = await screen.findByRole("region", { name: "Voice-overs come with Pro" });
    expect(within(lock).getByText("AI Voice is on the Pro plan and up. Upgrade to use it.")).toBeTruthy();
    expect(within(lock).getByRole("link", { name: "See plans" }).getAttribute("href")).toBe("/pricing");
    expect(screen.queryByLabelText("Script")).toBeNull();
    expect(screen.queryByRole("button", { name: "Generate MP3" })).toBeNull();
    // Nothing to preview and nothing kept: neither is shown.
    expect(screen.queryByRole("region", { name: "Preview & Download" })).toBeNull();
    await waitFor(() => expect(screen.queryByRole("heading", { name: /Your voice-overs/ })).toBeNull());
  });

  it("keeps the form usable while the voice list is still loading", async () => {
    const { user } = await openVoice({ "GET /api/voices": pending });
    await user.type(script(), "Still works.");
    expect(screen.getByRole("combobox", { name: "Voice" }).textContent).toContain("Alloy");
    expect(generateButton().hasAttribute("disabled")).toBe(false);
  });
});
