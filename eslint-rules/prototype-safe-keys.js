// ESLint rule `textclass/prototype-safe-keys`: no plain-object lookup by a key that may be any string. A word, label,
// column or header read from a `{}` finds Object.prototype's members ("constructor" → Object, "__proto__" → the
// prototype) and a write by such a key can replace the prototype; tables keyed by text a customer controls are Maps,
// null-prototype objects (`Object.create(null)`), or read behind `Object.hasOwn(table, key)`.
import ts from 'typescript';

/** True when a value of this type may be a string nobody listed in the code (string, a template, any, unknown). */
function mayBeAnyString(checker, type) {
  if (type.isUnion()) return type.types.some((t) => mayBeAnyString(checker, t));
  if (type.isIntersection()) return type.types.every((t) => mayBeAnyString(checker, t));
  const flags = type.getFlags();
  if (flags & ts.TypeFlags.TypeParameter) {
    const constraint = checker.getBaseConstraintOfType(type);
    return constraint === undefined ? true : mayBeAnyString(checker, constraint);
  }
  return (
    (flags & (ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral | ts.TypeFlags.StringMapping | ts.TypeFlags.Any)) !==
      0 || (flags & ts.TypeFlags.Unknown) !== 0
  );
}

/** True when indexing a value of this type by a string reaches a plain object (not an array, a typed array or a string). */
function isPlainObject(checker, type) {
  if (type.isUnion()) return type.types.some((t) => isPlainObject(checker, t));
  const flags = type.getFlags();
  if (flags & ts.TypeFlags.Any) return true;
  if (flags & (ts.TypeFlags.StringLike | ts.TypeFlags.Nullable | ts.TypeFlags.Never)) return false;
  if (checker.isArrayType(type) || checker.isTupleType(type)) return false;
  // Typed arrays and other array-likes have a number index and no string index.
  const infos = checker.getIndexInfosOfType(type);
  if (infos.length > 0 && infos.every((info) => info.keyType.getFlags() & ts.TypeFlags.NumberLike)) return false;
  return (flags & ts.TypeFlags.Object) !== 0 || type.isIntersection();
}

/** The expression under `as`, `<T>`, `!` and `satisfies`: a cast does not make a customer's word a known key. */
function uncast(node) {
  let inner = node;
  while (
    inner.type === 'TSAsExpression' ||
    inner.type === 'TSTypeAssertion' ||
    inner.type === 'TSNonNullExpression' ||
    inner.type === 'TSSatisfiesExpression'
  ) {
    inner = inner.expression;
  }
  return inner;
}

/** True for `Object.hasOwn(object, key)` (or a `&&` chain holding it) naming this very object and key. */
function testsOwnKey(test, objectText, keyText, source) {
  if (test.type === 'LogicalExpression' && test.operator === '&&') {
    return testsOwnKey(test.left, objectText, keyText, source) || testsOwnKey(test.right, objectText, keyText, source);
  }
  return (
    test.type === 'CallExpression' &&
    test.callee.type === 'MemberExpression' &&
    source.getText(test.callee) === 'Object.hasOwn' &&
    test.arguments.length === 2 &&
    source.getText(uncast(test.arguments[0])) === objectText &&
    source.getText(uncast(test.arguments[1])) === keyText
  );
}

/** True when the lookup only runs after `Object.hasOwn(object, key)` held: `hasOwn ? o[k] : …`, `hasOwn && o[k]`, `if (hasOwn) o[k]`. */
function guardedByHasOwn(node, objectText, keyText, source) {
  let child = node;
  for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (parent.type === 'ConditionalExpression' && parent.consequent === child) {
      if (testsOwnKey(parent.test, objectText, keyText, source)) return true;
    } else if (parent.type === 'IfStatement' && parent.consequent === child) {
      if (testsOwnKey(parent.test, objectText, keyText, source)) return true;
    } else if (parent.type === 'LogicalExpression' && parent.operator === '&&' && parent.right === child) {
      if (testsOwnKey(parent.left, objectText, keyText, source)) return true;
    } else if (parent.type.startsWith('Function') || parent.type === 'ArrowFunctionExpression') {
      return false;
    }
  }
  return false;
}

/** True when the object is a variable, or a class field, whose value is `Object.create(null)` (typed as you like). */
function isNullPrototype(object, context) {
  const target = uncast(object);
  const init = initializerOf(target, context);
  return init !== undefined && isObjectCreateNull(uncast(init), context.sourceCode);
}

function isObjectCreateNull(node, source) {
  return (
    node.type === 'CallExpression' &&
    source.getText(node.callee) === 'Object.create' &&
    node.arguments.length >= 1 &&
    node.arguments[0].type === 'Literal' &&
    node.arguments[0].value === null
  );
}

/** The initial value of a `const` variable or a `readonly` class field, when the lookup names one. */
function initializerOf(target, context) {
  if (target.type === 'Identifier') {
    let scope = context.sourceCode.getScope(target);
    for (; scope; scope = scope.upper) {
      const variable = scope.set.get(target.name);
      if (variable === undefined) continue;
      const def = variable.defs[0];
      if (def?.type !== 'Variable' || def.parent.kind !== 'const') return undefined;
      return def.node.init ?? undefined;
    }
    return undefined;
  }
  if (target.type === 'MemberExpression' && !target.computed && target.object.type === 'ThisExpression') {
    const name = target.property.name;
    for (let parent = target.parent; parent; parent = parent.parent) {
      if (parent.type !== 'ClassBody') continue;
      const field = parent.body.find(
        (m) => m.type === 'PropertyDefinition' && m.readonly && !m.computed && m.key.name === name,
      );
      return field?.value ?? undefined;
    }
  }
  return undefined;
}

export const prototypeSafeKeys = {
  meta: {
    type: 'problem',
    docs: { description: 'Plain-object lookups by a key that may be any string find Object.prototype members' },
    messages: {
      lookup:
        '`{{text}}` reads a plain object by a key that may be any string ("constructor", "__proto__" find Object.prototype). Use a Map, an Object.create(null) table, or guard it with Object.hasOwn({{object}}, {{key}}).',
      in: '`{{text}}` asks a plain object about a key that may be any string ("constructor" in {} is true). Use a Map, or Object.hasOwn.',
    },
    schema: [],
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    if (!services?.program) {
      throw new Error('textclass/prototype-safe-keys needs type information (parserOptions.projectService)');
    }
    const checker = services.program.getTypeChecker();
    const typeOf = (node) => checker.getTypeAtLocation(services.esTreeNodeToTSNodeMap.get(node));
    const source = context.sourceCode;
    const shorten = (text) => (text.length > 60 ? `${text.slice(0, 57)}...` : text);

    return {
      MemberExpression(node) {
        if (!node.computed) return;
        const key = uncast(node.property);
        if (key.type === 'Literal' || (key.type === 'TemplateLiteral' && key.expressions.length === 0)) return;
        if (!mayBeAnyString(checker, typeOf(key))) return;
        if (!isPlainObject(checker, typeOf(node.object))) return;
        if (isNullPrototype(node.object, context)) return;
        const objectText = source.getText(uncast(node.object));
        const keyText = source.getText(key);
        if (guardedByHasOwn(node, objectText, keyText, source)) return;
        context.report({
          node,
          messageId: 'lookup',
          data: { text: shorten(source.getText(node)), object: shorten(objectText), key: shorten(keyText) },
        });
      },
      BinaryExpression(node) {
        if (node.operator !== 'in' || node.left.type === 'PrivateIdentifier') return;
        const key = uncast(node.left);
        if (key.type === 'Literal' || (key.type === 'TemplateLiteral' && key.expressions.length === 0)) return;
        if (!mayBeAnyString(checker, typeOf(key))) return;
        if (!isPlainObject(checker, typeOf(node.right))) return;
        if (isNullPrototype(node.right, context)) return;
        context.report({ node, messageId: 'in', data: { text: shorten(source.getText(node)) } });
      },
    };
  },
};

/** The local plugin: `textclass/prototype-safe-keys`. */
export default { meta: { name: 'textclass' }, rules: { 'prototype-safe-keys': prototypeSafeKeys } };
