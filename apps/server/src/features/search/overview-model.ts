// The model that writes a search's answer, settled before anything is stored or streamed: the one the
// caller named (known to the catalogue, served by a configured provider, on the caller's plan), else
// the search model, else Tessera Local. It reads the sources the search finds, handed over once found.
import { LOCAL_MODEL_ID, SEARCH_MODEL_ID, type LanguageCode } from "@tessera/contracts";
import { requireBudget } from "../../billing/budgets";
import { resolveModelOnPlan } from "../../billing/plans";
import type { Database } from "../../db/client";
import type { LlmRegistry, Passage, ResolvedModel } from "../../providers/llm/types";

export interface OverviewModel {
  resolved: Extract<ResolvedModel, { ok: true }>;
  /** Gives the model the search's sources (Tessera Local answers from exactly these). */
  read(passages: Passage[]): void;
  /** The reader's language: Tessera Local's framing and follow-ups are worded in it. */
  language: LanguageCode;
}

/**
 * Throws 400 for a model the catalogue does not know, 503 for one no provider serves, 403 for one
 * above the caller's plan, 429 once the caller's monthly budget is spent. Without a named model, null when neither the search model nor Tessera
 * Local can run (the search then ends with its error event, after the sources).
 */
export async function chooseOverviewModel(
  deps: { db: Database; llm: LlmRegistry },
  userId: string,
  requested: string | undefined,
  language: LanguageCode = "en",
): Promise<OverviewModel | null> {
  let passages: Passage[] = [];
  const ctx = { retrieve: () => Promise.resolve(passages), language };
  const read = (found: Passage[]) => {
    passages = found;
  };
  // The search model, named or not, is search's own: without a provider it is Tessera Local.
  if (requested && requested !== SEARCH_MODEL_ID)
    return { resolved: await resolveModelOnPlan(deps, userId, requested, ctx), read, language };
  // Search's own model is on every plan, but not past a spent budget.
  await requireBudget(deps.db, userId);
  let resolved = await deps.llm.resolve(SEARCH_MODEL_ID, ctx);
  if (!resolved.ok) resolved = await deps.llm.resolve(LOCAL_MODEL_ID, ctx);
  return resolved.ok ? { resolved, read, language } : null;
}
