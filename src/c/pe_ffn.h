/*
 * pe_ffn.h — the public C API of the pe-ffn-wasm core: the header a C user includes. It includes the
 * header of every public module, lowest first; each opens with its contract (what it computes, how to
 * use it, who allocates, the shape of every pointer):
 *
 *   pf_core.h      status codes (pf_status, pf_status_name), limits (from pf_abi.h), the workspace of
 *                  PE and RoPE, the Mulberry32 generator, the rules every module keeps
 *   pe.h           sinusoidal positional encoding: pe_fill, pe_add, pe_entry, their workspace
 *   rope.h         rotary position embedding: rope_forward, rope_backward, rope_angle, their workspace
 *   activation.h   ReLU, GELU, tanh-GELU, SiLU on arrays, and their backward pass
 *   layernorm.h    layer normalisation as PyTorch's nn.LayerNorm, and its backward pass
 *   embedding.h    the trainable Transformer's input: embedding times sqrt(D) plus positions
 *   loss.h         softmax cross-entropy, and its backward pass
 *   optim.h        global-norm clipping and AdamW
 *   ffn.h          the position-wise feed-forward network: ffn_init, ffn_forward, ffn_free
 *   attention.h    multi-head scaled dot-product self-attention
 *   block.h        the encoder block: attention, Add & Norm, FFN, Add & Norm (post- or pre-norm)
 *   model.h        the trainable Transformer: model_init, model_forward, model_gradients, model_free
 *   trainer.h      its trainer: AdamW's moments, trainer_step
 *
 * Not included, internal to the core: matmul.h (the dense kernels the products share), vec4.h and
 * vec4_exp.h (f32x4 arithmetic), pf_abi.h (the lists pf_core.h is generated from).
 *
 * How to use it:
 *
 *     pf_workspace ws;                                         // the PE kernels' memory, the caller's
 *     void *memory = malloc(pe_workspace_bytes(64));
 *     pf_workspace_init(&ws, memory, pe_workspace_bytes(64));
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
 * pass, workspaces included; kernels never allocate. Four constructors allocate, one allocation each,
 * freed by their *_free: ffn_init, block_init, model_init and trainer_init. There is no global state:
 * calls on different workspaces, layers and models may run at the same time. The sources build as
 * plain C11 with no platform code; wasm_exports.c alone knows it is compiled to WebAssembly.
 */
#ifndef PE_FFN_H
#define PE_FFN_H

#include "pf_core.h"
#include "pe.h"
#include "rope.h"
#include "activation.h"
#include "layernorm.h"
#include "embedding.h"
#include "loss.h"
#include "optim.h"
#include "ffn.h"
#include "attention.h"
#include "block.h"
#include "model.h"
#include "trainer.h"

#endif /* PE_FFN_H */
