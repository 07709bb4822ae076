// Which models the next comparison asks. Until the person changes it, the spec's default models that
// are available here; a fifth model is refused with spec §5's message and stays unchecked.
import {
  COMPARISON_MESSAGES,
  DEFAULT_COMPARISON_MODELS,
  MAX_COMPARED_MODELS,
  type ModelAvailability,
} from "@tessera/contracts";
import { useState } from "react";
import { showComparisonError } from "../utils/compare-toasts";

export function useModelSelection(listed: ModelAvailability[]) {
  const [chosen, setChosen] = useState<string[] | null>(null);
  const listedIds = listed.map((m) => m.id);
  const defaults = DEFAULT_COMPARISON_MODELS.filter((id) => listedIds.includes(id));
  // A model no longer offered (its provider went away) is dropped from the choice.
  const selected = (chosen ?? defaults).filter((id) => listedIds.includes(id));

  const toggle = (modelId: string) => {
    if (selected.includes(modelId)) {
      setChosen(selected.filter((id) => id !== modelId));
      return;
    }
    if (selected.length >= MAX_COMPARED_MODELS) {
      showComparisonError(COMPARISON_MESSAGES.modelLimit);
      return;
    }
    setChosen([...selected, modelId]);
  };

  return { selected, toggle };
}
