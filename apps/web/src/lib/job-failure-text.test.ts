// Why a background job failed, in the reader's language: the server's English is matched word for
// word, so the English file keeps the same texts.
import { JOB_FAILURE_MESSAGES } from "@tessera/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { LANGUAGES } from "./languages";
import { changeLanguage, i18next } from "./i18n";
import { jobFailureText } from "./job-failure-text";

afterEach(() => changeLanguage("en"));

// A stored reason: the server puts a whole number where the message has a placeholder.
const stored = (text: string) => text.replace(/\{\{\w+\}\}/g, "90");

describe("job failure texts", () => {
  it("keeps the server's English as it is in English", () => {
    for (const text of Object.values(JOB_FAILURE_MESSAGES))
      expect(jobFailureText(stored(text))).toBe(stored(text));
  });

  it("words every reason of the server's again in each other language", async () => {
    for (const language of LANGUAGES.filter((l) => l !== "en")) {
      await changeLanguage(language);
      for (const [key, text] of Object.entries(JOB_FAILURE_MESSAGES)) {
        const worded = jobFailureText(stored(text));
        expect(worded, `${language}: ${text}`).not.toBe(stored(text));
        expect(worded).not.toBe(key);
        expect(worded).not.toMatch(/\{\{/);
      }
    }
    expect(i18next.resolvedLanguage).toBe("ar");
  });

  it("carries the number of a reason into its translation", async () => {
    await changeLanguage("de");
    expect(jobFailureText("The image provider did not finish within 45 seconds.")).toBe(
      "Der Bildanbieter ist nicht innerhalb von 45 Sekunden fertig geworden.",
    );
    expect(jobFailureText("The image provider did not finish within soon seconds.")).toBe(
      "The image provider did not finish within soon seconds.",
    );
  });

  it("passes on what an embedding server said of itself as it is", async () => {
    await changeLanguage("de");
    expect(jobFailureText("model 'nomic' not found")).toBe("model 'nomic' not found");
  });
});
