// Why an answer ended in error, in the reader's language: the server's English is matched word for
// word, so these tests also hold the server's wording and the English file to the same texts.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CHAT_ERROR_MESSAGES, STREAM_MESSAGES } from "@tessera/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { changeLanguage, i18next } from "./i18n";
import { streamErrorText } from "./stream-error-text";

const SERVER = join(import.meta.dirname, "../../../server/src");
const source = (path: string) => readFileSync(join(SERVER, path), "utf8");

afterEach(() => changeLanguage("en"));

describe("stream error texts", () => {
  it("keeps the server's English as it is in English", () => {
    const { stream } = i18next.getResourceBundle("en", "errors") as { stream: Record<string, string> };
    for (const [key, text] of Object.entries(CHAT_ERROR_MESSAGES)) {
      expect(stream[key]).toBe(text);
      expect(streamErrorText(text)).toBe(text);
    }
    expect(stream.serverRestarting).toBe(STREAM_MESSAGES.serverRestarting);
    expect(stream.notSaved).toBe(STREAM_MESSAGES.notSaved);
    const unreachable = "Could not reach the model server at ollama:11434.";
    expect(streamErrorText(unreachable)).toBe(unreachable);
  });

  it("matches the words the model registry and the local runtime use", () => {
    expect(source("providers/llm/registry.ts")).toContain("`Could not reach the model server at ${down}.`");
    const runtime = source("providers/llm/gguf/llama-runtime.ts");
    expect(runtime).toContain(
      '"Local models cannot run on this server: llama.cpp\'s build for it is missing."',
    );
    expect(runtime).toContain(
      "`Local models cannot run on this server: llama.cpp's ${settings.gpu} build is missing or does not work here.`",
    );
    expect(runtime).toContain(
      "`Not enough memory to load ${file.name}: it needs about ${formatBytes(neededBytes)} and the server has ${formatBytes(freeBytes)} free.`",
    );
  });

  it("says in German why a chat or comparison answer failed, values kept", async () => {
    await changeLanguage("de");
    expect(streamErrorText("Could not reach the model server at ollama:11434.")).toBe(
      "Der Modellserver unter ollama:11434 ist nicht erreichbar.",
    );
    expect(streamErrorText(CHAT_ERROR_MESSAGES.unavailable)).toBe(
      "Das gewählte Modell ist derzeit nicht verfügbar. Bitte versuchen Sie ein anderes Modell.",
    );
    expect(streamErrorText(STREAM_MESSAGES.notSaved)).toBe(
      "Die Antwort konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.",
    );
    expect(
      streamErrorText(
        "Local models cannot run on this server: llama.cpp's vulkan build is missing or does not work here.",
      ),
    ).toBe(
      "Lokale Modelle können auf diesem Server nicht laufen: Der vulkan-Build von llama.cpp fehlt oder funktioniert hier nicht.",
    );
    expect(
      streamErrorText(
        "Not enough memory to load qwen2.5-0.5b.gguf: it needs about 1.5 GB and the server has 512 MB free.",
      ).replace(/\u00a0/g, " "),
    ).toBe(
      "Nicht genug Arbeitsspeicher, um qwen2.5-0.5b.gguf zu laden: Es braucht etwa 1,5 GB, der Server hat 512 MB frei.",
    );
    // A provider's own words stay as they are.
    expect(streamErrorText("Upstream said no.")).toBe("Upstream said no.");
  });

  it("says it in Japanese and Arabic too", async () => {
    await changeLanguage("ja");
    expect(streamErrorText("Could not reach the model server at ollama:11434.")).toBe(
      "ollama:11434 のモデルサーバーに接続できませんでした。",
    );
    await changeLanguage("ar");
    expect(streamErrorText(CHAT_ERROR_MESSAGES.rateLimited)).toBe(
      "بلغ هذا النموذج حد الطلبات. يُرجى المحاولة بعد قليل أو التبديل إلى نموذج آخر.",
    );
  });
});
