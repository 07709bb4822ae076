// How Tessera Local composes answers: only the passages' own sentences, cited, in reading order.
import { describe, expect, it } from "vitest";
import { composeLocalAnswer, localFallbackText } from "./local-answer";
import { stem } from "./local-text";
import type { Passage } from "./types";

const help = (slug: string, title: string, content: string, rank: number): Passage => ({
  id: `help:${slug}`,
  kind: "help",
  title,
  url: `/help/${slug}`,
  content,
  rank,
});

const CONVERSATIONS = help(
  "recent-chats",
  "Finding and deleting conversations",
  "Every conversation is saved. The Recent Chats panel lists your twenty most recent conversations. " +
    "Deleting a conversation removes it and all its messages for good. Nobody else can see your conversations.",
  0.5,
);
const STOPPING = help(
  "chat-basics",
  "Chatting",
  "Press Enter to send. While an answer streams you can press Stop; the text so far is kept. Each answer shows its sources.",
  0.4,
);
const NOTES: Passage = {
  id: "doc:notes",
  kind: "document",
  title: "Team notes",
  url: "/documents/notes",
  content: "## Retention\nWe delete a conversation after a project ends.\n- Exports go to the shared drive.",
  rank: 0.3,
};

describe("composeLocalAnswer", () => {
  it("answers from the passages about the question, citing each sentence", () => {
    const { text, cited } = composeLocalAnswer("How do I delete a conversation?", [STOPPING, CONVERSATIONS]);
    expect(text).toMatch(/^From the Tessera help: /);
    expect(text).toContain("Deleting a conversation removes it and all its messages for good. [1]");
    expect(cited).toEqual([CONVERSATIONS]); // the passage about stopping shares no term with the question
    const sentences = text.split(/(?<=\[\d\])\s+/);
    expect(sentences.length).toBeGreaterThanOrEqual(3);
    expect(sentences.every((s) => /\[\d\]$/.test(s))).toBe(true);
  });

  it("keeps sentences in reading order and numbers sources by first use", () => {
    const { text, cited } = composeLocalAnswer("delete conversation", [CONVERSATIONS, NOTES]);
    expect(cited.map((p) => p.id)).toEqual(["help:recent-chats", "doc:notes"]);
    expect(text).toMatch(/^From the Tessera help and your documents: /);
    expect(text.indexOf("Every conversation is saved")).toBeLessThan(text.indexOf("Deleting a conversation"));
    expect(text).toContain("We delete a conversation after a project ends. [2]");
    expect(text).not.toContain("Retention"); // headings carry no statement
  });

  it("finds a passage whose words differ from the question's only by their endings", () => {
    const log: Passage = {
      id: "doc:log",
      kind: "document",
      title: "Lighthouse keeping handbook",
      url: "/documents/log",
      content: "The keeper logs the wind every four hours through the night. At dawn the lamp is put out.",
      rank: 0.5,
    };
    const { text, cited } = composeLocalAnswer("How often is the wind logged?", [log]);
    expect(cited).toEqual([log]);
    expect(text).toContain("The keeper logs the wind every four hours through the night. [1]");
    // Stopped, running and added each meet their plain form; the plain "add" is not cut to "ad".
    expect(composeLocalAnswer("Who stopped the running answer?", [STOPPING]).cited).toEqual([STOPPING]);
    for (const [inflected, plain] of [
      ["stopped", "stop"],
      ["running", "run"],
      ["logged", "logs"],
      ["added", "add"],
      ["egged", "egg"],
    ])
      expect(stem(inflected!), inflected).toBe(stem(plain!));
    expect(stem("add")).toBe("add");
  });

  it("falls back honestly when the passages share nothing with the question", () => {
    expect(composeLocalAnswer("What is the capital of France?", [CONVERSATIONS, STOPPING]).text).toBe(
      localFallbackText(),
    );
    expect(composeLocalAnswer("", [CONVERSATIONS])).toEqual({ text: localFallbackText(), cited: [] });
  });

  it("answers a question it has nothing for in one short line, in the chosen persona's name", () => {
    const member = composeLocalAnswer("What is the capital of France?", [], {
      voice: { speaker: "Tessa", admin: false },
    }).text;
    expect(member).toBe(
      "I'm Tessa, answering offline from this workspace's help, model catalogue and your documents, and I found nothing there about this.",
    );
    expect(member).not.toContain("\n");
    expect(member).not.toMatch(/Tessera Local|connections|[A-Z]+_[A-Z_]+/);
    // An admin is also told where to connect a model: a link, never a variable's name.
    const admin = composeLocalAnswer("What is the capital of France?", [], {
      voice: { speaker: "Tessera Local", admin: true },
    }).text;
    expect(admin).toMatch(/^I'm Tessera Local, /);
    expect(admin).toContain("[Connect a model](/dashboard/admin/connections)");
    expect(admin).not.toContain("\n");
    expect(admin).not.toMatch(/[A-Z]+_[A-Z_]+/);
    expect(admin.length).toBeLessThan(240);
  });

  it("answers from an attached file first, citing it as source [1]", () => {
    const files = [
      { name: "notes.txt", text: "The keeper logs the wind every four hours. At dawn the lamp is put out." },
    ];
    const { text, cited } = composeLocalAnswer("How often is the wind logged?", [CONVERSATIONS], { files });
    expect(text).toBe(
      "From notes.txt: The keeper logs the wind every four hours. [1] At dawn the lamp is put out. [1]",
    );
    expect(cited.map((p) => [p.title, p.url])).toEqual([["notes.txt", "attached:notes.txt"]]);
    // A question that names nothing in the file still reads it: its opening, cited.
    const summary = composeLocalAnswer("Summarise this for me", [CONVERSATIONS], { files });
    expect(summary.text).toMatch(/^From notes\.txt: The keeper logs the wind every four hours\. \[1\]/);
    expect(summary.cited.map((p) => p.title)).toEqual(["notes.txt"]);
  });

  it("takes only a question that names a model for a 'which model' question", () => {
    const catalogue: Passage[] = [
      {
        id: "model:gemini-pro",
        kind: "catalogue",
        title: "Gemini 2.5 Pro (Industry Leaders)",
        url: "/dashboard/chat?model=gemini-pro",
        content: "Gemini 2.5 Pro is Google's long-context model for big documents.",
        rank: 0.5,
      },
    ];
    const typescript = composeLocalAnswer(
      "Which TypeScript type should I use for a long list of documents?",
      catalogue,
    ).text;
    expect(typescript).not.toMatch(/pick/);
    expect(composeLocalAnswer("Which model is best for long documents?", catalogue).text).toMatch(
      /^For long documents and PDFs, pick \*\*Gemini 2\.5 Pro\*\* \[1\]/,
    );
  });

  it("never invents: every sentence but the lead comes from a passage", () => {
    const { text } = composeLocalAnswer("How do I stop an answer?", [STOPPING, CONVERSATIONS]);
    const body = text
      .replace(/^From the Tessera help: /, "")
      .split(/\s*\[\d\]\s*/)
      .filter(Boolean);
    for (const sentence of body) expect(STOPPING.content).toContain(sentence);
  });
});

describe("a question asked in other words than the document", () => {
  const minutes = (similarity: number): Passage => ({
    id: "chunk-1",
    kind: "document",
    title: "Council minutes (Spending decisions)",
    url: "/dashboard/documents/d1",
    content:
      "# Spending decisions\n\nThe council agreed to spend more on libraries. Residents borrow more e-books.",
    rank: 0.02,
    chunkId: "chunk-1",
    similarity,
  });

  it("answers with the opening of the chunk closest in meaning, when it is close enough", () => {
    const { text, cited } = composeLocalAnswer("Why did the city fund book lending?", [minutes(0.55)]);
    expect(text).toBe(
      "From your documents: The council agreed to spend more on libraries. [1] Residents borrow more e-books. [1]",
    );
    expect(cited.map((p) => p.id)).toEqual(["chunk-1"]);
  });

  it("does not answer from a chunk that is only the nearest, not near", () => {
    const { text, cited } = composeLocalAnswer("Why did the city fund book lending?", [minutes(0.25)]);
    expect(cited).toEqual([]);
    expect(text).toBe(localFallbackText());
  });
});

describe("in the reader's language", () => {
  const GEMINI: Passage = {
    id: "model:gemini-pro",
    kind: "catalogue",
    title: "Gemini 2.5 Pro (Industry Leaders)",
    url: "/dashboard/chat?model=gemini-pro",
    content: "Gemini 2.5 Pro is Google's long-context model for big documents.",
    rank: 0.5,
  };
  const CODER: Passage = {
    id: "model:qwen-coder",
    kind: "catalogue",
    title: "Qwen 3 Coder (Open Source)",
    url: "/dashboard/chat?model=qwen-coder",
    content: "Qwen 3 Coder writes and debugs code across many languages.",
    rank: 0.4,
  };
  const CODE_PEER: Passage = {
    ...CODER,
    id: "model:claude",
    title: "Claude Sonnet",
    content: "Claude Sonnet is strong at coding.",
  };

  it("frames a German reader's answer in German, quoting the sources as written", () => {
    const { text, cited } = composeLocalAnswer("How do I delete a conversation?", [STOPPING, CONVERSATIONS], {
      language: "de",
    });
    const english = composeLocalAnswer("How do I delete a conversation?", [STOPPING, CONVERSATIONS]);
    expect(english.text).toMatch(/^From the Tessera help: /);
    expect(text).toBe(english.text.replace(/^From the Tessera help: /, "Aus der Tessera-Hilfe: "));
    expect(cited).toEqual([CONVERSATIONS]);
    // Help and documents together: the two sources joined the German way.
    const both = composeLocalAnswer("delete conversation", [CONVERSATIONS, NOTES], { language: "de" });
    expect(both.text).toMatch(/^Aus der Tessera-Hilfe und Ihren Dokumenten: /);
  });

  it("tells a German reader in German that it found nothing, and an admin where to connect a model", () => {
    const question = "Welches Modell ist am besten zum Programmieren?";
    const member = composeLocalAnswer(question, [CONVERSATIONS], {
      voice: { speaker: "Tessa", admin: false },
      language: "de",
    });
    expect(member).toEqual({
      text:
        "Ich bin Tessa und antworte offline aus der Hilfe und dem Modellkatalog dieses Arbeitsbereichs " +
        "sowie aus Ihren Dokumenten. Dort habe ich nichts dazu gefunden.",
      cited: [],
    });
    const admin = composeLocalAnswer(question, [], {
      voice: { speaker: "Tessa", admin: true },
      language: "de",
    });
    expect(admin.text).toBe(
      `${member.text} [Verbinden Sie ein Modell](/dashboard/admin/connections), damit auch alles andere beantwortet werden kann.`,
    );
    expect(admin.text).not.toMatch(/I'm|Connect a model/);
  });

  it("recommends models in German, each model's own description as the catalogue says it", () => {
    const { text } = composeLocalAnswer("Which model is best for coding?", [GEMINI, CODER, CODE_PEER], {
      language: "de",
    });
    expect(text.split("\n")[0]).toBe("Für Code nehmen Sie **Qwen 3 Coder** [1] oder **Claude Sonnet** [2].");
    expect(text).toContain("- Qwen 3 Coder writes and debugs code across many languages. [1]");
    expect(
      composeLocalAnswer("Which model is best for long documents?", [GEMINI], { language: "de" }).text,
    ).toMatch(/^Für lange Dokumente und PDFs nehmen Sie \*\*Gemini 2\.5 Pro\*\* \[1\]\.\n/);
  });

  it("names an attached file and answers in Japanese and Arabic too", () => {
    const files = [{ name: "notes.txt", text: "The keeper logs the wind every four hours." }];
    expect(composeLocalAnswer("How often is the wind logged?", [], { files, language: "ja" }).text).toBe(
      "「notes.txt」より：The keeper logs the wind every four hours. [1]",
    );
    expect(composeLocalAnswer("How often is the wind logged?", [], { files, language: "ar" }).text).toBe(
      "من notes.txt: The keeper logs the wind every four hours. [1]",
    );
    expect(
      composeLocalAnswer("首都はどこですか？", [], {
        voice: { speaker: "Tessa", admin: false },
        language: "ja",
      }).text,
    ).toBe(
      "Tessa です。このワークスペースのヘルプ、モデルカタログ、あなたのドキュメントをもとにオフラインで回答していますが、これに関する情報は見つかりませんでした。",
    );
    expect(
      composeLocalAnswer("ما عاصمة فرنسا؟", [], { voice: { speaker: "Tessa", admin: false }, language: "ar" })
        .text,
    ).toMatch(/^أنا Tessa، أجيب دون اتصال بالإنترنت /);
  });

  it("gives the same bytes for the same question, passages and language", () => {
    const ask = () =>
      composeLocalAnswer("delete conversation", [CONVERSATIONS, NOTES], { language: "zh-CN" });
    expect(ask()).toEqual(ask());
    expect(ask().text).toMatch(/^Tessera 帮助和你的文档中写道：/);
  });
});
