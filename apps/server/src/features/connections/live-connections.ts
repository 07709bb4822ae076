// The providers every feature uses, built from the effective configuration (environment + the
// Connections page) and built again whenever a connection or a catalogue choice changes, in every
// process: a change made here is applied before its request answers; one made by another process
// arrives as a notice on `tessera_connections`. What a feature holds (`llm`, `search`, …) never
// changes; each call goes to what is current, so resolving a model stays a map lookup.
import type { DatabaseHandle } from "../../db/client";
import type { Env } from "../../env";
import type { Cipher } from "../../lib/crypto";
import type { Logger } from "../../lib/logger";
import { createImageRegistry, type ImageRegistry } from "../../providers/images/registry";
import type { SmtpSettings } from "../../providers/mail/mailer";
import { createLlmRegistry } from "../../providers/llm/registry";
import type { LlmRegistry } from "../../providers/llm/types";
import { createSearchProvider } from "../../providers/search/registry";
import type { SearchIndex, SearchProvider } from "../../providers/search/types";
import { createSpeechProvider } from "../../providers/speech/registry";
import type { SpeechProvider } from "../../providers/speech/types";
import {
  createTranscription,
  transcriptionConfig,
  type Transcription,
} from "../../providers/transcription/registry";
import { effectiveConfig, type EffectiveConfig } from "./effective-config";
import { CONNECTIONS_CHANNEL, readStored, type Stored } from "./stored-connections";

/** After a failed rebuild (the database unreachable), how long until it is tried again. */
const RETRY_MS = 5_000;

export interface LiveConnections {
  llm: LlmRegistry;
  /** The configured web search provider, else the local index. */
  search: SearchProvider;
  images: ImageRegistry;
  speech: SpeechProvider;
  transcription: Transcription;
  smtp(): SmtpSettings | null;
  /** What was read and merged last, for the admin's page. */
  current(): { stored: Stored; effective: EffectiveConfig };
  /** Reads the database and rebuilds; resolves once what was committed before the call is in use. */
  reload(): Promise<void>;
  /** Hears the other processes' changes until the database closes. */
  listen(database: DatabaseHandle): Promise<void>;
}

interface Built {
  stored: Stored;
  effective: EffectiveConfig;
  llm: LlmRegistry;
  search: SearchProvider;
  images: ImageRegistry;
  speech: SpeechProvider;
  transcription: Transcription;
}

export function createLiveConnections(deps: {
  env: Env;
  logger: Logger;
  cipher: Cipher;
  db: DatabaseHandle["db"];
  index: SearchIndex;
}): LiveConnections {
  const { env, logger } = deps;
  // Looking for ffmpeg and PocketSphinx on the host is done once; only the remote part changes.
  const offline = transcriptionConfig(env);
  const build = (stored: Stored): Built => {
    const effective = effectiveConfig(env, stored);
    return {
      stored,
      effective,
      llm: createLlmRegistry(effective.llm, { logger }),
      search: createSearchProvider(effective.search, deps.index),
      images: createImageRegistry(effective.images),
      speech: createSpeechProvider({ openai: effective.speech, timeoutMs: env.VOICE_TIMEOUT_MS }),
      transcription: createTranscription({ ...offline, remote: effective.transcription }),
    };
  };
  // Until the first read, the environment alone (main.ts reads before it serves).
  let built = build({ connections: [], catalogue: [] });

  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  let retry: NodeJS.Timeout | undefined;
  const load = async () => {
    built = build(await readStored(deps.db, deps.cipher));
    logger.info(
      { event: "connections.applied", connections: built.stored.connections.length },
      "connections applied",
    );
  };
  // One read at a time; a change announced during a read is read again once it ends.
  const reload = (): Promise<void> => {
    if (!running) {
      running = load().finally(() => (running = null));
      return running;
    }
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return reload();
      });
    return queued;
  };
  const reloadInBackground = () => {
    clearTimeout(retry);
    reload().catch((err: unknown) => {
      logger.warn(
        { event: "connections.reload_failed", err: err instanceof Error ? err.message : String(err) },
        "could not read connections; trying again",
      );
      retry = setTimeout(reloadInBackground, RETRY_MS);
      retry.unref();
    });
  };

  return {
    llm: {
      listModels: () => built.llm.listModels(),
      resolve: (id, ctx) => built.llm.resolve(id, ctx),
    },
    search: {
      get id() {
        return built.search.id;
      },
      search: (request) => built.search.search(request),
    },
    images: {
      list: () => built.images.list(),
      defaultModel: () => built.images.defaultModel(),
      resolve: (id) => built.images.resolve(id),
    },
    speech: {
      get id() {
        return built.speech.id;
      },
      get engine() {
        return built.speech.engine;
      },
      speak: (text, voice, options) => built.speech.speak(text, voice, options),
    },
    transcription: {
      get transcriber() {
        return built.transcription.transcriber;
      },
      get status() {
        return built.transcription.status;
      },
    },
    smtp: () => built.effective.smtp,
    current: () => ({ stored: built.stored, effective: built.effective }),
    reload,
    async listen(database) {
      await database.listen(CONNECTIONS_CHANNEL, {
        notice: reloadInBackground,
        // Notices may have been missed while the listener was down: read everything again.
        state: (up) => {
          if (up) reloadInBackground();
        },
      });
    },
  };
}
