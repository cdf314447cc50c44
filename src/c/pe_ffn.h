/*
 * pe_ffn.h — the public C API of the pe-ffn-wasm core: the header a C user includes. It includes
 * every module's header; each opens with its contract (what it computes, how to use it, who
 * allocates, the shape of every pointer):
 *
 *   pf_core.h      status codes (pf_status, pf_status_name), limits, the Mulberry32 generator, the
 *                  rules every module keeps
 *   pe.h           sinusoidal positional encoding: pe_fill, pe_add, pe_entry, their workspace
 *   rope.h         rotary position embedding: rope_apply, rope_angle, their workspace
 *   activation.h   ReLU, GELU, tanh-GELU, SiLU on arrays
 *   matmul.h       the dense kernels every layer's products share (internal: not included here)
 *   ffn.h          the position-wise feed-forward network: ffn_init, ffn_forward, ffn_free
 *   layernorm.h    layer normalisation as PyTorch's nn.LayerNorm
 *   attention.h    multi-head scaled dot-product self-attention
 *   block.h        the encoder block: attention, Add & Norm, FFN, Add & Norm (post- or pre-norm)
 *
 * How to use it:
 *
 *     pe_workspace ws;                                         // the PE kernels' memory, the caller's
 *     void *memory = malloc(pe_workspace_bytes(64));
 *     pe_workspace_init(&ws, memory, pe_workspace_bytes(64));
 *     pe_add(&ws, x, tokens, 64, 10000.0, 0, PE_INTERLEAVED);  // x (tokens, 64) += PE
 *
 *     ffn_layer layer;
 *     ffn_init(&layer, 64, 256, FFN_RELU);                     // owns its weights, created once
 *     ffn_init_seeded(&layer, 42, NULL, NULL);                 // or ffn_set_weights(...)
 *     ffn_forward(&layer, y, NULL, x, tokens);                 // y, x: (tokens, 64)
 *     ffn_free(&layer);                                        // safe to call twice
 *     free(memory);
 *
 * Every function that can fail returns a pf_status and never aborts. Callers own every buffer they
 * pass, workspaces included; kernels never allocate. Only the layer constructors allocate: ffn_init
 * and block_init (one block each, with malloc; ffn_free and block_free free it). There is no global
 * state: calls on different workspaces and layers may run at the same time. The sources build as
 * plain C11 with no platform code; wasm_exports.c alone knows it is compiled to WebAssembly.
 */
#ifndef PE_FFN_H
#define PE_FFN_H

#include "pf_core.h"
#include "pe.h"
#include "rope.h"
#include "activation.h"
#include "ffn.h"
#include "layernorm.h"
#include "attention.h"
#include "block.h"

#endif /* PE_FFN_H */
