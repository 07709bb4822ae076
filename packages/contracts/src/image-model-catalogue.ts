// The image models the product ships (spec 001 §3 image models), without schemas (images.ts has
// them), so the chat's first screen names them without the schema library.

/** The spec's default model; an instance without its provider defaults to the procedural one. */
export const DEFAULT_IMAGE_MODEL_ID = "imagen4";
/** The embedded default: an offline procedural renderer, not a diffusion model. */
export const PROCEDURAL_IMAGE_MODEL_ID = "tessera-sketch";

/** Models the product ships; an operator's OpenAI-compatible server adds `custom/<name>` ones. */
export const IMAGE_MODEL_CATALOGUE = [
  {
    id: DEFAULT_IMAGE_MODEL_ID,
    name: "Imagine 4",
    description: "Photorealistic images with fine detail and legible text.",
    typicalSeconds: { min: 3, max: 6 },
  },
  {
    id: "flux-pro",
    name: "FLUX 1.1 Pro",
    description: "Fast, sharp images that follow the prompt closely.",
    typicalSeconds: { min: 2, max: 5 },
  },
  {
    id: "gpt-image-1",
    name: "GPT Image 1",
    description: "Follows long, detailed instructions; slower.",
    typicalSeconds: { min: 15, max: 45 },
  },
  {
    id: PROCEDURAL_IMAGE_MODEL_ID,
    name: "Tessera Sketch (procedural, offline)",
    description:
      "An abstract composition drawn from your words on this server: colours and shapes, not a picture of them.",
    typicalSeconds: { min: 1, max: 1 },
  },
] as const;
