// The search engine page's conversation: a question, then follow-ups that each name the previous
// search as their parent. One search at a time. A search outlives the page that asked for it (another
// thread opened, New search, another page): Stop names it to the server, and keeps what arrived. A
// thread can also be read back from history; a search of it still running is followed as it is stored,
// as is this page's own search when its stream is lost after it began.
import type { JigsawSearchRequest, SavedSearch, SearchEvent } from "@tessera/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, errorMessage } from "@/lib/api-client";
import { searchQuery } from "../api/get-search";
import { searchesQuery } from "../api/get-searches";
import { stopSearch } from "../api/stop-search";
import { streamJigsawSearch } from "../api/stream-jigsaw-search";
import { showSearchError } from "../utils/search-toasts";
import {
  applySearchEvent,
  ENDED_EARLY,
  failTurn,
  followedTurn,
  lostTurn,
  newTurn,
  stopTurn,
  turnFromSaved,
  withStored,
  type SearchTurn,
} from "../utils/search-turn";

export type SearchOptions = NonNullable<JigsawSearchRequest["options"]>;

/** How often a search still running, read back from history, is read again. */
export const FOLLOW_MS = 1_000;

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
  /** Streams stopped before the server named their search: read until it does, then stopped by name. */
  const stopOnStartRef = useRef(new Set<AbortController>());
  const openingRef = useRef(0);
  /** Bumped when reading a followed search failed for a moment, so the next read is scheduled. */
  const [followRetry, setFollowRetry] = useState(0);

  // Leaving the page lets the search go on; history reads it back.
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

  /** Stops reading this page's own stream; the search itself goes on (unless stopped by name). */
  const detach = useCallback(() => {
    const controller = controllerRef.current;
    if (!controller) return;
    controllerRef.current = null;
    setIsSearching(false);
    // One stopped before the server named its search is read on until it does (see `run`).
    if (!stopOnStartRef.current.has(controller)) controller.abort();
  }, []);

  /** Stops a search by its name, then shows what the server stored if that is more than arrived. */
  const stopByName = useCallback(
    (key: string, id: string) =>
      void stopSearch(id)
        .then(() => queryClient.fetchQuery(searchQuery(id)))
        .then((saved) => update(key, (t) => (t.phase === "stopped" ? withStored(t, saved) : t)))
        .catch((error: unknown) => showSearchError(errorMessage(error), "Could not stop the search"))
        .finally(refreshHistory),
    [queryClient, refreshHistory, update],
  );

  /**
   * Stop: the running search ends on the server where it stands; its turn keeps what arrived and says
   * it was stopped, then shows what the server stored if that is more. Stopped before the server named
   * it, the stream is read on (unseen) until it does, and it is stopped by that name.
   */
  const stop = useCallback(() => {
    const running = turnsRef.current.filter((t) => t.phase === "running");
    const controller = controllerRef.current;
    if (running.length === 0 && !controller) return;
    if (controller && running.some((t) => !t.searchId)) stopOnStartRef.current.add(controller);
    detach();
    commit(turnsRef.current.map(stopTurn));
    for (const turn of running) if (turn.searchId) stopByName(turn.key, turn.searchId);
  }, [commit, detach, stopByName]);

  // A search of an opened thread still running (its page was left) is read again until it ends.
  const followed = isSearching ? [] : turns.filter((t) => t.phase === "running" && t.searchId);
  const followedIds = followed.map((t) => t.searchId).join(" ");
  useEffect(() => {
    if (!followedIds) return;
    const timer = setTimeout(() => {
      void Promise.all(
        followedIds.split(" ").map((id) =>
          queryClient.fetchQuery(searchQuery(id)).then(
            (saved) => ({ id, saved, gone: null }),
            (error: unknown) => {
              // Deleted meanwhile: it says so. Anything else is tried again at the next read.
              if (error instanceof ApiError && error.status === 404)
                return { id, saved: null, gone: errorMessage(error) };
              throw error;
            },
          ),
        ),
      ).then(
        (read) => {
          let ended = false;
          commit(
            turnsRef.current.map((t) => {
              const found = read.find((r) => r.id === t.searchId);
              if (!found || t.phase !== "running") return t;
              if (found.gone) return failTurn(t, found.gone);
              if (found.saved!.status !== "running") ended = true;
              return followedTurn(t, found.saved!);
            }),
          );
          if (ended) refreshHistory();
        },
        () => setFollowRetry((n) => n + 1),
      );
    }, FOLLOW_MS);
    return () => clearTimeout(timer);
    // `turns` changes with every read, which schedules the next one.
  }, [followedIds, turns, followRetry, commit, queryClient, refreshHistory]);

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
      /** The stream was lost: followed as stored once the search began, else a failure said aloud. */
      const lost = (message: string) => {
        const began = turnsRef.current.find((t) => t.key === turn.key)?.searchId;
        update(turn.key, (t) => lostTurn(t, message));
        if (!began) showSearchError(message);
      };
      /** Still this page's to show: not left, and not stopped before the server named the search. */
      const heard = () => !controller.signal.aborted && !stopOnStartRef.current.has(controller);
      try {
        const body: JigsawSearchRequest = { query: text, options, ...(parentId ? { parentId } : {}) };
        for await (const event of streamJigsawSearch(body, controller.signal)) {
          if (controller.signal.aborted) break;
          if (stopOnStartRef.current.has(controller)) {
            if (event.type !== "start") continue;
            update(turn.key, (t) => ({ ...t, searchId: event.searchId }));
            stopByName(turn.key, event.searchId);
            controller.abort();
            break;
          }
          update(turn.key, (t) => applySearchEvent(t, event));
          if (event.type === "start") refreshHistory();
          if (event.type === "complete" || event.type === "error") {
            closing = event;
            break;
          }
        }
        if (closing?.type === "error") showSearchError(closing.message);
        else if (!closing && heard()) lost(ENDED_EARLY);
      } catch (error) {
        if (heard()) lost(errorMessage(error));
      } finally {
        stopOnStartRef.current.delete(controller);
        if (controllerRef.current === controller) {
          controllerRef.current = null;
          setIsSearching(false);
        }
        refreshHistory();
      }
    },
    [commit, update, refreshHistory, stopByName],
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
      detach();
      const ticket = ++openingRef.current;
      setOpeningThread(true);
      try {
        const saved = await Promise.all(searchIds.map((id) => queryClient.fetchQuery(searchQuery(id))));
        if (ticket !== openingRef.current) return null;
        commit(saved.map((s) => turnFromSaved(s)));
        return saved;
      } catch (error) {
        if (ticket === openingRef.current) showSearchError(errorMessage(error), "Could not open the search");
        return null;
      } finally {
        if (ticket === openingRef.current) setOpeningThread(false);
      }
    },
    [commit, queryClient, detach],
  );

  /** Back to an empty page (New search; after the open thread was deleted, say). */
  const clear = useCallback(() => {
    detach();
    openingRef.current += 1;
    setOpeningThread(false);
    commit([]);
  }, [commit, detach]);

  return {
    turns,
    // A followed search is running too: one search at a time, and Stop names it.
    isSearching: isSearching || followed.length > 0,
    openingThread,
    search,
    followUp,
    stop,
    openThread,
    clear,
  };
}
