// loadTransformer (API.md): a model from a safetensors file that model.save() (or the Python
// `safetensors` package, with the same names and metadata) wrote. The file is untrusted bytes:
// safetensors.js reads its structure (bounded header, nesting checked before JSON.parse, F32 only,
// offsets contiguous and covering every byte); then every option in `__metadata__` is read back and
// checked as createTransformer checks it (each one of FILE_OPTIONS must be there: a default in place
// of a missing option would make another model than the one saved); the tensors must be exactly the
// model's parameters with their shapes, and every value a finite number. All of it runs in time
// linear in the file and before any memory of the module is touched; whatever is wrong is an Error
// saying what.
import { typedArrayName } from './intrinsics.js';
import { readSafetensors, tensorValues } from './safetensors.js';
import { FILE_OPTIONS, MODEL_OPTIONS, optionFromText, resolveOptions } from './model-options.js';
import { firstNonFinite, parameterShapes, transformerWith } from './transformer.js';

const fail = (what) => {
  throw new Error(`loadTransformer: ${what}`);
};
const show = (s) => JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s);

/** The model's options from the file's metadata, checked as createTransformer checks them. */
function configOf(metadata) {
  const missing = FILE_OPTIONS.find((key) => metadata[key] === undefined);
  if (missing !== undefined) fail(`the metadata has no ${missing}: model.save() writes every option, and a default in its place could make another model than the one saved`);
  const o = Object.create(null);
  for (const key of MODEL_OPTIONS) {
    try {
      o[key] = optionFromText(key, metadata[key]);
    } catch (error) {
      fail(`the metadata's ${error.message}`);
    }
  }
  try {
    return resolveOptions(o);
  } catch (error) {
    return fail(`the metadata does not describe a model: ${error.message}`);
  }
}

export function loadTransformer(core, bytes) {
  const kind = bytes instanceof ArrayBuffer ? 'ArrayBuffer' : typedArrayName(bytes);
  if (kind !== 'Uint8Array' && kind !== 'ArrayBuffer') {
    throw new TypeError(`bytes must be a Uint8Array or an ArrayBuffer (a safetensors file), got ${kind ? `a ${kind}` : bytes === null ? 'null' : typeof bytes}`);
  }
  const file = readSafetensors(bytes);
  const config = configOf(file.metadata);
  const shapes = new Map(parameterShapes(config));
  const found = new Map();
  for (const tensor of file.tensors) {
    const shape = shapes.get(tensor.name);
    if (shape === undefined) fail(`the file holds ${show(tensor.name)}, which is not a parameter of this model`);
    if (tensor.shape.length !== shape.length || tensor.shape.some((n, i) => n !== shape[i])) {
      fail(`${tensor.name} has the shape [${tensor.shape.join(', ')}], the model's options give [${shape.join(', ')}]`);
    }
    found.set(tensor.name, tensor);
  }
  for (const name of shapes.keys()) if (!found.has(name)) fail(`the file has no ${name}`);
  const values = new Map([...found].map(([name, tensor]) => [name, tensorValues(bytes, tensor)]));
  for (const [name, array] of values) {
    const at = firstNonFinite(array);
    if (at >= 0) fail(`${name} holds ${array[at]} at index ${at}, not a finite number (saved from a training that diverged?)`);
  }
  return transformerWith(core, config, values);
}
