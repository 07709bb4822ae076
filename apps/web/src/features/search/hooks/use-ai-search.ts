// The simple search page's one answer: the chunks of /api/ai-search joined as they arrive. A new
// question replaces the answer; Stop keeps what arrived.
import { SEARCH_MESSAGES, type AiSearchRequest } from "@tessera/contracts";
import i18next from "i18next";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "@/lib/api-client";
import { streamAiSearch } from "../api/stream-ai-search";
import { showSearchError } from "../utils/search-toasts";
import { endedEarly } from "../utils/search-turn";

export type AiSearchPhase = "idle" | "searching" | "done" | "stopped" | "error";

export function useAiSearch() {
  const [answer, setAnswer] = useState("");
  const [question, setQuestion] = useState<string | null>(null);
  const [phase, setPhase] = useState<AiSearchPhase>("idle");
  const [error, setError] = useState<string | null>(null);
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => () => controllerRef.current?.abort(), []);

  /** `model` and `searchType` as the API takes them: left out, the server's own choice. */
  const ask = useCallback(async (query: string, options: Omit<AiSearchRequest, "query"> = {}) => {
    const text = query.trim();
    if (controllerRef.current) return;
    if (!text) {
      setError(SEARCH_MESSAGES.emptyQuery);
      return;
    }
    const controller = new AbortController();
    controllerRef.current = controller;
    setQuestion(text);
    setAnswer("");
    setError(null);
    setPhase("searching");
    const fail = (message: string) => {
      setError(message);
      setPhase("error");
      showSearchError(message);
    };
    let written = "";
    let ended = false;
    try {
      for await (const event of streamAiSearch({ query: text, ...options }, controller.signal)) {
        if (controller.signal.aborted) break;
        if (event.type === "chunk") setAnswer((written += event.content));
        else {
          ended = true;
          if (event.type === "error") fail(event.error || i18next.t("search:errors.failed"));
          else setPhase("done");
          break;
        }
      }
      if (!ended && !controller.signal.aborted) fail(endedEarly());
    } catch (err) {
      if (!controller.signal.aborted) fail(errorMessage(err));
    } finally {
      if (controllerRef.current === controller) controllerRef.current = null;
    }
  }, []);

  const stop = useCallback(() => {
    const controller = controllerRef.current;
    if (!controller) return;
    controllerRef.current = null;
    controller.abort();
    setPhase("stopped");
  }, []);

  return { question, answer, phase, error, ask, stop, clearError: () => setError(null) };
}
