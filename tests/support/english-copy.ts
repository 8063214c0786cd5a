import ts from "typescript";

/**
 * Finds English words in the text a staff page shows: JSX text, string literals written as
 * JSX children, and the strings given to attributes and object keys that end up on screen
 * (aria-label, title, placeholder, label, hint, …). Code (class names, URLs, test ids,
 * field names) is never visible, so it is not read.
 *
 * "English" means a word from ENGLISH_WORDS: common English words that are not also
 * Norwegian (so no "for", "to", "send", "test", "status", "team", "side"). A list, not a
 * dictionary or a language guesser: the result is the same on every machine, and a false
 * alarm is fixed by reading the list, not by tuning a score.
 */

// Attributes and object keys whose string values are shown to (or read out to) the user.
const VISIBLE_KEY = /^(aria-label|aria-description|aria-roledescription|title|placeholder|alt|label|hint|heading|legend|summary|caption|description|empty|emptyText|message|confirm|confirmText|question|cell|submitLabel|pendingLabel|busyLabel|buttonLabel|text|lead|intro|note|notice)$/;

// Left out because Norwegian staff copy uses them as they are: "a", "all", "as" (AS),
// "be" (be om), "by", "filter", "import", "just", "last" (last ned), "list", "no", "over",
// "post", "sent" (late), "sort", "still", "time", "to", "total".
export const ENGLISH_WORDS = new Set(
  `about account accounts action actions active add added address after again ago allow already always an and
   any anyone are archive archived ask author authors available back been before below both busy but button
   browser cancel cannot change changed changes check choose clear click close code codes confirm confirmed content copy
   could count create created current dashboard date day days default delete deleted deleting description details did disable
   disabled do does done download draft drafts each edit edited email empty enable enabled enter error errors every
   expired expires export failed failure false field fields file files find first from get go has have help
   here hidden hide history home how if image images in inactive into invalid invite invited invitation is it
   item items its job jobs keep latest leave less link links listing listings load loading lock locked log login logout make
   manage many may message messages minutes month months more move my name need never new newer newest next
   none not nothing now of off old older oldest on once one only open optional or order other our out owner
   page pages password passwords please posts preview previous privacy profile publish published ready recent
   remove removed rename reorder required reset resend restore retry revision revisions role roles save saved saving
   search second seconds select selected session sessions set settings should show showing sign signed since size
   some something staff starts subject submit success successful successfully than that the their
   them then there these they this those title today try two unknown unlock unpublish unpublished until
   up update updated upload uploaded uploading use used user users value view views visit visitor visitors was we week
   weeks were what when where which while who why will with without word words yes yesterday you your`
    .split(/\s+/)
    .filter(Boolean),
);

export type Finding = { file: string; line: number; text: string; words: string[] };

function englishWords(text: string) {
  // Tokens with digits are names ("1Password", "6-digit" is two tokens), not words.
  const words = (text.match(/[\p{L}\p{N}']+/gu) ?? []).filter((word) => !/\p{N}/u.test(word));
  return [...new Set(words.map((word) => word.toLowerCase().replace(/'s$/, "")).filter((word) => ENGLISH_WORDS.has(word)))];
}

/**
 * The visible strings of one module, with the English words each holds. `constants` names
 * variables that hold nothing but copy (a module's messages, a domain module's labels):
 * every string inside them is read, call arguments too.
 */
export function findEnglish(
  file: string,
  source: string,
  allowed: ReadonlySet<string>,
  constants: ReadonlySet<string> = new Set(),
): Finding[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Finding[] = [];
  const report = (node: ts.Node, raw: string) => {
    const text = raw.replace(/\s+/g, " ").trim();
    // Addresses and paths ("/blog/preview/", "https://…") are not words.
    if (!text || allowed.has(text) || (/^\S+$/.test(text) && /^\/|:\/\//.test(text))) return;
    const words = englishWords(text);
    if (words.length === 0) return;
    found.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, text, words });
  };
  // Every string literal inside a visible expression: `cond ? "Lagre" : "Save"`, `${n} items`.
  const strings = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return report(node, node.text);
    if (ts.isTemplateExpression(node)) {
      report(node, [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(" "));
      return node.templateSpans.forEach((span) => strings(span.expression));
    }
    // Arguments of calls are code (format("dd.MM"), join(", ")), not copy; the page's title is.
    if (ts.isCallExpression(node)) return node.expression.getText(sf) === "staffMeta" ? node.arguments.forEach(strings) : undefined;
    if (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node)) return;
    // Comparisons (`kind === "failed"`) and keys (`labels["draft"]`) hold code, not copy.
    if (ts.isBinaryExpression(node) && /=/.test(node.operatorToken.getText(sf))) return;
    if (ts.isElementAccessExpression(node)) return strings(node.expression);
    ts.forEachChild(node, strings);
  };
  const everyString = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return report(node, node.text);
    if (ts.isTemplateExpression(node)) {
      return report(node, [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(" "));
    }
    // Keys are code: `{ "not-locked": "Kontoen er ikke låst." }`, `ROLE_REFUSED["last-owner"]`.
    if (ts.isPropertyAssignment(node)) return everyString(node.initializer);
    if (ts.isElementAccessExpression(node)) return everyString(node.expression);
    ts.forEachChild(node, everyString);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isVariableDeclaration(node) && node.initializer && constants.has(node.name.getText(sf))) {
      everyString(node.initializer);
    }
    else if (ts.isCallExpression(node) && node.expression.getText(sf) === "staffMeta") node.arguments.forEach(strings);
    else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      strings(node.expression);
    } else if (ts.isJsxAttribute(node) && VISIBLE_KEY.test(node.name.getText(sf)) && node.initializer) {
      strings(ts.isJsxExpression(node.initializer) ? (node.initializer.expression ?? node.initializer) : node.initializer);
    } else if (ts.isVariableDeclaration(node) && node.initializer && VISIBLE_KEY.test(node.name.getText(sf))) {
      strings(node.initializer);
    } else if (ts.isPropertyAssignment(node) && VISIBLE_KEY.test(node.name.getText(sf).replace(/^["']|["']$/g, ""))) {
      strings(node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}
