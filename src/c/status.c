/* status.c — names for pf_status codes, so every caller reports failures the same way. */
#include "pe_ffn.h"

const char *pf_status_name(pf_status status) {
    switch (status) {
    case PF_OK: return "ok";
    case PF_ERR_NULL: return "a required pointer is NULL";
    case PF_ERR_LENGTH: return "length out of range";
    case PF_ERR_D_MODEL: return "d_model out of range";
    case PF_ERR_D_FF: return "d_ff out of range";
    case PF_ERR_BASE: return "base must be a finite number greater than 1";
    case PF_ERR_OFFSET: return "offset out of range";
    case PF_ERR_POSITION: return "position out of range";
    case PF_ERR_COLUMN: return "column out of range";
    case PF_ERR_LAYOUT: return "unknown layout";
    case PF_ERR_ACTIVATION: return "unknown activation";
    case PF_ERR_NO_MEMORY: return "out of memory";
    case PF_ERR_NOT_READY: return "layer not initialised or already freed";
    case PF_STATUS_COUNT: break;
    }
    return "unknown status";
}
