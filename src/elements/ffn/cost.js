// Cost of one position-wise FFN layer, counted the way the elements state it.
//
// FLOPs per token: x W1 is dModel * dFF multiply-adds and h W2 is dFF * dModel more; one multiply-add
// counts as 2 FLOPs, so 2 * (2 * dModel * dFF) = 4 * dModel * dFF. The bias additions (dFF + dModel)
// and the activation (dFF evaluations) are left out, as is usual; they are under 1% for dModel >= 64.
// The parameter count itself is never computed here: it is the module's ffn.paramCount.

/** Floating-point operations for one token through one FFN layer (multiply-add = 2 FLOPs). */
export function ffnFlopsPerToken(dModel, dFF) {
  return 4 * dModel * dFF;
}
