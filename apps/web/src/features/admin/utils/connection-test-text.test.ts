// A connection test's result in the reader's language: the server's English is matched sentence by
// sentence, so this also holds the server's wording to what the page knows.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { changeLanguage, i18next } from "@/lib/i18n";
import { connectionTestText } from "./connection-test-text";

const SERVER = join(import.meta.dirname, "../../../../../server/src");
const text = (message: string) => connectionTestText(message, i18next.getFixedT(null, "admin"));
/** Intl may keep a number and its unit or currency together with a no-break space. */
const plain = (message: string) => text(message).replace(/[\u00a0\u202f]/g, " ");

afterEach(() => changeLanguage("en"));

describe("connection test texts", () => {
  it("keeps the server's English in English", () => {
    for (const message of [
      "It lists 1 model.",
      "It lists 12 models. It does not list gpt-image-1.",
      "It answered, but lists no models yet (pull or load one on the server).",
      "The key “work” is valid: $1.20 used of a $10.00 limit. It lists 320 models.",
      "It found 5 results for “self-hosted AI workspace”.",
      "Played “Hello from Tessera” to it; it heard: Hello from Tessera.",
      "fetch failed (the connection was refused: is the server running, and on that port?).",
      "The mail server answered and accepted the sign-in.",
    ])
      expect(text(message)).toBe(message);
  });

  it("holds the words the server writes", () => {
    const probe = readFileSync(join(SERVER, "features/connections/probe-connection.ts"), "utf8");
    for (const words of [
      "It answered, but lists no models yet (pull or load one on the server).",
      'It lists ${count(models.length, "model")}.',
      'It does not list ${missing.join(", ")}.',
      'It found ${count(results.length, "result")} for “${SEARCH_QUERY}”.',
      "fal accepted the key (asked about a request that does not exist, it answered ${status}).",
      "Played “${spoken}” to it; ${heard}",
      "it heard nothing.",
      "The mail server answered and accepted the sign-in.",
      "the connection was refused: is the server running, and on that port?",
      "its certificate is for another name",
      "`It answered ${refusal}.`",
    ])
      expect(probe).toContain(words);
    const upstream = readFileSync(join(SERVER, "providers/llm/upstream-models.ts"), "utf8");
    expect(upstream).toContain('`The key${label ? ` “${label}”` : ""} is valid`');
    expect(upstream).toContain('"Its model list is not in the expected shape."');
  });

  it("says in German what the test found, counts and money the German way", async () => {
    await changeLanguage("de");
    expect(text("It lists 1 model.")).toBe("Er listet 1 Modell.");
    expect(text("It lists 1200 models. It does not list gpt-image-1.")).toBe(
      "Er listet 1.200 Modelle. gpt-image-1 fehlt in seiner Liste.",
    );
    expect(plain("The key “work” is valid: $1.20 used of a $10.00 limit. It lists 320 models.")).toBe(
      "Der Schlüssel „work“ ist gültig: 1,20 $ von 10,00 $ Limit verbraucht. Er listet 320 Modelle.",
    );
    expect(text("It found 5 results for “self-hosted AI workspace”.")).toBe(
      "Er hat 5 Ergebnisse für „self-hosted AI workspace“ gefunden.",
    );
    expect(text("It spoke 1.5 s of audio (24 KB of MP3).")).toBe(
      "Er hat 1,5 s Audio gesprochen (24 KB MP3).",
    );
    expect(text("The mail server answered and accepted the sign-in.")).toBe(
      "Der Mailserver hat geantwortet und die Anmeldung angenommen.",
    );
  });

  it("says in German why it failed, the upstream's own words kept", async () => {
    await changeLanguage("de");
    expect(text("fetch failed (the connection was refused: is the server running, and on that port?).")).toBe(
      "fetch failed (die Verbindung wurde abgelehnt: Läuft der Server, und auf diesem Port?).",
    );
    expect(text("It answered 401: Invalid API key.")).toBe("Er antwortete mit 401: Invalid API key.");
    expect(text("Bad gateway. It answered 502: upstream down.")).toBe(
      "Bad gateway. Er antwortete mit 502: upstream down.",
    );
    expect(text("Something only the provider says.")).toBe("Something only the provider says.");
  });

  it("counts with each language's plural forms", async () => {
    await changeLanguage("ar");
    expect(text("It lists 2 models.")).toBe("يسرد نموذجين.");
    await changeLanguage("ja");
    expect(text("It lists 3 models.")).toBe("3 件のモデルがあります。");
  });
});
