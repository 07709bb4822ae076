import { render, screen } from "@testing-library/react";
import { CHAT_ERROR_MESSAGES } from "@tessera/contracts";
import { Suspense } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { changeLanguage } from "@/lib/i18n";
import { responseBody } from "./compare-test-steps";
import { ResponseCard } from "./response-card";

afterEach(() => changeLanguage("en"));

const failedCard = (error: string) =>
  render(
    <Suspense fallback={null}>
      <ResponseCard
        response={responseBody(0, "server/llama3.2:1b", { status: "error", error })}
        title="llama3.2:1b"
        revealedLabel={null}
        stopped={false}
        streaming={false}
        showMetrics={false}
      />
    </Suspense>,
  );

describe("a comparison answer that failed", () => {
  it("says why in German, the model server's address kept", async () => {
    await changeLanguage("de");
    failedCard("Could not reach the model server at ollama:11434.");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Fehler: Der Modellserver unter ollama:11434 ist nicht erreichbar.",
    );
  });

  it("says the spec's unavailable text in German, and in English as written", async () => {
    failedCard(CHAT_ERROR_MESSAGES.unavailable);
    expect((await screen.findByRole("alert")).textContent).toContain(CHAT_ERROR_MESSAGES.unavailable);
    await changeLanguage("de");
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Das gewählte Modell ist derzeit nicht verfügbar.",
    );
  });
});
