// zlib wrapped for Swift: inflate gzip or zlib data from memory with an output limit, so a small
// input that expands to gigabytes (a "zip bomb") is refused instead of exhausting memory.
#ifndef PLUME_CZLIB_SHIM_H
#define PLUME_CZLIB_SHIM_H
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

// Inflates gzip or zlib data (detected from the header). Returns 0 with a malloc'ed buffer (the
// caller frees it); 1 with a message (64 bytes) when the data is corrupt or inflates past `limit`.
static inline int plume_inflate(const uint8_t *in, size_t size, size_t limit, uint8_t **out, size_t *outSize,
                                char *message) {
    z_stream s;
    memset(&s, 0, sizeof s);
    if (inflateInit2(&s, 15 + 32) != Z_OK) { strcpy(message, "zlib could not start"); return 1; }
    size_t capacity = size * 4 + 1024;
    if (capacity > limit + 1) capacity = limit + 1;
    uint8_t *buffer = (uint8_t *)malloc(capacity);
    if (!buffer) { inflateEnd(&s); strcpy(message, "out of memory"); return 1; }
    s.next_in = (Bytef *)in;
    s.avail_in = (uInt)(size > 0xFFFFFFFFu ? 0xFFFFFFFFu : size);
    size_t used = 0;
    int status = Z_OK;
    while (status != Z_STREAM_END) {
        if (used == capacity) {
            if (capacity > limit) {
                free(buffer); inflateEnd(&s);
                strcpy(message, "inflates past the size limit");
                return 1;
            }
            size_t grown = capacity * 2;
            if (grown > limit + 1) grown = limit + 1;
            uint8_t *bigger = (uint8_t *)realloc(buffer, grown);
            if (!bigger) { free(buffer); inflateEnd(&s); strcpy(message, "out of memory"); return 1; }
            buffer = bigger;
            capacity = grown;
        }
        s.next_out = buffer + used;
        s.avail_out = (uInt)(capacity - used);
        status = inflate(&s, Z_NO_FLUSH);
        used = capacity - s.avail_out;
        if (status == Z_STREAM_END) break;
        if (status != Z_OK) {
            const char *m = s.msg ? s.msg : (status == Z_BUF_ERROR ? "truncated data" : "corrupt data");
            strncpy(message, m, 63); message[63] = 0;
            free(buffer); inflateEnd(&s);
            return 1;
        }
        if (s.avail_in == 0 && s.avail_out != 0) {
            free(buffer); inflateEnd(&s);
            strcpy(message, "truncated data");
            return 1;
        }
    }
    inflateEnd(&s);
    if (used > limit) { free(buffer); strcpy(message, "inflates past the size limit"); return 1; }
    *out = buffer;
    *outSize = used;
    return 0;
}

// Compresses with zlib (gzip = 0) or gzip (gzip = 1) framing; for writing test fixtures.
static inline int plume_deflate(const uint8_t *in, size_t size, int gzip, uint8_t **out, size_t *outSize) {
    z_stream s;
    memset(&s, 0, sizeof s);
    if (deflateInit2(&s, 9, Z_DEFLATED, gzip ? 15 + 16 : 15, 8, Z_DEFAULT_STRATEGY) != Z_OK) return 1;
    size_t capacity = deflateBound(&s, (uLong)size) + 32;
    uint8_t *buffer = (uint8_t *)malloc(capacity);
    if (!buffer) { deflateEnd(&s); return 1; }
    s.next_in = (Bytef *)in;
    s.avail_in = (uInt)size;
    s.next_out = buffer;
    s.avail_out = (uInt)capacity;
    int status = deflate(&s, Z_FINISH);
    size_t used = capacity - s.avail_out;
    deflateEnd(&s);
    if (status != Z_STREAM_END) { free(buffer); return 1; }
    *out = buffer;
    *outSize = used;
    return 0;
}
#endif
