/**
 * Python's annotations as far as the source writes them: the class an annotation names, what a collection
 * annotation holds (`List["Parameter"]`), what a function or method declares it returns, and the variable of
 * a loop or comprehension over a collection. Never inferred.
 */
import type { Node } from '@vscode/tree-sitter-wasm'
import { CALL_RESULT, ELEMENT } from './facts.js'
import { field, isField, qualifierText } from './rules.js'

const OPTIONAL = /^(?:t\.|typing\.)?Optional$/

/** The class an annotation names: `Foo`, `mod.Foo`, `"Foo"`, `Optional[Foo]`. */
export function annotationClass(annotation: Node | null | undefined): string | undefined {
  if (!annotation) return undefined
  switch (annotation.type) {
    case 'type':
      return annotationClass(annotation.namedChildren[0])
    case 'identifier':
      return annotation.text
    case 'attribute':
      return field(annotation, 'attribute')?.text
    case 'string': {
      const content = annotation.namedChildren.find(part => part?.type === 'string_content')?.text
      return content && /^[A-Za-z_][\w.]*$/.test(content)
        ? content.slice(content.lastIndexOf('.') + 1)
        : undefined
    }
    case 'subscript':
      return OPTIONAL.test(field(annotation, 'value')?.text ?? '')
        ? annotationClass(field(annotation, 'subscript'))
        : undefined
    case 'generic_type': {
      const [name, parameters] = annotation.namedChildren
      return OPTIONAL.test(name?.text ?? '') ? annotationClass(parameters?.namedChildren[0]) : undefined
    }
    default:
      return undefined
  }
}

const MAPPINGS =
  /^(?:(?:t\.|typing\.)?(?:Dict|Mapping|MutableMapping|DefaultDict|OrderedDict)|dict|(?:collections\.)?(?:defaultdict|OrderedDict))$/

const SEQUENCES =
  /^(?:(?:t\.|typing\.)?(?:List|Sequence|MutableSequence|Iterable|Iterator|Collection|Set|FrozenSet|AbstractSet)|list|set|frozenset)$/

/**
 * The class a collection annotation holds: `List[Foo]`, `t.Sequence["Foo"]`, `list[Foo]`, `Optional[List[Foo]]`,
 * and a mapping's values (`Dict[str, Foo]`).
 */
function elementClass(annotation: Node | null | undefined): string | undefined {
  if (!annotation) return undefined
  if (annotation.type === 'type') return elementClass(annotation.namedChild(0))
  let [name, argument] = [null as Node | null, null as Node | null | undefined]
  if (annotation.type === 'subscript')
    [name, argument] = [field(annotation, 'value'), field(annotation, 'subscript')]
  else if (annotation.type === 'generic_type')
    [name, argument] = [annotation.namedChild(0), annotation.namedChild(1)?.namedChild(0)]
  const written = name?.text ?? ''
  if (OPTIONAL.test(written)) return elementClass(argument)
  if (MAPPINGS.test(written)) return annotationClass(valueArgument(annotation))
  return SEQUENCES.test(written) ? annotationClass(argument) : undefined
}

/** The second argument of `Dict[str, Foo]`: a subscript's second index, a generic type's second parameter. */
function valueArgument(annotation: Node): Node | null | undefined {
  if (annotation.type === 'generic_type') return annotation.namedChild(1)?.namedChild(1)
  return annotation.namedChildren.filter(child => child && !isField(annotation, 'value', child))[1]
}

export function moreTypeHintsOf(node: Node): Array<[string, string]> {
  if (node.type === 'for_statement' || node.type === 'for_in_clause') return loopVariable(node)
  if (node.type === 'function_definition') return returned(node)
  if (node.type === 'typed_parameter' || node.type === 'typed_default_parameter') {
    const name = field(node, 'name') ?? node.namedChildren.find(child => child?.type === 'identifier')
    const element = elementClass(field(node, 'type'))
    return name && element ? [[`${name.text}[]`, element]] : []
  }
  if (node.type !== 'assignment') return []
  const left = field(node, 'left')
  const element = elementClass(field(node, 'type'))
  return left && element && /^[\w.]+$/.test(left.text) ? [[`${left.text}[]`, element]] : []
}

/** What a function declares it returns (`f()`, `self.m()` in a class), and what that collection holds. */
function returned(node: Node): Array<[string, string]> {
  const name = field(node, 'name')?.text
  const annotation = field(node, 'return_type')
  if (!name || !annotation) return []
  const holder = node.parent?.type === 'decorated_definition' ? node.parent.parent : node.parent
  const callee =
    holder?.type === 'block' && holder.parent?.type === 'class_definition' ? `self.${name}` : name
  const hints: Array<[string, string]> = []
  const type = annotationClass(annotation)
  if (type) hints.push([`${callee}()`, type])
  const element = elementClass(annotation)
  if (element) hints.push([`${callee}()[]`, element])
  return hints
}

const CHAIN = new Set(['attribute'])
const NAMES = new Set(['identifier'])

/** Builtins that go over their first argument's elements and give them back one by one. */
const PASSING_ELEMENTS = new Set(['reversed', 'sorted', 'list', 'tuple', 'iter', 'set', 'frozenset'])

/**
 * `for param in self.params:` and `[p.name for p in ps]`: the variable is an element of what it goes over;
 * through `enumerate(ps)` (the second of a pair), `zip(ps, qs)` (each of its own) and `sorted(ps)`.
 */
function loopVariable(node: Node): Array<[string, string]> {
  const variable = field(node, 'left')
  const collection = field(node, 'right')
  if (!variable || !collection) return []
  const called = collection.type === 'call' ? field(collection, 'function') : null
  const callee = called?.text
  const argumentsOf = (): Array<Node | null> => field(collection, 'arguments')?.namedChildren ?? []
  const names = TUPLES.has(variable.type) ? variable.namedChildren : [variable]
  if (callee === 'enumerate' && names.length === 2) return elementOf(names[1], argumentsOf()[0])
  // `for key, value in d.items()`, `for value in d.values()`: a mapping's values.
  const method = callee?.match(/\.(items|values)$/)?.[1]
  if (method && names.length === (method === 'values' ? 1 : 2))
    return elementOf(names.at(-1), called && field(called, 'object'))
  if (callee === 'zip') return names.flatMap((name, i) => elementOf(name, argumentsOf()[i]))
  if (callee && PASSING_ELEMENTS.has(callee)) return elementOf(variable, argumentsOf()[0])
  return elementOf(variable, collection)
}

const TUPLES = new Set(['pattern_list', 'tuple_pattern'])

/** `name` is an element of `collection`: a name, an attribute chain or what a call returns. */
function elementOf(
  name: Node | null | undefined,
  collection: Node | null | undefined
): Array<[string, string]> {
  if (name?.type !== 'identifier' || !collection) return []
  if (collection.type === 'call') {
    const callee = qualifierText(field(collection, 'function'), CHAIN, NAMES)
    return callee === '?' ? [] : [[name.text, `${ELEMENT}${CALL_RESULT}${callee}`]]
  }
  const text = qualifierText(collection, CHAIN, NAMES)
  return text === '?' || text === 'self' ? [] : [[name.text, `${ELEMENT}${text}`]]
}
