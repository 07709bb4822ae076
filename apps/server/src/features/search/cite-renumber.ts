// Tessera Local numbers its citations in the order it cites passages ([1] is the first passage it
// quoted); the search page numbers sources in the order they were found. This rewrites markers as the
// text streams, holding back a marker cut in two by a chunk boundary.

export function createCiteRenumberer(map: (cited: number) => number | undefined) {
  let pending = "";
  const rewrite = (text: string) =>
    text.replace(/\[(\d+)\]/g, (whole, n: string) => {
      const to = map(Number(n));
      return to === undefined ? whole : `[${to}]`;
    });
  return {
    push(chunk: string): string {
      const text = pending + chunk;
      const cut = /\[\d*$/.exec(text);
      pending = cut ? cut[0] : "";
      return rewrite(cut ? text.slice(0, cut.index) : text);
    },
    flush(): string {
      const rest = rewrite(pending);
      pending = "";
      return rest;
    },
  };
}
