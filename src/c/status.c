/* status.c — names for pf_status codes (the texts of pf_abi.h), so every caller reports failures the same way. */
#include "pf_core.h"

const char *pf_status_name(pf_status status) {
    switch (status) {
#define PF_STATUS_CASE(name, code, kind, param, text) case name: return text;
    PF_STATUSES(PF_STATUS_CASE)
#undef PF_STATUS_CASE
    case PF_STATUS_COUNT: break;
    }
    return "unknown status";
}
