// libtiff wrapped for Swift: decode a TIFF held in memory to 8-bit straight RGBA rows from the
// top, with the declared size checked before any pixel memory is taken and libtiff's messages
// captured instead of printed.
#ifndef PLUME_CTIFF_SHIM_H
#define PLUME_CTIFF_SHIM_H
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>

typedef struct {
    const uint8_t *data;
    toff_t size;
    toff_t offset;
    char message[64];
} plume_tiff_source;

static tmsize_t plume_tiff_read(thandle_t h, void *buf, tmsize_t n) {
    plume_tiff_source *s = (plume_tiff_source *)h;
    if (n <= 0 || s->offset >= s->size) return 0;
    toff_t left = s->size - s->offset;
    tmsize_t count = (toff_t)n < left ? n : (tmsize_t)left;
    memcpy(buf, s->data + s->offset, (size_t)count);
    s->offset += (toff_t)count;
    return count;
}
static tmsize_t plume_tiff_write(thandle_t h, void *buf, tmsize_t n) { (void)h; (void)buf; (void)n; return -1; }
static toff_t plume_tiff_seek(thandle_t h, toff_t off, int whence) {
    plume_tiff_source *s = (plume_tiff_source *)h;
    toff_t base = whence == SEEK_CUR ? s->offset : whence == SEEK_END ? s->size : 0;
    if ((int64_t)off < 0 && whence != SEEK_SET && (toff_t)(-(int64_t)off) > base) return (toff_t)-1;
    toff_t target = base + off;
    if (target > s->size) return (toff_t)-1;
    s->offset = target;
    return target;
}
static int plume_tiff_close(thandle_t h) { (void)h; return 0; }
static toff_t plume_tiff_size(thandle_t h) { return ((plume_tiff_source *)h)->size; }
static int plume_tiff_map(thandle_t h, void **base, toff_t *size) { (void)h; (void)base; (void)size; return 0; }
static void plume_tiff_unmap(thandle_t h, void *base, toff_t size) { (void)h; (void)base; (void)size; }

static int plume_tiff_error(TIFF *tif, void *user, const char *module, const char *fmt, va_list ap) {
    (void)tif; (void)module;
    plume_tiff_source *s = (plume_tiff_source *)user;
    if (s && s->message[0] == 0) vsnprintf(s->message, sizeof s->message, fmt, ap);
    return 1;
}
static int plume_tiff_warning(TIFF *tif, void *user, const char *module, const char *fmt, va_list ap) {
    (void)tif; (void)user; (void)module; (void)fmt; (void)ap;
    return 1;
}

// Decodes the first image of a TIFF. Returns 0 with a malloc'ed RGBA buffer; 1 with a message
// (64 bytes). Images wider or taller than max_side are refused from the header.
static inline int plume_tiff_decode(const uint8_t *data, size_t size, uint32_t max_side, uint32_t *width,
                                    uint32_t *height, uint8_t **pixels, char *message) {
    plume_tiff_source source = { data, (toff_t)size, 0, {0} };
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (!options) { strcpy(message, "out of memory"); return 1; }
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, (tmsize_t)256 << 20);
    TIFFOpenOptionsSetErrorHandlerExtR(options, plume_tiff_error, &source);
    TIFFOpenOptionsSetWarningHandlerExtR(options, plume_tiff_warning, &source);
    TIFF *tif = TIFFClientOpenExt("memory", "rm", (thandle_t)&source, plume_tiff_read, plume_tiff_write,
                                  plume_tiff_seek, plume_tiff_close, plume_tiff_size, plume_tiff_map,
                                  plume_tiff_unmap, options);
    TIFFOpenOptionsFree(options);
    if (!tif) {
        strncpy(message, source.message[0] ? source.message : "not a TIFF", 63); message[63] = 0;
        return 1;
    }
    uint32_t w = 0, h = 0;
    TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &w);
    TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &h);
    if (w == 0 || h == 0 || w > max_side || h > max_side) {
        snprintf(message, 64, "declares %ux%u pixels (at most %ux%u)", w, h, max_side, max_side);
        TIFFClose(tif);
        return 1;
    }
    char reason[1024] = {0};
    if (!TIFFRGBAImageOK(tif, reason)) {
        strncpy(message, reason[0] ? reason : "unsupported TIFF", 63); message[63] = 0;
        TIFFClose(tif);
        return 1;
    }
    uint32_t *raster = (uint32_t *)malloc((size_t)w * h * 4);
    if (!raster) { strcpy(message, "out of memory"); TIFFClose(tif); return 1; }
    if (!TIFFReadRGBAImageOriented(tif, w, h, raster, ORIENTATION_TOPLEFT, 0)) {
        strncpy(message, source.message[0] ? source.message : "cannot read the TIFF pixels", 63); message[63] = 0;
        free(raster);
        TIFFClose(tif);
        return 1;
    }
    TIFFClose(tif);
    // libtiff gives ABGR words (R in the low byte), associated (premultiplied) alpha: back to straight.
    uint8_t *out = (uint8_t *)raster;
    for (size_t i = 0; i < (size_t)w * h; ++i) {
        uint32_t p = raster[i];
        uint8_t r = TIFFGetR(p), g = TIFFGetG(p), b = TIFFGetB(p), a = TIFFGetA(p);
        if (a != 0 && a != 255) {
            r = (uint8_t)((r * 255u + a / 2) / a > 255 ? 255 : (r * 255u + a / 2) / a);
            g = (uint8_t)((g * 255u + a / 2) / a > 255 ? 255 : (g * 255u + a / 2) / a);
            b = (uint8_t)((b * 255u + a / 2) / a > 255 ? 255 : (b * 255u + a / 2) / a);
        }
        out[i * 4] = r; out[i * 4 + 1] = g; out[i * 4 + 2] = b; out[i * 4 + 3] = a;
    }
    *width = w;
    *height = h;
    *pixels = out;
    return 0;
}

// Writes 8-bit RGBA (straight, unassociated alpha) as an uncompressed TIFF to a file; for tests.
static inline int plume_tiff_write_file(const char *path, const uint8_t *rgba, uint32_t w, uint32_t h) {
    TIFF *tif = TIFFOpen(path, "w");
    if (!tif) return 1;
    uint16_t extra[1] = { EXTRASAMPLE_UNASSALPHA };
    TIFFSetField(tif, TIFFTAG_IMAGEWIDTH, w);
    TIFFSetField(tif, TIFFTAG_IMAGELENGTH, h);
    TIFFSetField(tif, TIFFTAG_SAMPLESPERPIXEL, 4);
    TIFFSetField(tif, TIFFTAG_BITSPERSAMPLE, 8);
    TIFFSetField(tif, TIFFTAG_EXTRASAMPLES, 1, extra);
    TIFFSetField(tif, TIFFTAG_PHOTOMETRIC, PHOTOMETRIC_RGB);
    TIFFSetField(tif, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG);
    TIFFSetField(tif, TIFFTAG_ORIENTATION, ORIENTATION_TOPLEFT);
    TIFFSetField(tif, TIFFTAG_COMPRESSION, COMPRESSION_LZW);
    TIFFSetField(tif, TIFFTAG_ROWSPERSTRIP, h);
    for (uint32_t row = 0; row < h; ++row) {
        if (TIFFWriteScanline(tif, (void *)(rgba + (size_t)row * w * 4), row, 0) < 0) { TIFFClose(tif); return 1; }
    }
    TIFFClose(tif);
    return 0;
}
#endif
