// generate_image: one picture from the image providers, counted against the plan's images exactly as
// the image creator counts it (the same reservation), waited for, and named with its address.
import { IMAGE_ASPECT_RATIOS } from "@tessera/contracts";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { generatedImages } from "../../db/schema";
import { startImageGeneration, type StartDeps } from "../../features/images/start-image-generation";
import { errorMessage, toolError } from "../cap-output";
import type { ToolDefinition } from "../types";

const inputSchema = z.object({
  prompt: z.string().trim().min(1).max(2_000),
  aspect_ratio: z.enum(IMAGE_ASPECT_RATIOS).optional(),
});

export function generateImageTool(deps: StartDeps & { publicUrl: string }): ToolDefinition {
  return {
    id: "builtin:generate_image",
    name: "generate_image",
    description:
      "Create an image from a description. Returns the image's address. Each image counts against the person's monthly images.",
    inputSchema: {
      type: "object",
      properties: {
        prompt: { type: "string", description: "What the image shows." },
        aspect_ratio: { type: "string", enum: [...IMAGE_ASPECT_RATIOS] },
      },
      required: ["prompt"],
    },
    source: "builtin",
    requireApproval: false,
    async run(input, ctx) {
      const parsed = inputSchema.safeParse(input);
      if (!parsed.success) return toolError("prompt must be a non-empty text of at most 2,000 characters.");
      try {
        const { image, job } = await startImageGeneration(deps, ctx.userId, {
          prompt: parsed.data.prompt,
          aspect_ratio: parsed.data.aspect_ratio ?? "1:1",
        });
        // Stop stops the wait; the image, already counted, is still made and kept in AI Images.
        await untilAborted(job, ctx.signal);
        if (ctx.signal.aborted)
          return toolError("Stopped before the image was ready; it will appear in AI Images.");
        const [row] = await deps.db.select().from(generatedImages).where(eq(generatedImages.id, image.id));
        if (!row?.storageKey || row.status !== "completed")
          return toolError(`The image could not be made: ${row?.error ?? "no reason given"}`);
        const url = new URL(deps.storage.publicUrl(row.storageKey), deps.publicUrl).toString();
        return {
          output: `Image created (${row.width ?? "?"}×${row.height ?? "?"}, model ${row.model}): ${url}`,
          isError: false,
        };
      } catch (err) {
        return toolError(`The image could not be made: ${errorMessage(err)}`);
      }
    },
  };
}

function untilAborted(work: Promise<void>, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      signal.removeEventListener("abort", done);
      resolve();
    };
    signal.addEventListener("abort", done, { once: true });
    void work.finally(done);
  });
}
