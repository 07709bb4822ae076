import { describe, expect, it } from "vitest";
import { createAssistantSchema } from "./assistants";
import { createDocumentFromUrlSchema } from "./documents";
import { HTTP_URL_MESSAGE, httpUrlSchema } from "./http-url";
import { updateProfileSchema } from "./profile";

const HOSTILE = [
  "javascript:alert(document.cookie)",
  "JavaScript:alert(1)",
  "java\tscript:alert(1)",
  "file:///etc/passwd",
  "data:text/html,<script>alert(1)</script>",
  "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=",
  "vbscript:msgbox(1)",
  "ftp://files.example/x",
  "//evil.example/x",
  "/relative/path",
];

describe("httpUrlSchema", () => {
  it.each(["https://docs.example/guide?x=1#top", "http://intranet.local:8080/wiki", " HTTPS://A.EXAMPLE "])(
    "keeps %j",
    (url) => expect(httpUrlSchema().parse(url)).toBe(url.trim()),
  );

  it.each(HOSTILE)("refuses %j with its reason", (url) => {
    const result = httpUrlSchema().safeParse(url);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(HTTP_URL_MESSAGE);
  });
});

describe("stored addresses are http(s) only", () => {
  const assistant = (websites: string[]) => ({
    name: "Helper",
    systemPrompt: "Help.",
    settings: {
      model: "tessera-local",
      temperature: 0.5,
      maxTokens: 100,
      personality: "neutral",
      responseStyle: "concise",
      language: "en",
    },
    knowledgeBase: { websites },
  });

  it.each(HOSTILE)("an assistant's website %j", (url) => {
    expect(createAssistantSchema.safeParse(assistant(["https://ok.example", url])).success).toBe(false);
  });

  it.each(HOSTILE)("a document address or an avatar %j", (url) => {
    expect(createDocumentFromUrlSchema.safeParse({ url }).success).toBe(false);
    expect(updateProfileSchema.safeParse({ avatarUrl: url }).success).toBe(false);
  });

  it("still takes web addresses", () => {
    expect(
      createAssistantSchema.parse(assistant(["https://ok.example/docs"])).knowledgeBase.websites,
    ).toEqual(["https://ok.example/docs"]);
  });
});
