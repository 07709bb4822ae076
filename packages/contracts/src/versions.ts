// Release versions, apart from the changelog's schemas: the "What's new" dialog compares them on the
// chat's first screen.

/** Numeric comparison of dotted versions: 3.10.0 comes after 3.9.0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
