// Row 9: the OpenAI-compatible API's added time to first token, beside the chat stream's, in one run.
// One person on Max with a personal key; the same raw client asks the loopback upstream directly,
// Tessera's chat stream and /v1/chat/completions in turn, one answer at a time, so drifts in the
// machine's load hit all three alike.
import type { BenchContext, BenchNotes, BenchSection, GoalRow } from "./lib/report";
import { verdict } from "./lib/report";
import { newAgent, streamOnce } from "./lib/sse-client";
import { ms, percentile } from "./lib/stats";
import { startUpstream } from "./lib/upstream";
import { direct, LATENCY, ok, tessera, withServer, type Target } from "./stream";

const v1 = (url: string, key: string): Target => ({
  open: (model, agent) =>
    streamOnce({
      url: `${url}/v1/chat/completions`,
      body: {
        model: `local/${model}`,
        stream: true,
        stream_options: { include_usage: true },
        messages: [{ role: "user", content: "Count to ten." }],
      },
      headers: { authorization: `Bearer ${key}` },
      agent,
      format: "openai",
    }),
});

export default async function api(ctx: BenchContext): Promise<BenchSection[]> {
  const upstream = await startUpstream();
  try {
    const rows: GoalRow[] = [];
    for (const db of ["pglite", "postgres"] as const) {
      rows.push(
        ...(await withServer(ctx, db, upstream, async (server, token) => {
          // The bench's person is the instance's first account, so its admin: it puts itself on Max.
          const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
          const me = (await (await fetch(`${server.url}/api/profile`, { headers })).json()) as {
            email: string;
          };
          const plan = await fetch(`${server.url}/api/admin/plans`, {
            method: "PUT",
            headers,
            body: JSON.stringify({ email: me.email, plan: "max" }),
          });
          if (!plan.ok) throw new Error(`setting the plan answered ${plan.status}`);
          const made = await fetch(`${server.url}/api/api-keys`, {
            method: "POST",
            headers,
            body: JSON.stringify({ name: "bench" }),
          });
          const { key } = (await made.json()) as { key: string };
          const targets = [direct(upstream), tessera(server, token), v1(server.url, key)];
          const pairs = ctx.quick ? 30 : 300;
          ctx.log(`row 9 on ${db}: ${pairs} answers one at a time, three ways`);
          const ttft: number[][] = [[], [], []];
          const failed = [0, 0, 0];
          const agents = targets.map(() => newAgent());
          for (let i = 0; i < pairs + 10; i++)
            for (const [k, target] of targets.entries()) {
              const r = await target.open(LATENCY, agents[k]!);
              if (!ok(r)) failed[k]!++;
              else if (i >= 10) ttft[k]!.push(r.firstChunkMs);
            }
          for (const agent of agents) agent.destroy();
          const [base, chat, viaApi] = ttft as [number[], number[], number[]];
          const added = (p: number) => [
            percentile(chat, p) - percentile(base, p),
            percentile(viaApi, p) - percentile(base, p),
          ];
          const [chat50, api50] = added(50) as [number, number];
          const [chat99, api99] = added(99) as [number, number];
          return [
            {
              measure: `/v1 added TTFT p50, ${db} (n = ${viaApi.length})`,
              value: ms(api50),
              baseline: `/api/chat-stream added ${ms(chat50)}; direct ${ms(percentile(base, 50))}`,
              goal: "≤ the chat stream's",
              verdict: verdict(api50 <= chat50),
            },
            {
              measure: `/v1 added TTFT p99, ${db}`,
              value: ms(api99),
              baseline: `/api/chat-stream added ${ms(chat99)}; direct ${ms(percentile(base, 99))}`,
              goal: "≤ the chat stream's",
              verdict: verdict(api99 <= chat99),
            },
            {
              measure: `failed answers (direct / chat stream / v1), ${db}`,
              value: failed.join(" / "),
              goal: "0",
              verdict: verdict(failed.every((n) => n === 0)),
            },
          ];
        })),
      );
    }
    return [{ id: "9", title: "OpenAI-compatible API: time to first token", rows }];
  } finally {
    await upstream.stop();
  }
}

const NOTES_9 = `
**Method.** The built server at the default \`LOG_LEVEL=info\`; the bench's person (the instance's first account)
puts itself on Max and makes a personal API key. One raw \`node:http\` client then asks for the same 10-chunk
answer (\`local/${LATENCY}\`, 5 ms apart) straight from the loopback upstream, through \`POST /api/chat-stream\`
(session token) and through \`POST /v1/chat/completions\` (API key, \`stream: true\`), in turn, one at a time,
after 10 warm-up rounds. "Added" is each path's percentile minus the direct one. The chat stream writes the
question and the answer-to-be before it calls the model; the API stores no conversation and writes one usage
row after the answer.
`;

export const NOTES: BenchNotes = { "9": NOTES_9 };
