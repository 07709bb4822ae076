// Titles the server stores when a person gave none (documents.ts, import/formats/imported.ts). The
// stored title stays English; while it is still that default, the reader sees it in their language.
import i18next from "i18next";

const DEFAULTS: Record<string, "untitledDocument" | "importedConversation"> = {
  "Untitled document": "untitledDocument",
  "Imported conversation": "importedConversation",
};

/** The title to show: a shipped default in the reader's language, anything else as it is. */
export function shownTitle(title: string): string {
  const key = Object.hasOwn(DEFAULTS, title) ? DEFAULTS[title] : undefined;
  return key ? i18next.t(`defaultTitles.${key}`, { ns: "common" }) : title;
}
