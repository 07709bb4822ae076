// Wraps every remote model so the chat feature gets one behaviour from all vendors: at most one
// upstream request per call, failures as `error` parts (also when the socket dies mid-stream, which
// otherwise throws out of the AI SDK's iterator), aborts as `abort` parts, and no keys in errors.
import type { LanguageModelV3, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { abortError, sanitizeUpstreamError, StreamInterruptedError } from "./llm-errors";

export function guardUpstreamModel(model: LanguageModelV3, secrets: readonly string[]): LanguageModelV3 {
  return {
    specificationVersion: "v3",
    provider: model.provider,
    modelId: model.modelId,
    get supportedUrls() {
      return model.supportedUrls;
    },
    async doGenerate(options) {
      try {
        return await model.doGenerate(options);
      } catch (error) {
        throw sanitizeUpstreamError(error, secrets);
      }
    },
    async doStream(options) {
      try {
        const result = await model.doStream(options);
        return { ...result, stream: settleStream(result.stream, options.abortSignal, secrets) };
      } catch (error) {
        if (options.abortSignal?.aborted) throw abortError(options.abortSignal);
        throw sanitizeUpstreamError(error, secrets);
      }
    },
  };
}

/**
 * Re-emits the provider's parts. A read failure becomes a final `error` part, unless the caller
 * aborted: then the stream ends with an abort-like error, which is what makes streamText emit `abort`.
 */
function settleStream(
  source: ReadableStream<LanguageModelV3StreamPart>,
  abortSignal: AbortSignal | undefined,
  secrets: readonly string[],
): ReadableStream<LanguageModelV3StreamPart> {
  const reader = source.getReader();
  return new ReadableStream<LanguageModelV3StreamPart>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        controller.enqueue(
          value.type === "error"
            ? { type: "error", error: sanitizeUpstreamError(value.error, secrets) }
            : value,
        );
      } catch (error) {
        if (abortSignal?.aborted) return controller.error(abortError(abortSignal));
        controller.enqueue({
          type: "error",
          error: new StreamInterruptedError(sanitizeUpstreamError(error, secrets)),
        });
        controller.close();
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}
