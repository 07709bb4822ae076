// Models this server runs itself (Tessera Local, and GGUF models on llama.cpp) cost nothing a call:
// their answers are stored with a cost of 0, not an unknown one.
import type { ProviderId } from "@tessera/contracts";

export const runsInProcess = (provider: ProviderId) =>
  provider === "tessera-local" || provider === "llama-cpp";
