// The schemas of what the chat does after its first screen (sending, following an answer, reading a
// conversation's messages, switching a branch, dictation, search, tools, an assistant, a picture):
// loaded with `import()` when the action first runs, so the chat's first screen does not load the
// schema library.
import { storedMessageSchema, toolSummarySchema } from "@tessera/contracts";
import { z } from "zod";

export {
  assistantSchema,
  chatFollowEventSchema,
  chatStreamEventSchema,
  messageSearchPageSchema,
  transcriptionSchema,
  transcriptionStatusSchema,
} from "@tessera/contracts";

/** A page of a conversation's stored messages, oldest first. */
export const messagesSchema = z.array(storedMessageSchema);

export const toolsSchema = z.array(toolSummarySchema);

/** POST /api/chat-images: the stored picture. */
export const uploadedImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  contentType: z.string(),
  bytes: z.number(),
});
