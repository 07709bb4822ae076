import { spawn } from "node:child_process";
import { mkdtempSync, openSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { startCanaryServer } from "./canary-server";
import {
  E2E_MODEL_ANSWERS,
  EPIC_CHUNKS,
  EPIC_MODEL,
  SAGA_CHUNKS,
  SAGA_MODEL,
  TOOL_MODELS,
} from "./e2e-models";
import { HOSTILE_MODEL, hostileCorpus, streamChunks } from "./hostile-corpus";
import { waitForMailLink } from "./mail";
import { startModelFileServer } from "./model-file-server";
import { startModelServer } from "./openai-compatible-server";
import { startSmtpCatcher } from "./smtp-catcher";

const root = resolve(import.meta.dirname, "../..");

/**
 * The server's PATH: the host's, then the folder of the ffmpeg inside the npm package
 * @ffmpeg-installer/ffmpeg, so dictation has one on a machine without ffmpeg (the host's comes first).
 */
function pathWithPackagedFfmpeg(): string {
  const { path } = createRequire(import.meta.url)("@ffmpeg-installer/ffmpeg") as { path: string };
  return [process.env.PATH, dirname(path)].filter(Boolean).join(delimiter);
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolvePort(port));
    });
  });
}

const ADMIN = { email: "admin@tessera.test", password: "admin-password-long-enough", name: "Instance Admin" };

/** Signs the admin up through the real API, follows the verification mail, signs in: its token. */
async function signUpAdmin(url: string): Promise<string> {
  const headers = { "content-type": "application/json", origin: url };
  const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ ...ADMIN, callbackURL: "/" }),
  });
  if (!signUp.ok) throw new Error(`admin sign-up failed: ${signUp.status}`);
  const link = await waitForMailLink(ADMIN.email, /Confirm your Tessera account/);
  // The link signs in only in the browser that signed up, which its cookie names.
  await fetch(link, {
    redirect: "manual",
    headers: { cookie: signUp.headers.get("set-cookie")?.split(";")[0] ?? "" },
  });
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  const token = signIn.headers.get("set-auth-token");
  if (!signIn.ok || !token) throw new Error(`admin sign-in failed: ${signIn.status}`);
  return token;
}

export default async function globalSetup() {
  const work = mkdtempSync(join(tmpdir(), "tessera-e2e-"));
  const mailDir = join(work, "mail");
  const smtp = await startSmtpCatcher(mailDir);
  // Two models on an operator's OpenAI-compatible server: listed as local/alpha-7b and local/beta-13b.
  // Paced so an answer takes about a second: long enough to be seen streaming.
  // A third, hostile-1, answers with the hostile corpus; its outside addresses point at the canary.
  // A fourth, saga-1, answers at length (about 12 s), to be left and come back to; a fifth, epic-1,
  // answers for longer than any journey runs, to be stopped after coming back.
  const canaryLog = join(work, "canary.jsonl");
  const canary = await startCanaryServer(canaryLog);
  // A GGUF file on loopback, for the admin's local-models journey to download (paced, a few seconds).
  const modelFile = await startModelFileServer();
  const hostile = { [HOSTILE_MODEL]: streamChunks(hostileCorpus(canary.url)) };
  const long = { [SAGA_MODEL]: SAGA_CHUNKS, [EPIC_MODEL]: EPIC_CHUNKS };
  // Two more, clock-1 and echo-1, answer with tool calls (the built-in clock, the MCP echo).
  const models = await startModelServer({ ...E2E_MODEL_ANSWERS, ...hostile, ...long }, 150, TOOL_MODELS);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = join(work, "server.log");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: pathWithPackagedFfmpeg(),
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    DATA_DIR: join(work, "data"),
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    LOG_LEVEL: "info",
    RATE_LIMIT_SIGN_IN: "200",
    RATE_LIMIT_SIGN_UP: "200",
    // Slow enough that pressing Stop lands while Tessera Local is still answering.
    LOCAL_MODEL_PACE_MS: "40",
    OPENAI_BASE_URL: models.url,
    OPENAI_API_KEY: "test",
    // The instance admin the journeys use to put an account on a plan (see fixtures' setPlan).
    ADMIN_EMAILS: ADMIN.email,
    // Plans enforced without Stripe (the free trial, admin-set plans), as the journeys of locked
    // features and the pricing page expect; with billing off (the default then) plans gate nothing.
    BILLING: "on",
  };
  delete env.DATABASE_URL; // journeys run against the embedded default, PGlite
  const out = openSync(logFile, "a");
  const server = spawn(process.execPath, [join(root, "apps/server/dist/main.js")], {
    env,
    stdio: ["ignore", out, out],
  });

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}; see ${logFile}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  // With REDIS_URL (as .ci/run sets it) the built server counts rate limits there once connected.
  if (env.REDIS_URL) {
    for (;;) {
      const { rateLimits } = (await (await fetch(`${url}/api/health`)).json()) as { rateLimits: string };
      if (rateLimits === "redis") break;
      if (Date.now() > deadline)
        throw new Error(`rate limits are counted in "${rateLimits}", not Redis; see ${logFile}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  process.env.TESSERA_E2E_URL = url;
  process.env.TESSERA_E2E_MAIL_DIR = mailDir;
  process.env.TESSERA_E2E_SERVER_LOG = logFile;
  process.env.TESSERA_E2E_CANARY_URL = canary.url;
  process.env.TESSERA_E2E_CANARY_LOG = canaryLog;
  // The loopback model server, for the admin's Connections journey to connect from the page.
  process.env.TESSERA_E2E_MODELS_URL = models.url;
  process.env.TESSERA_E2E_GGUF_URL = modelFile.url;
  process.env.TESSERA_E2E_ADMIN_TOKEN = await signUpAdmin(url);

  return async () => {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    await smtp.close();
    await models.close();
    await canary.close();
    await modelFile.close();
  };
}
