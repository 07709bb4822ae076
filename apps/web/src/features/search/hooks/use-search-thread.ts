// The search engine page's conversation: a question, then follow-ups that each name the previous
// search as their parent. One search at a time. Each search is a durable answer (lib/durable-answer):
// it outlives the page that asked for it, Stop names it to the server and keeps what arrived, and one
// still running (read back from history, or whose stream was lost) is followed as it is stored. This
// hook supplies what is search's: its request, what its events mean, how it is stopped and read.
import type { JigsawSearchRequest, SavedSearch, SearchEvent } from "@tessera/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, errorMessage } from "@/lib/api-client";
import { endedAnswer, isRunning, type DurableAnswer } from "@/lib/durable-answer/durable-answer";
import { useDurableAnswers } from "@/lib/durable-answer/use-durable-answers";
import { searchQuery } from "../api/get-search";
import { searchesQuery } from "../api/get-searches";
import { stopSearch } from "../api/stop-search";
import { streamJigsawSearch } from "../api/stream-jigsaw-search";
import { showSearchError } from "../utils/search-toasts";
import {
  endedEarly,
  foundFromSaved,
  nextTurnKey,
  nothingFound,
  savedPhase,
  searchEventMeaning,
  searchTurn,
  storedSearch,
  type SearchFound,
  type SearchTurn,
} from "../utils/search-turn";

export type SearchOptions = NonNullable<JigsawSearchRequest["options"]>;

/** A follow-up continues from the latest search of the thread the server knows about. */
const lastSearchId = (turns: SearchTurn[]) => turns.findLast((t) => t.searchId !== null)?.searchId ?? null;

export function useSearchThread() {
  const { t } = useTranslation("search");
  const queryClient = useQueryClient();
  const refreshHistory = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: searchesQuery.queryKey, exact: true }),
    [queryClient],
  );
  const answers = useDurableAnswers<SearchEvent, SearchFound, SavedSearch>({
    meaning: searchEventMeaning,
    stop: (id) =>
      stopSearch(id)
        .catch((error: unknown) => {
          showSearchError(errorMessage(error), t("errors.stopFailed"));
          throw error;
        })
        .finally(refreshHistory),
    // Deleted meanwhile, it is not there; anything else is tried again at the next read.
    read: (id) =>
      queryClient.fetchQuery(searchQuery(id)).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
    stored: storedSearch,
    errorText: errorMessage,
    endedEarly: endedEarly(),
    goneText: t("errors.gone"),
  });
  const { answers: shown, start, follow, put, release, anyRunning, stop: stopAll } = answers;

  /** The questions of the thread shown, in order; their searches are the answers under their keys. */
  const [thread, setThread] = useState<{ key: string; query: string }[]>([]);
  const turns = thread.flatMap(({ key, query }) => {
    const answer = shown.get(key);
    return answer ? [searchTurn(key, query, answer)] : [];
  });
  // The latest turns, for a follow-up asked before the next render.
  const turnsRef = useRef(turns);
  turnsRef.current = turns;
  const [openingThread, setOpeningThread] = useState(false);
  const openingRef = useRef(0);

  /** Started or ended here: the history says so. A failure on this page's own stream is said aloud. */
  const changed = useCallback(
    (answer: DurableAnswer<SearchFound>, before: DurableAnswer<SearchFound>) => {
      if ((answer.name && !before.name) || (isRunning(before.phase) && !isRunning(answer.phase)))
        refreshHistory();
      if (answer.phase === "failed" && answer.reading === "stream")
        showSearchError(answer.error ?? endedEarly());
    },
    [refreshHistory],
  );

  const run = useCallback(
    async (query: string, options: SearchOptions, mode: "new" | "follow-up") => {
      const text = query.trim();
      if (!text || anyRunning()) return;
      openingRef.current += 1;
      setOpeningThread(false);
      const parentId = mode === "follow-up" ? lastSearchId(turnsRef.current) : null;
      const body: JigsawSearchRequest = { query: text, options, ...(parentId ? { parentId } : {}) };
      const key = nextTurnKey();
      // A new question starts the thread over: the searches shown before go on without the page.
      if (mode === "new") release();
      setThread((now) => [...(mode === "new" ? [] : now), { key, query: text }]);
      await start(key, {
        value: nothingFound(),
        open: (signal) => streamJigsawSearch(body, signal),
        changed,
      });
    },
    [anyRunning, release, start, changed],
  );

  /** A new question: the thread starts over (related questions and the main search box). */
  const search = useCallback((query: string, options: SearchOptions) => run(query, options, "new"), [run]);
  /** A follow-up: asked under the thread, with the previous search as its parent. */
  const followUp = useCallback(
    (query: string, options: SearchOptions) => run(query, options, "follow-up"),
    [run],
  );

  /**
   * Shows a saved thread (its searches oldest first) as it was stored, following a search of it still
   * running; answers its searches, or null when it could not be read (or another thread was opened).
   */
  const openThread = useCallback(
    async (searchIds: string[]): Promise<SavedSearch[] | null> => {
      const ticket = ++openingRef.current;
      setOpeningThread(true);
      try {
        const saved = await Promise.all(searchIds.map((id) => queryClient.fetchQuery(searchQuery(id))));
        if (ticket !== openingRef.current) return null;
        const keyed = saved.map((s) => ({ key: nextTurnKey(), saved: s }));
        release();
        setThread(keyed.map(({ key, saved: s }) => ({ key, query: s.query })));
        for (const { key, saved: s } of keyed) {
          if (s.status === "running") void follow(key, s.id, { value: foundFromSaved(s), changed });
          else put(key, endedAnswer(s.id, savedPhase(s), foundFromSaved(s)));
        }
        return saved;
      } catch (error) {
        if (ticket === openingRef.current) showSearchError(errorMessage(error), t("errors.openFailed"));
        return null;
      } finally {
        if (ticket === openingRef.current) setOpeningThread(false);
      }
    },
    [queryClient, release, follow, put, changed, t],
  );

  /** Back to an empty page (New search; after the open thread was deleted, say). */
  const clear = useCallback(() => {
    release();
    openingRef.current += 1;
    setOpeningThread(false);
    setThread([]);
  }, [release]);

  /** Stops the running search (this page's, or one followed) by its name; what arrived is kept. */
  const stop = useCallback(() => stopAll(), [stopAll]);

  // A followed search is running too: one search at a time, and Stop names it.
  return { turns, isSearching: answers.running, openingThread, search, followUp, stop, openThread, clear };
}
