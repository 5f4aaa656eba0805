/* Filling the caller's alea_error. */
#include "core/impl.h"

#include <stdio.h>

alea_status alea__fail(alea_error *err, alea_status status, int32_t offset, const char *fmt, ...) {
    if (err) {
        va_list ap;
        err->status = (int32_t)status;
        err->offset = offset;
        err->line = 0;
        err->reserved = 0;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return status;
}
