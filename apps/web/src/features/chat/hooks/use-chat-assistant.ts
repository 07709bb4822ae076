// The assistant this chat answers as (`?assistant=<id>`): loaded from the server, its model chosen
// once it arrives, kept in the address while the conversation starts, and dropped with a toast when
// it cannot be used (deleted, or private to someone else).
import i18next from "i18next";
import type { ModelAvailability } from "@tessera/contracts";
import { useCallback, useEffect } from "react";
import { useSearchParams } from "react-router";
import { toast } from "@/lib/toast";
import { errorMessage, isNotFound } from "@/lib/api-client";
import { useAssistant } from "../api/get-assistant";

export function useChatAssistant({ onModel }: { onModel: (model: string) => void }) {
  const [params, setParams] = useSearchParams();
  const assistantId = params.get("assistant");
  const { data, error } = useAssistant(assistantId);
  const assistant = data && data.id === assistantId ? data : null;

  const leave = useCallback(
    () =>
      setParams(
        (p) => {
          p.delete("assistant");
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );

  useEffect(() => {
    if (!error) return;
    const gone = isNotFound(error);
    const say = (key: string) => i18next.t(`assistant.${key}`, { ns: "chat" });
    toast.error(gone ? say("notFound") : say("loadFailed"), {
      description: gone ? say("notFoundDetail") : errorMessage(error),
    });
    leave();
  }, [error, leave]);

  const model = assistant?.settings.model;
  useEffect(() => {
    if (model) onModel(model);
  }, [model, onModel]);

  /** A chat address that keeps the assistant (`/dashboard/chat?conversation=…` → `…&assistant=…`). */
  const withAssistant = useCallback(
    (path: string) => {
      if (!assistantId) return path;
      const [base, query = ""] = path.split("?");
      const next = new URLSearchParams(query);
      next.set("assistant", assistantId);
      return `${base}?${next.toString()}`;
    },
    [assistantId],
  );

  /** The empty conversation introduces the assistant rather than the model under it. */
  const present = (info: ModelAvailability | null): ModelAvailability | null =>
    assistant && info ? { ...info, name: assistant.name, description: assistant.description } : info;

  return { assistantId, assistant, leave, withAssistant, present };
}
