import * as z from 'zod';
import { COMPONENTS } from './components';
import { FIELD_EXAMPLES } from './fieldNotes';

/** A JSON object of the document. */
export type Json = { [key: string]: unknown };

/** Where a `$ref` to a component points. */
export const COMPONENT_REF = '#/components/schemas/';

/** The safe-integer bounds `.int()` adds say nothing; they go. */
export function tidy({ jsonSchema }: { jsonSchema: Record<string, unknown> }): void {
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
}

/**
 * The schemas of the document: each operation's body or answer model is added to one of two registries (answers read
 * as output, bodies as input) beside every named component, then each registry is converted once, so `$ref`s point
 * into `components/schemas`. An operation's own schema that is no component is written inline where it is used.
 */
export class SchemaSet {
  private readonly registries = { input: z.registry<{ id: string }>(), output: z.registry<{ id: string }>() };
  private readonly inline = { input: new Map<z.ZodType, string>(), output: new Map<z.ZodType, string>() };
  private readonly names = new Map<z.ZodType, string>();
  /** Placeholders in the operations, filled by build(). */
  private readonly holes: { io: 'input' | 'output'; id: string; target: Json }[] = [];

  constructor() {
    for (const [name, { model }] of Object.entries(COMPONENTS)) {
      if (this.names.has(model)) throw new Error(`${name} and ${this.names.get(model)} are the same model.`);
      this.names.set(model, name);
      this.registries.input.add(model, { id: name });
      this.registries.output.add(model, { id: name });
    }
  }

  /** The schema object for an operation: a `$ref` to a component, or an object build() fills with the inline schema. */
  use(model: z.ZodType, io: 'input' | 'output'): Json {
    const name = this.names.get(model);
    if (name) return { $ref: `${COMPONENT_REF}${name}` };
    let id = this.inline[io].get(model);
    if (!id) {
      id = `__inline_${io}_${this.inline[io].size}`;
      this.inline[io].set(model, id);
      this.registries[io].add(model, { id });
    }
    const target: Json = {};
    this.holes.push({ io, id, target });
    return target;
  }

  /** Converts the registries, fills the inline schemas and returns `components/schemas`, sorted by name. */
  build(): Record<string, Json> {
    const converted = {
      input: this.convert('input'),
      output: this.convert('output'),
    };
    for (const hole of this.holes) Object.assign(hole.target, structuredClone(converted[hole.io][hole.id]));
    // Which components the document uses through either side, and from which side each is taken.
    const used = new Map<string, 'input' | 'output'>();
    const visit = (node: unknown, io: 'input' | 'output') => {
      if (Array.isArray(node)) for (const entry of node) visit(entry, io);
      else if (node && typeof node === 'object') {
        const ref = (node as Json).$ref;
        if (typeof ref === 'string') {
          const name = ref.slice(COMPONENT_REF.length);
          if (name.startsWith('__inline_')) throw new Error(`An inline schema is nested in another: ${name}.`);
          if (!used.has(name)) {
            used.set(name, io);
            visit(converted[io][name], io);
          } else if (
            used.get(name) !== io &&
            JSON.stringify(converted.input[name]) !== JSON.stringify(converted.output[name])
          ) {
            throw new Error(`${name} differs as a request body and as an answer: name the two sides apart.`);
          }
        }
        for (const value of Object.values(node)) visit(value, io);
      }
    };
    for (const hole of this.holes) visit(hole.target, hole.io);
    for (const name of Object.keys(COMPONENTS)) {
      // Components no operation uses are still published (the webhook's body, the admin ones).
      if (!used.has(name)) {
        used.set(name, 'output');
        visit(converted.output[name], 'output');
      }
    }
    const out: Record<string, Json> = {};
    for (const name of [...used.keys()].sort()) {
      const schema = converted[used.get(name)!][name]!;
      out[name] = { description: COMPONENTS[name]!.description, ...schema };
    }
    return out;
  }

  private convert(io: 'input' | 'output'): Record<string, Json> {
    const { schemas } = z.toJSONSchema(this.registries[io], {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'throw',
      uri: (id) => `${COMPONENT_REF}${id}`,
      override: (context) => {
        tidy(context);
        // Request bodies: the API reads past fields it does not know (so does the sandbox), it never refuses them.
        if (io === 'input' && context.jsonSchema.additionalProperties === false) {
          delete context.jsonSchema.additionalProperties;
        }
      },
    });
    const out: Record<string, Json> = {};
    for (const [id, schema] of Object.entries(schemas)) {
      const { $schema: _dialect, $id: _id, ...rest } = schema as Json;
      out[id] = rest;
    }
    for (const [name, examples] of Object.entries(FIELD_EXAMPLES)) {
      const schema = out[name];
      if (!schema) throw new Error(`FIELD_EXAMPLES names ${name}, which is no component.`);
      for (const [path, values] of Object.entries(examples)) fieldAt(schema, path, name).examples = [...values];
    }
    return out;
  }
}

/** The node of a field path (`a.b`, `a[]`) in a generated schema, through nullable `anyOf` branches. */
function fieldAt(schema: Json, path: string, where: string): Json {
  let node = schema;
  for (const step of path.split(/\.|(?=\[\])/)) {
    const holders = [node, ...((node.anyOf as Json[] | undefined) ?? [])];
    const next =
      step === '[]'
        ? holders.find((holder) => holder.items)?.items
        : holders.find((holder) => (holder.properties as Json | undefined)?.[step])?.properties;
    const found = step === '[]' ? next : (next as Json | undefined)?.[step];
    if (!found || typeof found !== 'object') throw new Error(`${where}: ${path} is no field of the model.`);
    node = found as Json;
  }
  return node;
}
