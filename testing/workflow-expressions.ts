/**
 * GitHub Actions expressions (`${{ … }}`), evaluated as the runner does for the part workflows use: contexts
 * and their properties (`inputs.pr-number`, `github.event.comment.body`, `x['y']`), string, number, boolean
 * and null literals, `!`, `==`, `!=`, `&&` and `||` (which give an operand, not a boolean), parentheses, and
 * the functions `contains`, `startsWith`, `endsWith` and `format`. A context the caller does not give, or a
 * property a strict context does not have, throws: a test never passes on a value it could not work out.
 */

/** A context: a plain value, or a strict one whose unknown properties throw. */
export type Context = unknown

/** Marks an object whose unknown properties are an error (the inputs and secrets a workflow declares). */
export function strict(name: string, values: Record<string, unknown>): Context {
  return new Proxy(values, {
    get(target, key) {
      if (typeof key !== 'string' || !(key in target))
        throw new Error(`${name}.${String(key)} is not declared`)
      return target[key]
    }
  })
}

type Token = { kind: 'op' | 'ident' | 'string' | 'number'; text: string }

const OPERATORS = ['==', '!=', '&&', '||', '!', '(', ')', '[', ']', '.', ',']

function tokenize(source: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < source.length) {
    const c = source[i] as string
    if (/\s/.test(c)) {
      i += 1
      continue
    }
    if (c === "'") {
      let text = ''
      i += 1
      for (;;) {
        if (i >= source.length) throw new Error(`unterminated string in ${source}`)
        if (source[i] === "'" && source[i + 1] === "'") {
          text += "'"
          i += 2
        } else if (source[i] === "'") break
        else text += source[i++]
      }
      i += 1
      tokens.push({ kind: 'string', text })
      continue
    }
    const op = OPERATORS.find(candidate => source.startsWith(candidate, i))
    if (op) {
      tokens.push({ kind: 'op', text: op })
      i += op.length
      continue
    }
    const word = /^[A-Za-z_][A-Za-z0-9_-]*|^-?\d+(?:\.\d+)?/.exec(source.slice(i))?.[0]
    if (!word) throw new Error(`cannot read ${source.slice(i)} in ${source}`)
    tokens.push({ kind: /^-?\d/.test(word) ? 'number' : 'ident', text: word })
    i += word.length
  }
  return tokens
}

const truthy = (value: unknown): boolean =>
  !(
    value === null ||
    value === undefined ||
    value === false ||
    value === 0 ||
    value === '' ||
    Number.isNaN(value)
  )

function loosely(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a.toLowerCase() === b.toLowerCase()
  return (a ?? null) === (b ?? null)
}

/** The text a value becomes in a string: null is empty, booleans and numbers as written. */
export function asText(value: unknown): string {
  if (value === null || value === undefined) return ''
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

const FUNCTIONS: Record<string, (...args: unknown[]) => unknown> = {
  contains: (haystack, needle) =>
    Array.isArray(haystack)
      ? haystack.some(item => loosely(item, needle))
      : asText(haystack).toLowerCase().includes(asText(needle).toLowerCase()),
  startswith: (text, prefix) => asText(text).toLowerCase().startsWith(asText(prefix).toLowerCase()),
  endswith: (text, suffix) => asText(text).toLowerCase().endsWith(asText(suffix).toLowerCase()),
  format: (pattern, ...args) =>
    asText(pattern).replace(/\{(\d+)\}/g, (_, n: string) => asText(args[Number(n)]))
}

class Parser {
  private at = 0
  constructor(
    private readonly tokens: Token[],
    private readonly contexts: Record<string, Context>,
    private readonly source: string
  ) {}

  parse(): unknown {
    const value = this.or()
    if (this.at < this.tokens.length)
      throw new Error(`unexpected ${this.tokens[this.at]?.text} in ${this.source}`)
    return value
  }

  private peek(text: string): boolean {
    const token = this.tokens[this.at]
    return token?.kind === 'op' && token.text === text
  }

  private expect(text: string): void {
    if (!this.peek(text)) throw new Error(`expected ${text} in ${this.source}`)
    this.at += 1
  }

  private or(): unknown {
    let value = this.and()
    while (this.peek('||')) {
      this.at += 1
      const right = this.and()
      value = truthy(value) ? value : right
    }
    return value
  }

  private and(): unknown {
    let value = this.equality()
    while (this.peek('&&')) {
      this.at += 1
      const right = this.equality()
      value = truthy(value) ? right : value
    }
    return value
  }

  private equality(): unknown {
    let value = this.unary()
    while (this.peek('==') || this.peek('!=')) {
      const negate = this.peek('!=')
      this.at += 1
      const same = loosely(value, this.unary())
      value = negate ? !same : same
    }
    return value
  }

  private unary(): unknown {
    if (this.peek('!')) {
      this.at += 1
      return !truthy(this.unary())
    }
    return this.primary()
  }

  private primary(): unknown {
    const token = this.tokens[this.at++]
    if (!token) throw new Error(`unexpected end of ${this.source}`)
    if (token.kind === 'string') return token.text
    if (token.kind === 'number') return Number(token.text)
    if (token.kind === 'op' && token.text === '(') {
      const value = this.or()
      this.expect(')')
      return value
    }
    if (token.kind !== 'ident') throw new Error(`unexpected ${token.text} in ${this.source}`)
    const literal: Record<string, unknown> = { true: true, false: false, null: null }
    if (token.text in literal) return literal[token.text]
    if (this.peek('(')) return this.call(token.text)
    if (!(token.text in this.contexts))
      throw new Error(`the context ${token.text} is not available in ${this.source}`)
    return this.properties(this.contexts[token.text])
  }

  private call(name: string): unknown {
    const fn = FUNCTIONS[name.toLowerCase()]
    if (!fn) throw new Error(`the function ${name} is not known in ${this.source}`)
    this.expect('(')
    const args: unknown[] = []
    while (!this.peek(')')) {
      args.push(this.or())
      if (!this.peek(')')) this.expect(',')
    }
    this.expect(')')
    return fn(...args)
  }

  private properties(start: unknown): unknown {
    let value = start
    for (;;) {
      let key: string
      if (this.peek('.')) {
        this.at += 1
        key = this.tokens[this.at++]?.text ?? ''
      } else if (this.peek('[')) {
        this.at += 1
        key = asText(this.or())
        this.expect(']')
      } else return value
      value = value === null || value === undefined ? null : ((value as Record<string, unknown>)[key] ?? null)
    }
  }
}

/** One expression's value (the text between `${{` and `}}`). */
export function evaluate(expression: string, contexts: Record<string, Context>): unknown {
  return new Parser(tokenize(expression), contexts, expression).parse()
}

/**
 * A workflow value: a string with `${{ }}` in it is interpolated (a whole-value expression keeps its type);
 * anything else is itself.
 */
export function resolveValue(value: unknown, contexts: Record<string, Context>): unknown {
  if (typeof value !== 'string' || !value.includes('${{')) return value
  const whole = /^\s*\$\{\{([\s\S]*?)\}\}\s*$/.exec(value)
  if (whole && !whole[1]?.includes('}}')) return evaluate(whole[1] as string, contexts)
  return value.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, inner: string) => asText(evaluate(inner, contexts)))
}
