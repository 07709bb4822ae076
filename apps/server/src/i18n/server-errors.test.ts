// Every error the server words for a person has its translations: each AppError message written in
// the server's code, and each message a contracts schema gives, is found in the catalogue. A new
// English message without its translations fails here.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { translateError } from "./server-text";

const SERVER = join(import.meta.dirname, "..");
const CONTRACTS = join(import.meta.dirname, "../../../../packages/contracts/src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "test" ? [] : sourceFiles(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

const parse = (path: string) =>
  ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);

/** A message as the server would send it: each `${value}` of a template stands for a number. */
function sample(node: ts.Expression): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((span) => `7${span.literal.text}`).join("");
  if (ts.isConditionalExpression(node)) return sample(node.whenTrue);
  return null;
}

/**
 * Every message written into `new AppError(code, message)` in the server's code, or into a helper
 * that makes one (`refuse(message)`), with where it is.
 */
function appErrorMessages(): { where: string; message: string }[] {
  const found: { where: string; message: string }[] = [];
  for (const path of sourceFiles(SERVER)) {
    const file = parse(path);
    const visit = (node: ts.Node) => {
      const made =
        ts.isNewExpression(node) && node.expression.getText() === "AppError"
          ? node.arguments?.[1]
          : ts.isCallExpression(node) && node.expression.getText() === "refuse"
            ? node.arguments[0]
            : undefined;
      if (made) {
        const arg = made;
        const branches = ts.isConditionalExpression(arg) ? [arg.whenTrue, arg.whenFalse] : [arg];
        for (const branch of branches) {
          const message = sample(branch);
          const line = file.getLineAndCharacterOfPosition(branch.getStart()).line + 1;
          if (message !== null) found.push({ where: `${path.slice(SERVER.length + 1)}:${line}`, message });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}

const SCHEMA_METHODS = new Set(["min", "max", "regex", "refine", "length", "email", "url", "int", "check"]);

/** Messages the contracts' schemas give for a refused value (`.min(1, "Enter a name.")`, `message:`). */
function schemaMessages(): { where: string; message: string }[] {
  const found: { where: string; message: string }[] = [];
  for (const path of sourceFiles(CONTRACTS)) {
    const file = parse(path);
    const add = (node: ts.StringLiteral) => {
      if (!/\s/.test(node.text)) return; // a prefix or a symbol, not a sentence
      const line = file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push({ where: `contracts/${path.slice(CONTRACTS.length + 1)}:${line}`, message: node.text });
    };
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        SCHEMA_METHODS.has(node.expression.name.text)
      )
        node.arguments.filter(ts.isStringLiteral).forEach(add);
      if (
        ts.isPropertyAssignment(node) &&
        ["message", "error"].includes(node.name.getText()) &&
        ts.isStringLiteral(node.initializer)
      )
        add(node.initializer);
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}

describe("the catalogue of the server's errors", () => {
  it("holds every message the server's code throws", () => {
    const messages = appErrorMessages();
    expect(messages.length).toBeGreaterThan(120);
    // "<model>: <message>" names a model before a message of its own: each message is checked where it is thrown.
    const missing = messages.filter(
      ({ message }) => message !== "7: 7" && translateError(message, "de") === message,
    );
    expect(missing.map(({ where, message }) => `${where}: ${message}`)).toEqual([]);
  });

  it("holds every message the contracts' schemas give", () => {
    const messages = schemaMessages();
    expect(messages.length).toBeGreaterThan(50);
    const missing = messages.filter(({ message }) => translateError(message, "ja") === message);
    expect(missing.map(({ where, message }) => `${where}: ${message}`)).toEqual([]);
  });
});

describe("messages with values", () => {
  it("finds the values and writes numbers, money and dates the language's way", () => {
    expect(translateError("ana@example.com is already invited. Resend the invitation instead.", "fr")).toBe(
      "ana@example.com est déjà invité. Renvoyez plutôt l'invitation.",
    );
    expect(translateError("This document has 1,200,000 characters; the limit is 1,000,000.", "de")).toBe(
      "Dieses Dokument hat 1.200.000 Zeichen; die Grenze liegt bei 1.000.000.",
    );
    expect(
      translateError(
        "You have used 100,200 tokens of your monthly budget of 100,000 tokens. It resets on March 1, 2027 (UTC); until then, ask your administrator to raise it.",
        "de",
      ),
    ).toBe(
      "Sie haben 100.200 Tokens Ihres monatlichen Budgets von 100.000 Tokens verbraucht. Es wird am 1. März 2027 (UTC) zurückgesetzt; bis dahin kann Ihr Administrator es erhöhen.",
    );
    expect(
      translateError(
        "You have used $12.50 of your monthly budget of $10.00. It resets on March 1, 2027 (UTC); until then, ask your administrator to raise it.",
        "fr",
      ),
    ).toContain("12,50");
  });

  it("translates a value that is itself a message, and a plan refusal's subject", () => {
    expect(translateError("AI Voice is on the Pro plan and up. Upgrade to use it.", "de")).toBe(
      "KI-Stimme gibt es ab dem Tarif Pro. Führen Sie ein Upgrade durch, um es zu nutzen.",
    );
    expect(
      translateError("Not saved: the test call failed. The address answered with status 401.", "es"),
    ).toBe("No se guardó: la llamada de prueba falló. La dirección respondió con el estado 401.");
  });

  it("translates each field's problem of a refused request, and leaves unknown ones as written", () => {
    expect(translateError("title: must be at most 200 characters; name: Enter a name.", "de")).toBe(
      "title: darf höchstens 200 Zeichen haben; name: Geben Sie einen Namen ein.",
    );
    expect(translateError("title: something no catalogue knows", "de")).toBe(
      "title: something no catalogue knows",
    );
    expect(translateError("Not a message we have", "ar")).toBe("Not a message we have");
  });

  it("translates why a compared model is off, its id holding a colon of its own", () => {
    expect(
      translateError("server/llama3.2:1b: Could not reach the model server at ollama:11434.", "de"),
    ).toBe("server/llama3.2:1b: Der Modellserver unter ollama:11434 ist nicht erreichbar.");
  });

  it("a number placeholder takes only a number", () => {
    expect(translateError("Too many requests. Try again in soon s.", "de")).toBe(
      "Too many requests. Try again in soon s.",
    );
  });
});
