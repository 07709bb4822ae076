// The catalogue's texts: English is the shipped catalogue word for word, other languages translate
// built-in entries only, and what an admin, a provider or a person wrote stays as given.
import {
  IMAGE_MODEL_CATALOGUE,
  LOCAL_MODEL_CATALOGUE,
  MODEL_GROUPS,
  NOT_ENABLED_MESSAGE,
  upgradeMessage,
} from "@tessera/contracts";
import type { TFunction } from "i18next";
import { afterEach, describe, expect, it } from "vitest";
import { catalogueTexts } from "./catalogue-texts";
import { changeLanguage, i18next } from "./i18n";

const texts = () => catalogueTexts(i18next.getFixedT(null, "catalogue"));

type Section = Record<string, string>;
/** The English file as the app loads it. */
const english = () =>
  i18next.getResourceBundle("en", "catalogue") as Record<
    "models" | "groups" | "localModels" | "imageModels",
    Section
  > & { unavailable: Section };

afterEach(() => changeLanguage("en"));

describe("catalogue texts", () => {
  it("English holds every built-in model, group, local and image model as the catalogue says it", () => {
    const models = MODEL_GROUPS.flatMap((g) => g.models);
    const en = english();
    expect(en.models).toEqual(Object.fromEntries(models.map((m) => [m.id, m.description])));
    expect(en.groups).toEqual(Object.fromEntries(MODEL_GROUPS.map((g) => [g.id, g.title])));
    expect(en.localModels).toEqual(
      Object.fromEntries(LOCAL_MODEL_CATALOGUE.map((m) => [m.id, m.description])),
    );
    expect(en.imageModels).toEqual(
      Object.fromEntries(IMAGE_MODEL_CATALOGUE.map((m) => [m.id, m.description])),
    );
    expect(en.unavailable.notEnabled).toBe(NOT_ENABLED_MESSAGE);
    const t = texts();
    expect(
      t.unavailableReason({
        name: "GPT-5",
        unavailableReason: upgradeMessage("GPT-5", "pro"),
        requiredPlan: "pro",
      }),
    ).toBe(upgradeMessage("GPT-5", "pro"));
    expect(
      t.unavailableReason({
        name: "Grok 4",
        unavailableReason: upgradeMessage("Grok 4", "team"),
        requiredPlan: "team",
      }),
    ).toBe(upgradeMessage("Grok 4", "team"));
  });

  it("translates built-in ids in French and leaves changed or unknown texts as they are", async () => {
    await changeLanguage("fr");
    const t = texts();
    expect(t.modelDescription({ id: "gpt-4o", description: "Fast, capable all-rounder with vision." })).toBe(
      "Polyvalent, rapide et capable, avec la vision.",
    );
    // An admin's own words for a built-in model stay theirs.
    expect(t.modelDescription({ id: "gpt-4o", description: "Our default." })).toBe("Our default.");
    expect(t.modelDescription({ id: "house-llm", description: "Fine-tuned in house." })).toBe(
      "Fine-tuned in house.",
    );
    // A model of the operator's own server, found there, and one downloaded into Tessera Local.
    expect(
      t.modelDescription({ id: "local/llama3.2:1b", description: "On your server (ollama:11434)" }),
    ).toBe("Sur votre serveur (ollama:11434)");
    const qwen = LOCAL_MODEL_CATALOGUE[0]!;
    expect(
      t.modelDescription({ id: `gguf/${qwen.file.replace(/\.gguf$/, "")}`, description: qwen.description }),
    ).toBe("Le plus rapide : réponses courtes, résumés et reformulations sur n'importe quelle machine.");
    expect(t.groupTitle({ id: "industry", title: "Industry Leaders" })).toBe("Leaders du secteur");
    expect(
      t.unavailableReason({
        name: "GPT-5",
        unavailableReason: upgradeMessage("GPT-5", "pro"),
        requiredPlan: "pro",
      }),
    ).toBe("GPT-5 est inclus à partir de la formule Pro. Changez de formule pour l'utiliser.");
    expect(
      t.unavailableReason({
        name: "X",
        unavailableReason: "Needs about 2 GB of memory.",
        requiredPlan: null,
      }),
    ).toBe("Needs about 2 GB of memory.");
    expect(t.assistant({ name: "Pirate", description: "Arr.", builtIn: null })).toEqual({
      name: "Pirate",
      description: "Arr.",
      builtIn: null,
    });
    expect(t.assistant({ name: "Writing Pro", description: "…", builtIn: "writing-pro" })).toMatchObject({
      name: "Pro de l'écriture",
      description: "Rédige et peaufine des textes dans tous les tons.",
    });
    expect(t.toolDescription({ source: "mcp", name: "read_url", description: "A wiki's own reader." })).toBe(
      "A wiki's own reader.",
    );
  });
  it("says why a model is off in German, with its values and numbers written the German way", async () => {
    const memory = "Needs about 2.5 GB of memory; the server has 512 MB free.";
    const unreachable = "Could not reach the model server at ollama:11434.";
    const reason = (unavailableReason: string) =>
      texts().unavailableReason({ name: "Qwen", unavailableReason, requiredPlan: null });
    // English keeps the server's words exactly.
    expect(reason(memory)).toBe(memory);
    expect(reason("Needs about 1.0 GB of memory; the server has 1.2 GB free.")).toBe(
      "Needs about 1.0 GB of memory; the server has 1.2 GB free.",
    );
    expect(reason(unreachable)).toBe(unreachable);
    await changeLanguage("de");
    // Intl may keep a number and its unit together with a no-break space.
    const spaced = (text: string) => (reason(text) ?? "").replace(/\u00a0/g, " ");
    expect(spaced(memory)).toBe("Braucht etwa 2,5 GB Arbeitsspeicher; der Server hat 512 MB frei.");
    expect(spaced("Needs about 1.0 GB of memory; the server has 1.2 GB free.")).toBe(
      "Braucht etwa 1,0 GB Arbeitsspeicher; der Server hat 1,2 GB frei.",
    );
    expect(reason(unreachable)).toBe("Der Modellserver unter ollama:11434 ist nicht erreichbar.");
    // Anything else the server says stays as it is.
    expect(reason("Needs a GPU.")).toBe("Needs a GPU.");
  });
  it("names the shipped image models in German, and says why one is off", async () => {
    const sketch = IMAGE_MODEL_CATALOGUE.find((m) => m.id === "tessera-sketch")!;
    const flux = IMAGE_MODEL_CATALOGUE.find((m) => m.id !== "tessera-sketch")!;
    const data = {
      defaultModel: sketch.id,
      models: [
        { ...sketch, available: true, unavailableReason: null },
        { ...flux, available: false, unavailableReason: NOT_ENABLED_MESSAGE },
        { ...sketch, id: "my-drawer", name: "Tessera Sketch (procedural, offline)", available: true },
      ],
    } as unknown as Parameters<ReturnType<typeof texts>["imageModels"]>[0];
    expect(texts().imageModels(data)).toEqual(data);
    await changeLanguage("de");
    const [procedural, off, other] = texts().imageModels(data).models;
    expect(procedural!.name).toBe("Tessera Sketch (prozedural, offline)");
    expect(procedural!.description).not.toBe(sketch.description);
    expect(off!.name).toBe(flux.name);
    expect(off!.unavailableReason).toBe("Auf diesem Server nicht aktiviert.");
    // Only a shipped id is renamed.
    expect(other!.name).toBe("Tessera Sketch (procedural, offline)");
  });
  it("says in German how dictation works or what it needs, program names kept", async () => {
    const off =
      "Dictation is not enabled on this server: it needs a transcription connection, or ffmpeg and pocketsphinx (with pocketsphinx-en-us) installed on the server.";
    const basic =
      "Basic offline recognition (PocketSphinx): speak clearly in English and check the words before sending.";
    expect(texts().dictation(off)).toBe(off);
    expect(texts().dictation(basic)).toBe(basic);
    await changeLanguage("de");
    const t = texts();
    expect(t.dictation(off)).toBe(
      "Diktieren ist auf diesem Server nicht aktiviert: Dafür braucht es eine Transkriptionsverbindung oder ffmpeg und pocketsphinx (with pocketsphinx-en-us) auf dem Server.",
    );
    expect(
      t.dictation(
        "Dictation is not enabled on this server: it needs a transcription connection, or ffmpeg installed on the server.",
      ),
    ).toBe(
      "Diktieren ist auf diesem Server nicht aktiviert: Dafür braucht es eine Transkriptionsverbindung oder ffmpeg auf dem Server.",
    );
    expect(t.dictation(basic)).toBe(
      "Einfache Offline-Erkennung (PocketSphinx): Sprechen Sie deutlich Englisch und prüfen Sie den Text vor dem Senden.",
    );
    expect(t.dictation("Speech is transcribed by whisper-1.")).toBe(
      "Die Sprache wird von whisper-1 transkribiert.",
    );
    expect(t.dictation("Ask the admin.")).toBe("Ask the admin.");
    expect(t.modelDescription({ id: "sdxl", description: "On the image server at images.lan:8080." })).toBe(
      "Auf dem Bildserver unter images.lan:8080.",
    );
  });

  it("reads each section once for a whole answer, in each language", async () => {
    const fixed = i18next.getFixedT(null, "catalogue");
    const sections: string[] = [];
    const counting = ((key: string, options?: object) => {
      if (options && "returnObjects" in options) sections.push(key);
      return fixed(key, options as never);
    }) as unknown as TFunction;
    const t = catalogueTexts(counting);
    const groups = MODEL_GROUPS.map((g) => ({
      ...g,
      models: g.models.map((m) => ({
        id: m.id,
        name: m.name,
        description: m.description,
        vision: false,
        research: false,
        available: true,
        provider: null,
        unavailableReason: null,
        requiredPlan: null,
      })),
    }));
    const english = t.models({ groups });
    expect(english.groups.flatMap((g) => g.models)).toHaveLength(
      MODEL_GROUPS.flatMap((g) => g.models).length,
    );
    expect(sections.sort()).toEqual(["groups", "models"]);
    await changeLanguage("fr");
    const french = t.models({ groups });
    expect(french.groups[0]!.models[0]!.description).not.toBe(english.groups[0]!.models[0]!.description);
    expect(sections.sort()).toEqual(["groups", "groups", "models", "models"]);
  });
});
