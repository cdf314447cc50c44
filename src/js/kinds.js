// Tables with one entry for each name of a kind list of src/c/pf_abi.h (POSITIONS, ACTIVATIONS, NORMS
// in defaults.js): a Python expression, a colour, a formula. Keyed by the generated constants
// (`[ACTIVATION.GELU]: 'F.gelu'`), checked when the module loads, so that a name added to pf_abi.h
// without its entry stops every test that loads the table, naming both.
//
// API:
//   kindTable(what, names, entries) -> entries, frozen; throws an Error naming `what` and the first
//                                      name of `names` without an entry (or the first entry of no name)
export function kindTable(what, names, entries) {
  const missing = names.find((name) => !Object.hasOwn(entries, name));
  if (missing !== undefined) throw new Error(`${what}: no entry for "${missing}" (pf_abi.h lists it)`);
  const stray = Object.keys(entries).find((key) => !names.includes(key));
  if (stray !== undefined) throw new Error(`${what}: an entry for "${stray}", which pf_abi.h does not list`);
  return Object.freeze(entries);
}
