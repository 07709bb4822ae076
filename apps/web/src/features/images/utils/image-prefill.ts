// What another page hands the Image Creator (spec 001 §2, §5): `selectedImage` in localStorage
// ({prompt, model, aspectRatio}), and in sessionStorage `prefill_image_prompt`, `prefill_image_ar` and
// `prefill_image_auto` ('1' starts at once). Legacy model and ratio names are normalised; a ratio that
// is not one of the listed ones is ignored. Each key is used once.
import { normaliseAspectRatio, normaliseImageModel, type ImageAspectRatio } from "@tessera/contracts";

export const SELECTED_IMAGE_KEY = "selectedImage";
export const PREFILL_PROMPT_KEY = "prefill_image_prompt";
export const PREFILL_RATIO_KEY = "prefill_image_ar";
export const PREFILL_AUTO_KEY = "prefill_image_auto";

export interface ImagePrefill {
  prompt?: string;
  model?: string;
  aspectRatio?: ImageAspectRatio;
  autoStart: boolean;
}

function readSelectedImage(storage: Storage): Partial<Record<"prompt" | "model" | "aspectRatio", unknown>> {
  const raw = storage.getItem(SELECTED_IMAGE_KEY);
  if (!raw) return {};
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === "object" ? value : {};
  } catch (error) {
    console.warn("Ignoring an unreadable selectedImage", error);
    return {};
  }
}

/** Reads without removing, so it is safe in a state initialiser; `clearImagePrefill` consumes. */
export function readImagePrefill(
  local: Storage = localStorage,
  session: Storage = sessionStorage,
): ImagePrefill {
  const selected = readSelectedImage(local);
  const prefill: ImagePrefill = { autoStart: session.getItem(PREFILL_AUTO_KEY) === "1" };
  if (typeof selected.prompt === "string" && selected.prompt.trim()) prefill.prompt = selected.prompt;
  if (typeof selected.model === "string" && selected.model.trim())
    prefill.model = normaliseImageModel(selected.model);
  const selectedRatio = normaliseAspectRatio(selected.aspectRatio);
  if (selectedRatio) prefill.aspectRatio = selectedRatio;

  const prompt = session.getItem(PREFILL_PROMPT_KEY);
  if (prompt?.trim()) prefill.prompt = prompt;
  const ratio = normaliseAspectRatio(session.getItem(PREFILL_RATIO_KEY));
  if (ratio) prefill.aspectRatio = ratio;
  return prefill;
}

export function clearImagePrefill(local: Storage = localStorage, session: Storage = sessionStorage) {
  local.removeItem(SELECTED_IMAGE_KEY);
  for (const key of [PREFILL_PROMPT_KEY, PREFILL_RATIO_KEY, PREFILL_AUTO_KEY]) session.removeItem(key);
}

/** Hands a prompt to the Image Creator (history's "Use prompt"). */
export function storeSelectedImage(value: {
  prompt: string;
  model: string | null;
  aspectRatio: string | null;
}) {
  localStorage.setItem(SELECTED_IMAGE_KEY, JSON.stringify(value));
}
