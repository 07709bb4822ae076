// Catches text a person would see written straight into the JSX of a converted folder, where it
// would stay English whatever the language. Converting a folder? Add it to CONVERTED.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/** Folders (under src/) whose every visible string goes through t(). */
export const CONVERTED = [
  "app",
  "components",
  "features/account",
  "features/admin",
  "features/analytics",
  "features/assistants",
  "features/auth",
  "features/changelog",
  "features/chat",
  "features/compare",
  "features/dashboard",
  "features/documents",
  "features/errors",
  "features/help",
  "features/images",
  "features/local-models",
  "features/prompts",
  "features/public",
  "features/search",
  "features/share",
  "features/teams",
  "features/voice",
  "lib",
];

/** Words that are the same in every language: names of products and the like. */
const SAME_IN_EVERY_LANGUAGE = new Set([
  "Tessera",
  "Tessera Local",
  "GitHub",
  "Google",
  "Microsoft",
  "OpenAI",
]);

/** Attributes a person reads or hears (a screen reader reads aria-label and title). */
const VISIBLE_ATTRIBUTES = new Set([
  "title",
  "aria-label",
  "aria-description",
  "placeholder",
  "alt",
  "label",
  "tooltip",
  "hint",
  "description",
  "closeLabel",
]);

const CHOOSING = new Set([
  ts.SyntaxKind.QuestionQuestionToken,
  ts.SyntaxKind.BarBarToken,
  ts.SyntaxKind.AmpersandAmpersandToken,
]);

const SRC = join(import.meta.dirname, "..");
const hasWords = (text: string) => /\p{L}{2,}/u.test(text) && !SAME_IN_EVERY_LANGUAGE.has(text.trim());

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx$/.test(name) && !/\.test\.tsx$/.test(name) ? [path] : [];
  });
}

/** A string that ends up in JSX text or a visible attribute, through ?:, ?? and || at most. */
function shownInJsx(node: ts.Node): boolean {
  let from: ts.Node = node;
  let at = node.parent;
  const passes = (parent: ts.Node, child: ts.Node) =>
    ts.isParenthesizedExpression(parent) ||
    (ts.isConditionalExpression(parent) && parent.condition !== child) ||
    (ts.isBinaryExpression(parent) && CHOOSING.has(parent.operatorToken.kind));
  while (passes(at, from)) [from, at] = [at, at.parent];
  if (!ts.isJsxExpression(at)) return false;
  const owner = at.parent;
  if (ts.isJsxElement(owner) || ts.isJsxFragment(owner)) return true;
  return ts.isJsxAttribute(owner) && VISIBLE_ATTRIBUTES.has(owner.name.getText());
}

/** Each hard-coded text of a file, as "file:line: text". */
export function hardCodedStrings(path: string): string[] {
  const source = ts.createSourceFile(
    path,
    readFileSync(path, "utf8"),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${relative(SRC, path)}:${line + 1}: ${text.trim().replace(/\s+/g, " ")}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) report(node, node.text);
    if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText(source))) {
      const value = node.initializer;
      if (value && ts.isStringLiteral(value) && hasWords(value.text)) report(node, value.text);
    }
    // {"Text"}, {busy ? "Saving…" : "Save"}, {error ?? "Unknown"} as a child or a visible attribute.
    if (ts.isStringLiteralLike(node) && hasWords(node.text) && shownInJsx(node)) report(node, node.text);
    // {`Too long: ${n} characters`}: the words around the values are as visible as a plain string's.
    if (ts.isTemplateExpression(node) && shownInJsx(node)) {
      const words = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(" ");
      if (hasWords(words)) report(node, words);
    }
    // toast.error("…"), toast.success("…"): a toast is read as much as a page.
    if (
      ts.isCallExpression(node) &&
      /^toast\.\w+$/.test(node.expression.getText(source)) &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0]) &&
      hasWords(node.arguments[0].text)
    )
      report(node, node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("converted folders", () => {
  it.each(CONVERTED)("%s has no hard-coded text in its JSX", (folder) => {
    const found = sourceFiles(join(SRC, folder)).flatMap(hardCodedStrings);
    expect(found).toEqual([]);
  });

  it("catches a hard-coded text", () => {
    // A fixture of this test's own: proves the scan can fail.
    const found = hardCodedStrings(join(import.meta.dirname, "testing", "hard-coded.fixture.tsx"));
    expect(found.map((f) => f.replace(/^.*:\d+: /, ""))).toEqual([
      "Saved",
      "Save changes",
      "Close",
      "Many",
      "One",
      "Too long: characters",
    ]);
  });
});
