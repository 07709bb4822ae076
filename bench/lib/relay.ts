// The baseline relay: the least a Node process can do to stand between a client and an
// OpenAI-compatible upstream. It takes Tessera's request body, opens the same upstream stream, and
// rewrites each `choices[0].delta.content` into Tessera's `{"type":"chunk"}` event, one write per
// event as it arrives, honouring backpressure. No auth, no database, no SDK: what is left is the cost of relaying itself.
import { Agent, createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { forkServer, isChild, reportPort } from "./child-server";

export interface Relay {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startRelay(upstreamUrl: string): Promise<Relay> {
  const server = await forkServer(import.meta.url, "relay", [upstreamUrl]);
  return { url: `http://127.0.0.1:${server.port}`, pid: server.pid, stop: () => server.stop() };
}

function serve(upstreamUrl: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on("data", (b: Buffer) => parts.push(b));
    req.on("end", () => {
      const input = JSON.parse(Buffer.concat(parts).toString("utf8")) as { message: string; model: string };
      const body = JSON.stringify({
        model: input.model.replace(/^local\//, ""),
        stream: true,
        stream_options: { include_usage: true },
        messages: [{ role: "user", content: input.message }],
      });
      const up = request(
        `${upstreamUrl}/chat/completions`,
        {
          method: "POST",
          agent,
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        },
        (upRes) => {
          res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
          upRes.setEncoding("utf8");
          let buffer = "";
          upRes.on("data", (text: string) => {
            buffer += text;
            let full = false;
            let cut: number;
            while ((cut = buffer.indexOf("\n\n")) >= 0) {
              const frame = buffer.slice(0, cut);
              buffer = buffer.slice(cut + 2);
              if (!frame.startsWith("data: ") || frame === "data: [DONE]") continue;
              const content = (JSON.parse(frame.slice(6)) as { choices: { delta?: { content?: string } }[] })
                .choices[0]?.delta?.content;
              if (content)
                full = !res.write(`data: ${JSON.stringify({ type: "chunk", content })}\n\n`) || full;
            }
            if (full) {
              upRes.pause();
              res.once("drain", () => upRes.resume());
            }
          });
          upRes.on("end", () => res.end(`data: {"type":"complete"}\n\n`));
        },
      );
      res.on("close", () => up.destroy());
      up.on("error", () => res.destroy());
      up.end(body);
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, "127.0.0.1", () => reportPort((server.address() as AddressInfo).port));
  process.on("SIGTERM", () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}

if (isChild(import.meta.url)) serve(process.argv[2]!);
