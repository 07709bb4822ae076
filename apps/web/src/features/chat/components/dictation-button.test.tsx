import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, json } from "@/testing/fetch-stub";
import { messageBox, openChat } from "./chat-test-steps";

const OFFLINE_STATUS = {
  available: true,
  engine: "pocketsphinx",
  model: "pocketsphinx",
  basic: true,
  description:
    "Basic offline recognition (PocketSphinx): speak clearly in English and check the words before sending.",
};

/** A stand-in for the browser's recorder: records nothing, hands over one chunk when stopped. */
class FakeRecorder {
  static instances: FakeRecorder[] = [];
  static isTypeSupported = (type: string) => type === "audio/webm";
  state: "inactive" | "recording" = "inactive";
  timeslice: number | undefined;
  mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(
    readonly stream: MediaStream,
    options?: { mimeType?: string },
  ) {
    this.mimeType = options?.mimeType ?? "";
    FakeRecorder.instances.push(this);
  }
  start(timeslice?: number) {
    this.state = "recording";
    this.timeslice = timeslice;
  }
  stop() {
    this.state = "inactive";
    setTimeout(() => {
      this.ondataavailable?.({ data: new Blob(["fake opus"], { type: "audio/webm;codecs=opus" }) });
      this.onstop?.();
    }, 0);
  }
}

function microphone(result: "granted" | "denied" = "granted") {
  const track = { stop: vi.fn() };
  const stream = { getTracks: () => [track] } as unknown as MediaStream;
  const getUserMedia = vi.fn(() =>
    result === "granted"
      ? Promise.resolve(stream)
      : Promise.reject(new DOMException("Permission denied", "NotAllowedError")),
  );
  Object.defineProperty(navigator, "mediaDevices", { value: { getUserMedia }, configurable: true });
  FakeRecorder.instances = [];
  vi.stubGlobal("MediaRecorder", FakeRecorder);
  return { getUserMedia, track };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, "mediaDevices");
});

const micButton = () => screen.getByRole("button", { name: "Voice dictation" });

/** A POST /api/transcribe-audio the test answers when it wants to. */
function heldAnswer() {
  let answer!: (response: Response) => void;
  const response = new Promise<Response>((resolve) => (answer = resolve));
  return { handler: () => response, answer };
}

describe("voice dictation", () => {
  it("records, transcribes and appends the words to the message, saying so at each step", async () => {
    const { getUserMedia, track } = microphone();
    const held = heldAnswer();
    const { user, server } = await openChat("/dashboard/chat", {
      "GET /api/transcribe-audio/status": () => json(OFFLINE_STATUS),
      "POST /api/transcribe-audio": held.handler,
    });
    await user.type(messageBox(), "Draft:");
    expect(micButton().getAttribute("aria-pressed")).toBe("false");

    await user.click(micButton());
    expect(await screen.findByText("Recording started")).toBeTruthy();
    expect(micButton().getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByTestId("dictation-timer").textContent).toBe("0:00");
    expect(getUserMedia).toHaveBeenCalledWith({
      audio: { echoCancellation: true, noiseSuppression: true, sampleRate: 44_100 },
    });
    const recorder = FakeRecorder.instances[0]!;
    expect(recorder.mimeType).toBe("audio/webm");
    expect(recorder.timeslice).toBe(1000);

    await user.click(micButton());
    expect(await screen.findByText("Processing...")).toBeTruthy();
    expect(micButton()).toHaveProperty("disabled", true);
    await waitFor(() => expect(server.callsTo("POST /api/transcribe-audio")).toHaveLength(1));
    expect(track.stop).toHaveBeenCalled();
    const form = server.callsTo("POST /api/transcribe-audio")[0]!.form!;
    expect((form.get("file") as File).name).toBe("recording.webm");
    expect((form.get("file") as File).type).toBe("audio/webm");
    expect(form.get("model")).toBe("whisper-1");
    expect(form.get("language")).toBe("en");

    act(() => held.answer(json({ text: "please open the weather report" })));
    expect(await screen.findByText("Transcription complete")).toBeTruthy();
    expect(messageBox()).toHaveProperty("value", "Draft: please open the weather report");
    expect(document.activeElement).toBe(messageBox());
    expect(micButton()).toHaveProperty("disabled", false);
    expect(micButton().getAttribute("aria-pressed")).toBe("false");
  });

  it("works from the keyboard and says in its tooltip that offline recognition is basic", async () => {
    microphone();
    const { user } = await openChat("/dashboard/chat", {
      "GET /api/transcribe-audio/status": () => json(OFFLINE_STATUS),
      "POST /api/transcribe-audio": () => json({ text: "hello there" }),
    });
    act(() => micButton().focus());
    await waitFor(() =>
      expect(screen.getByRole("tooltip").textContent).toContain("Basic offline recognition"),
    );
    await user.keyboard("{Enter}");
    expect(await screen.findByText("Recording started")).toBeTruthy();
    await user.keyboard(" ");
    expect(await screen.findByText("Transcription complete")).toBeTruthy();
    expect(messageBox()).toHaveProperty("value", "hello there");
  });

  it("a browser without recording says it is not supported", async () => {
    const { user } = await openChat("/dashboard/chat", {
      "GET /api/transcribe-audio/status": () => json(OFFLINE_STATUS),
    });
    await user.click(micButton());
    expect(await screen.findByText("Recording failed")).toBeTruthy();
    expect(screen.getByText("Voice recording is not supported in this browser")).toBeTruthy();
    expect(micButton().getAttribute("aria-pressed")).toBe("false");
  });

  it("a refused microphone says it could not be reached", async () => {
    microphone("denied");
    const { user, server } = await openChat("/dashboard/chat", {
      "GET /api/transcribe-audio/status": () => json(OFFLINE_STATUS),
    });
    await user.click(micButton());
    expect(await screen.findByText("Recording failed")).toBeTruthy();
    expect(screen.getByText("Could not access microphone")).toBeTruthy();
    expect(micButton().getAttribute("aria-pressed")).toBe("false");
    expect(server.callsTo("POST /api/transcribe-audio")).toHaveLength(0);
  });

  it("a server error says 'Transcription failed: 500' and leaves the message alone", async () => {
    microphone();
    const { user } = await openChat("/dashboard/chat", {
      "GET /api/transcribe-audio/status": () => json(OFFLINE_STATUS),
      "POST /api/transcribe-audio": () => apiError(500, "INTERNAL", "Something went wrong on our side."),
    });
    await user.type(messageBox(), "Keep me");
    await user.click(micButton());
    await screen.findByText("Recording started");
    await user.click(micButton());
    expect(await screen.findByText("Transcription failed")).toBeTruthy();
    expect(screen.getByText("Transcription failed: 500")).toBeTruthy();
    expect(messageBox()).toHaveProperty("value", "Keep me");
    await waitFor(() => expect(micButton()).toHaveProperty("disabled", false));
  });

  it("nothing recognised says 'No transcription received'", async () => {
    microphone();
    const { user } = await openChat("/dashboard/chat", {
      "GET /api/transcribe-audio/status": () => json(OFFLINE_STATUS),
      "POST /api/transcribe-audio": () => json({ text: "   " }),
    });
    await user.click(micButton());
    await screen.findByText("Recording started");
    await user.click(micButton());
    expect(await screen.findByText("Transcription failed")).toBeTruthy();
    expect(screen.getByText("No transcription received")).toBeTruthy();
    expect(messageBox()).toHaveProperty("value", "");
  });

  it("a server without a recogniser says what to set up and does not record", async () => {
    const { getUserMedia } = microphone();
    const description =
      "Transcription is not set up: set TRANSCRIBE_BASE_URL (or OPENAI_API_KEY), or install ffmpeg and pocketsphinx (with pocketsphinx-en-us) on the server.";
    const { user } = await openChat("/dashboard/chat", {
      "GET /api/transcribe-audio/status": () =>
        json({ available: false, engine: null, model: null, basic: false, description }),
    });
    act(() => micButton().focus());
    // The tooltip may open before the status arrives, with the button's own name; then it says why.
    await waitFor(() => expect(screen.getByRole("tooltip").textContent).toContain(description));
    await waitFor(() => expect(micButton().getAttribute("aria-disabled")).toBe("true"));
    await user.click(micButton());
    expect(getUserMedia).not.toHaveBeenCalled();
  });
});
