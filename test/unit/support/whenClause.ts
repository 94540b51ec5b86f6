// A small evaluator of VS Code `when` clauses, for the manifest's welcome contents and menus: `!`, `&&`, `||`,
// parentheses, `==` and `!=` against a context given as a plain object. Anything else (`=~`, `in`, `<`) is refused
// loudly, so a test never judges a clause it cannot read.

export type WhenContext = Readonly<Record<string, string | boolean | number | undefined>>;

/** Whether `clause` holds in `context` (an empty clause always holds, as in VS Code). */
export function whenHolds(clause: string | undefined, context: WhenContext): boolean {
  const text = (clause ?? '').trim();
  if (!text) return true;
  const tokens = tokenize(text);
  let at = 0;
  const peek = () => tokens[at];
  const take = () => tokens[at++];

  const primary = (): boolean => {
    const token = take();
    if (token === '!') return !primary();
    if (token === '(') {
      const value = or();
      if (take() !== ')') throw new Error(`unbalanced parentheses in "${clause}"`);
      return value;
    }
    if (token === undefined || /^[!()&|=]/.test(token)) throw new Error(`unexpected "${token}" in "${clause}"`);
    const value = context[token];
    const operator = peek();
    if (operator === '==' || operator === '!=') {
      take();
      const expected = take();
      if (expected === undefined) throw new Error(`no value after ${operator} in "${clause}"`);
      const equal = String(value) === expected;
      return operator === '==' ? equal : !equal;
    }
    return Boolean(value);
  };
  const and = (): boolean => {
    let value = primary();
    while (peek() === '&&') {
      take();
      value = primary() && value;
    }
    return value;
  };
  const or = (): boolean => {
    let value = and();
    while (peek() === '||') {
      take();
      value = and() || value;
    }
    return value;
  };

  const value = or();
  if (at !== tokens.length) throw new Error(`unexpected "${tokens[at]}" in "${clause}"`);
  return value;
}

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  const pattern = /\s*(&&|\|\||==|!=|!|\(|\)|[^\s!()&|=]+)/y;
  let match: RegExpExecArray | null;
  let index = 0;
  while (index < text.length) {
    pattern.lastIndex = index;
    match = pattern.exec(text);
    if (!match) {
      if (/^\s*$/.test(text.slice(index))) break;
      throw new Error(`cannot read "${text.slice(index)}" (only !, &&, ||, ==, != and parentheses are supported)`);
    }
    if (/^(=~|<|>|in\b)/.test(match[1]!)) throw new Error(`unsupported operator in "${text}"`);
    tokens.push(match[1]!);
    index = pattern.lastIndex;
  }
  return tokens;
}
