// A loopback name server for tests: it answers TXT questions over UDP from a table the test fills,
// so the domain check runs through node:dns as it does against a real resolver. Any other name is
// NXDOMAIN; a name in the table asked for another type has no answer (NODATA).
import { createSocket } from "node:dgram";

const TXT = 16;
const IN = 1;

export interface DnsServer {
  /** "127.0.0.1:<port>", for DNS_SERVERS. */
  address: string;
  /** TXT records by lower-case name; set or delete entries while the server runs. */
  txt: Map<string, string[]>;
  /** The names asked, in order. */
  asked: string[];
  close(): Promise<void>;
}

/** The question's name, type and where the question section ends, read from a query. */
function question(msg: Buffer) {
  const labels: string[] = [];
  let at = 12;
  while (msg[at]) {
    labels.push(msg.toString("latin1", at + 1, at + 1 + msg[at]!));
    at += msg[at]! + 1;
  }
  return { name: labels.join(".").toLowerCase(), type: msg.readUInt16BE(at + 1), end: at + 5 };
}

/** One TXT answer: a pointer to the question's name, then the text in strings of up to 255 bytes. */
function txtAnswer(text: string) {
  const bytes = Buffer.from(text, "utf8");
  const strings: Buffer[] = [];
  for (let i = 0; i === 0 || i < bytes.length; i += 255) {
    const part = bytes.subarray(i, i + 255);
    strings.push(Buffer.from([part.length]), part);
  }
  const data = Buffer.concat(strings);
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0);
  head.writeUInt16BE(TXT, 2);
  head.writeUInt16BE(IN, 4);
  head.writeUInt32BE(60, 6);
  head.writeUInt16BE(data.length, 10);
  return Buffer.concat([head, data]);
}

export async function startDnsServer(): Promise<DnsServer> {
  const txt = new Map<string, string[]>();
  const asked: string[] = [];
  const socket = createSocket("udp4");
  socket.on("message", (msg, from) => {
    const q = question(msg);
    asked.push(q.name);
    const records = txt.get(q.name);
    const answers = records && q.type === TXT ? records.map(txtAnswer) : [];
    const head = Buffer.alloc(12);
    msg.copy(head, 0, 0, 2);
    // A response, authoritative, recursion desired and available; NXDOMAIN for an unknown name.
    head.writeUInt16BE(0x8580 | (records ? 0 : 3), 2);
    head.writeUInt16BE(1, 4);
    head.writeUInt16BE(answers.length, 6);
    socket.send(Buffer.concat([head, msg.subarray(12, q.end), ...answers]), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    txt,
    asked,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
