// Why a background job failed (a document's indexing, an embedding model's build, an image), in the
// reader's language. The server stores its English (JOB_FAILURE_MESSAGES); what a provider said of
// itself is shown as it is. The texts are the `jobs` namespace, which the pages that show them fetch
// with their route (app/signed-in-routes.tsx), so sign-in's first script does not carry them.
import { JOB_FAILURE_MESSAGES } from "@tessera/contracts";
import i18next from "i18next";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";

type Translate = (key: string, values: Record<string, number>) => string;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// Each message as a pattern: `{{seconds}}` matches a whole number and is handed to the translation.
const KNOWN = Object.entries(JOB_FAILURE_MESSAGES).map(([key, text]) => {
  const names = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);
  const pattern = new RegExp(`^${escape(text).replace(/\\\{\\\{\w+\\\}\\\}/g, "(\\d+)")}$`);
  return { key, names, pattern };
});

function wordAgain(message: string, translate: Translate): string {
  for (const { key, names, pattern } of KNOWN) {
    const match = pattern.exec(message);
    if (!match) continue;
    return translate(key, Object.fromEntries(names.map((name, i) => [name, Number(match[i + 1])])));
  }
  return message;
}

/** A stored reason in the current language, outside React; the `jobs` texts must be in already. */
export function jobFailureText(message: string): string {
  return wordAgain(message, (key, values) => i18next.t(key, { ns: "jobs", ...values }));
}

/**
 * `jobFailureText` for a component: it waits (suspends) until the `jobs` texts are in, so no reason
 * shows as its key, and renders again when the language changes.
 */
export function useJobFailureText(): (message: string) => string {
  const { t } = useTranslation("jobs");
  return useCallback((message: string) => wordAgain(message, (key, values) => t(key, values)), [t]);
}
