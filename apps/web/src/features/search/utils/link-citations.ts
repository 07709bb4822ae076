// The overview cites its sources as [1], [2] (1-based). Before it is rendered each marker becomes a
// markdown link to that source, so the shared renderer's link rules apply (external ones open in a
// new tab, in-app paths stay in the app, unsafe schemes are inert). The number is written as inline
// code, which the overview styles as a small badge. Code spans and fenced blocks are left alone.
import type { SearchSource } from "@tessera/contracts";

const CODE = /(```[\s\S]*?(?:```|$)|`[^`\n]*`)/g;
/** A run of markers ("[3]", "[1][2]") that is not a link, a reference definition or a link label. */
const MARKERS = /(?<![\]\\])(?:\[\d{1,2}\])+(?![(:])/g;
const MARKER = /\[(\d{1,2})\]/g;

/** Characters a markdown link destination in <...> may not hold. */
const destination = (url: string) => url.replace(/[<>\s]/g, (c) => encodeURIComponent(c));
const title = (source: SearchSource) => source.title.replace(/["\\\s]+/g, " ").trim();

export function linkCitations(markdown: string, sources: SearchSource[]): string {
  return markdown
    .split(CODE)
    .map((part, i) => {
      if (i % 2 === 1) return part;
      return part.replace(MARKERS, (run) =>
        run.replace(MARKER, (marker, digits: string) => {
          const source = sources[Number(digits) - 1];
          if (!source) return marker;
          return `[\`${digits}\`](<${destination(source.url)}> "${title(source)}")`;
        }),
      );
    })
    .join("");
}
