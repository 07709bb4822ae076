// The search engine page's conversation: a question, then follow-ups that each name the previous
// search as their parent. One stream at a time; Stop aborts it and keeps what arrived. A thread can
// also be read back from history.
import type { JigsawSearchRequest, SavedSearch, SearchEvent } from "@tessera/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "@/lib/api-client";
import { searchQuery } from "../api/get-search";
import { searchesQuery } from "../api/get-searches";
import { streamJigsawSearch } from "../api/stream-jigsaw-search";
import { showSearchError } from "../utils/search-toasts";
import {
  applySearchEvent,
  ENDED_EARLY,
  failTurn,
  newTurn,
  stopTurn,
  turnFromSaved,
  type SearchTurn,
} from "../utils/search-turn";

export type SearchOptions = NonNullable<JigsawSearchRequest["options"]>;

/** A follow-up continues from the latest search of the thread the server knows about. */
const lastSearchId = (turns: SearchTurn[]) => turns.findLast((t) => t.searchId !== null)?.searchId ?? null;

export function useSearchThread() {
  const queryClient = useQueryClient();
  const [turns, setTurns] = useState<SearchTurn[]>([]);
  const [isSearching, setIsSearching] = useState(false);
  const [openingThread, setOpeningThread] = useState(false);
  // The latest turns, for stream callbacks that outlive the render that started them.
  const turnsRef = useRef<SearchTurn[]>([]);
  const controllerRef = useRef<AbortController | null>(null);
  const openingRef = useRef(0);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const commit = useCallback((next: SearchTurn[]) => {
    turnsRef.current = next;
    setTurns(next);
  }, []);
  const update = useCallback(
    (key: string, change: (turn: SearchTurn) => SearchTurn) =>
      commit(turnsRef.current.map((t) => (t.key === key ? change(t) : t))),
    [commit],
  );
  const refreshHistory = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: searchesQuery.queryKey, exact: true }),
    [queryClient],
  );

  /** Aborts the running search; its turn keeps what arrived and says it was stopped. */
  const stop = useCallback(() => {
    const controller = controllerRef.current;
    if (!controller) return;
    controllerRef.current = null;
    controller.abort();
    commit(turnsRef.current.map(stopTurn));
    setIsSearching(false);
  }, [commit]);

  const run = useCallback(
    async (query: string, options: SearchOptions, mode: "new" | "follow-up") => {
      const text = query.trim();
      if (!text || controllerRef.current) return;
      openingRef.current += 1;
      setOpeningThread(false);
      const parentId = mode === "follow-up" ? lastSearchId(turnsRef.current) : null;
      const turn = newTurn(text);
      commit(mode === "new" ? [turn] : [...turnsRef.current, turn]);
      const controller = new AbortController();
      controllerRef.current = controller;
      setIsSearching(true);

      let closing: SearchEvent | null = null;
      try {
        const body: JigsawSearchRequest = { query: text, options, ...(parentId ? { parentId } : {}) };
        for await (const event of streamJigsawSearch(body, controller.signal)) {
          if (controller.signal.aborted) break;
          update(turn.key, (t) => applySearchEvent(t, event));
          if (event.type === "start") refreshHistory();
          if (event.type === "complete" || event.type === "error") {
            closing = event;
            break;
          }
        }
        if (closing?.type === "error") showSearchError(closing.message);
        else if (!closing && !controller.signal.aborted) {
          update(turn.key, (t) => failTurn(t, ENDED_EARLY));
          showSearchError(ENDED_EARLY);
        }
      } catch (error) {
        if (!controller.signal.aborted) {
          const message = errorMessage(error);
          update(turn.key, (t) => failTurn(t, message));
          showSearchError(message);
        }
      } finally {
        if (controllerRef.current === controller) {
          controllerRef.current = null;
          setIsSearching(false);
        }
        refreshHistory();
      }
    },
    [commit, update, refreshHistory],
  );

  /** A new question: the thread starts over (related questions and the main search box). */
  const search = useCallback((query: string, options: SearchOptions) => run(query, options, "new"), [run]);
  /** A follow-up: asked under the thread, with the previous search as its parent. */
  const followUp = useCallback(
    (query: string, options: SearchOptions) => run(query, options, "follow-up"),
    [run],
  );

  /**
   * Shows a saved thread (its searches oldest first) as it was stored; answers its searches, or null
   * when it could not be read (or another thread was opened meanwhile).
   */
  const openThread = useCallback(
    async (searchIds: string[]): Promise<SavedSearch[] | null> => {
      stop();
      const ticket = ++openingRef.current;
      setOpeningThread(true);
      try {
        const saved = await Promise.all(searchIds.map((id) => queryClient.fetchQuery(searchQuery(id))));
        if (ticket !== openingRef.current) return null;
        commit(saved.map(turnFromSaved));
        return saved;
      } catch (error) {
        if (ticket === openingRef.current) showSearchError(errorMessage(error), "Could not open the search");
        return null;
      } finally {
        if (ticket === openingRef.current) setOpeningThread(false);
      }
    },
    [commit, queryClient, stop],
  );

  /** Back to an empty page (after the open thread was deleted, say). */
  const clear = useCallback(() => {
    stop();
    openingRef.current += 1;
    setOpeningThread(false);
    commit([]);
  }, [commit, stop]);

  return { turns, isSearching, openingThread, search, followUp, stop, openThread, clear };
}
