/**
 * Server suites that open no database. They run once, in the PGlite project: the PostgreSQL project
 * would only run the same code again (the eSpeak voices alone take 40 s of a core). Paths are from
 * apps/server. database-free.test.ts checks that none of them reaches a database, so a suite that
 * starts to use one cannot quietly lose its run on the PostgreSQL server.
 */
export const DATABASE_FREE_SUITES = [
  "src/auth/session-cache.test.ts",
  "src/env.test.ts",
  "src/features/chat/export-conversation.test.ts",
  "src/knowledge/parser-pool.test.ts",
  "src/lib/answer-relay.test.ts",
  "src/lib/body-limit.test.ts",
  "src/lib/guarded-fetch.test.ts",
  "src/lib/idle-collection.test.ts",
  "src/lib/pdf-expansion.test.ts",
  "src/lib/pdf-structure.test.ts",
  "src/lib/rate-limiter.test.ts",
  "src/lib/secrets.test.ts",
  "src/lib/sse-response.test.ts",
  "src/lib/stream-store.test.ts",
  "src/providers/images/procedural.test.ts",
  "src/providers/images/registry.test.ts",
  "src/providers/llm/event-stream.test.ts",
  "src/providers/llm/gguf/gguf-header.test.ts",
  "src/providers/llm/gguf/gguf-language-model.test.ts",
  "src/providers/llm/gguf/llama-cpu-lock.test.ts",
  "src/providers/llm/local-answer.test.ts",
  "src/providers/llm/openai-chat-model.test.ts",
  "src/providers/llm/registry.test.ts",
  "src/providers/llm/remote-models.test.ts",
  "src/providers/llm/remote-streaming.test.ts",
  "src/providers/llm/tessera-local.test.ts",
  "src/providers/search/search-providers.test.ts",
  "src/providers/speech/espeak.test.ts",
  "src/providers/speech/mp3-frames.test.ts",
  "src/providers/speech/openai-speech.test.ts",
  "src/providers/speech/split-script.test.ts",
];
