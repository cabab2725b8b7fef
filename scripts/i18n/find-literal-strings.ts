/**
 * Finds user-facing text written literally in renderer code instead of coming from the message catalogue:
 * JSX text, text attributes (aria-label, title, placeholder, …) and sentence-like string literals. Run by the
 * test suite (test/unit/i18n/literal-strings.test.ts) so a new literal fails `npm test`.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';

export interface LiteralString {
  file: string;
  line: number;
  text: string;
}

/** Attributes people read or hear; every other attribute (className, type, role, data-*) is code. */
const textAttributes = new Set(['aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label', 'confirmLabel', 'submitLabel']);

/** Functions whose first argument is a catalogue message id. */
const catalogueLookups = new Set(['t', 'msg']);

const hasWords = (text: string): boolean => /\p{L}{2,}/u.test(text);
/** Words as a person writes them: two words, a capitalised word, or a sentence's end. */
const looksLikeText = (text: string): boolean => hasWords(text) && (/\p{L}\s+\p{L}/u.test(text.trim()) || /^\p{Lu}\p{Ll}/u.test(text) || /\p{L}[.…:!?]$/u.test(text));

function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((span) => ` ${span.literal.text}`).join('');
  return null;
}

function enclosingAttribute(node: ts.Node): ts.JsxAttribute | null {
  let parent: ts.Node = node.parent;
  while (!ts.isSourceFile(parent)) {
    if (ts.isJsxAttribute(parent)) return parent;
    if (ts.isJsxElement(parent) || ts.isJsxSelfClosingElement(parent) || ts.isFunctionLike(parent)) return null;
    parent = parent.parent;
  }
  return null;
}

/** Literals that are code, not words: module names, types, keys, comparisons, selectors passed to the DOM. */
function isCode(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isExternalModuleReference(parent) || ts.isLiteralTypeNode(parent)) return true;
  if ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === node) return true;
  if (ts.isElementAccessExpression(parent) || ts.isCaseClause(parent)) return true;
  // A thrown Error's message is for the code that catches it; what people read is put into words there.
  if (ts.isNewExpression(parent) && ts.isIdentifier(parent.expression) && parent.expression.text === 'Error') return true;
  if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.InKeyword) return true;
  if (ts.isCallExpression(parent) && ts.isIdentifier(parent.expression) && catalogueLookups.has(parent.expression.text) && parent.arguments[0] === node) return true;
  if (ts.isBinaryExpression(parent) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(parent.operatorToken.kind)) return true;
  if (ts.isCallExpression(parent) && ts.isPropertyAccessExpression(parent.expression) && ['querySelector', 'querySelectorAll', 'includes', 'getElementById', 'addEventListener', 'removeEventListener', 'startsWith'].includes(parent.expression.name.text)) return true;
  const attribute = enclosingAttribute(node);
  return attribute !== null && !textAttributes.has(attribute.name.getText());
}

function atModuleLevel(node: ts.Node): boolean {
  let parent: ts.Node = node.parent;
  while (!ts.isSourceFile(parent)) {
    if (ts.isFunctionLike(parent)) return false;
    parent = parent.parent;
  }
  return true;
}

/** A literal that ends up between JSX tags, possibly through a condition or a template (`{n === 1 ? 'page' : 'pages'}`). */
function rendersAsText(node: ts.Node): boolean {
  let current = node;
  while (ts.isConditionalExpression(current.parent) || ts.isParenthesizedExpression(current.parent) || ts.isTemplateSpan(current.parent) || ts.isTemplateExpression(current.parent) || (ts.isBinaryExpression(current.parent) && current.parent.operatorToken.kind !== ts.SyntaxKind.EqualsEqualsEqualsToken)) current = current.parent;
  return ts.isJsxExpression(current.parent) && (ts.isJsxElement(current.parent.parent) || ts.isJsxFragment(current.parent.parent));
}

export function findLiteralStrings(file: string, source = readFileSync(file, 'utf8')): LiteralString[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: LiteralString[] = [];
  const report = (node: ts.Node, text: string) => found.push({ file, line: tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1, text: text.trim() });
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) {
      if (hasWords(node.text)) report(node, node.text);
      return;
    }
    if (ts.isJsxAttribute(node) && node.initializer && ts.isStringLiteral(node.initializer)) {
      if (textAttributes.has(node.name.getText(tree)) && hasWords(node.initializer.text)) report(node.initializer, node.initializer.text);
      return;
    }
    // Words looked up when a module loads would stay in the language of that moment.
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && catalogueLookups.has(node.expression.text) && atModuleLevel(node)) {
      report(node, `${node.getText(tree)} (at module level)`);
    }
    const text = literalText(node);
    if (text !== null && !isCode(node)) {
      const attribute = enclosingAttribute(node);
      if (attribute !== null || rendersAsText(node) ? hasWords(text) : looksLikeText(text)) report(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}
