// libpng wrapped for Swift (the classic API for reading, with its limits; the simplified API for
// writing): no setjmp/longjmp reaches Swift code, every failure comes back as a return code with
// libpng's message.
#ifndef PLUME_CPNG_SHIM_H
#define PLUME_CPNG_SHIM_H
#include <png.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static inline void plume_png_message(png_image *image, char *message) {
    strncpy(message, image->message, 63);
    message[63] = 0;
}

#include <setjmp.h>
#include <stdio.h>

// Reads a PNG (8 or 16 bits; grey, grey+alpha, RGB, RGBA or palette) from a file (data == NULL)
// or from memory, as 8-bit straight-alpha RGBA rows from the top (16-bit samples are scaled with
// rounding, no gamma conversion). libpng's classic API, so that its limits hold before anything
// is decoded: sides above `max_side` and images above `max_pixels` are refused from the header
// (png_set_user_limits and a check after png_read_info), and no chunk but IDAT may claim more
// than `max_chunk` bytes (plume_png_check_chunks on data in memory, and png_set_chunk_malloc_max
// for what libpng decompresses; at most 64 ancillary chunks are kept). Decodes row by row into
// the output, so memory is the output plus one row.
// Returns 0 and a malloc'ed buffer on success; else 1 with a message (64 bytes).
typedef struct {
    jmp_buf jump;
    char *message;
    const unsigned char *data;
    size_t size, offset;
} plume_png_state;

static void plume_png_error(png_structp png, png_const_charp text) {
    plume_png_state *state = (plume_png_state *)png_get_error_ptr(png);
    strncpy(state->message, text, 63);
    state->message[63] = 0;
    longjmp(state->jump, 1);
}

static void plume_png_warning(png_structp png, png_const_charp text) { (void)png; (void)text; }

static void plume_png_read_memory(png_structp png, png_bytep out, size_t length) {
    plume_png_state *state = (plume_png_state *)png_get_io_ptr(png);
    if (length > state->size - state->offset) png_error(png, "file truncated");
    memcpy(out, state->data + state->offset, length);
    state->offset += length;
}

// Walks the chunk list of an in-memory PNG before libpng sees it: every chunk must fit in the
// file, and no chunk but IDAT may claim more than `max_chunk` bytes (libpng's own
// png_set_chunk_malloc_max does not cover every ancillary chunk: a tEXt chunk is allocated at the
// length it claims). Returns 0, or 1 with a message.
static inline int plume_png_check_chunks(const unsigned char *data, size_t size, uint32_t max_chunk, char *message) {
    size_t at = 8;
    while (at + 8 <= size) {
        uint32_t length = (uint32_t)data[at] << 24 | (uint32_t)data[at + 1] << 16 | (uint32_t)data[at + 2] << 8 | data[at + 3];
        char type[5] = {(char)data[at + 4], (char)data[at + 5], (char)data[at + 6], (char)data[at + 7], 0};
        for (int i = 0; i < 4; ++i) if (!((type[i] >= 'a' && type[i] <= 'z') || (type[i] >= 'A' && type[i] <= 'Z'))) type[i] = '?';
        if (length > 0x7FFFFFFFu || (size_t)length + 12 > size - at) {
            snprintf(message, 64, "chunk %s claims %u bytes, past the end of the file", type, (unsigned)length);
            return 1;
        }
        if (length > max_chunk && memcmp(type, "IDAT", 4) != 0) {
            snprintf(message, 64, "chunk %s claims %u bytes (limit %u)", type, (unsigned)length, (unsigned)max_chunk);
            return 1;
        }
        if (memcmp(type, "IEND", 4) == 0) return 0;
        at += (size_t)length + 12;
    }
    return 0;   // a truncated file: libpng reports it
}

static inline int plume_png_read(const char *path, const void *data, size_t size, uint32_t max_side,
                                 uint64_t max_pixels, uint32_t max_chunk, uint32_t *width,
                                 uint32_t *height, uint8_t **pixels, char *message) {
    plume_png_state state;
    memset(&state, 0, sizeof state);
    state.message = message;
    state.data = (const unsigned char *)data;
    state.size = size;
    if (data && size >= 8 && plume_png_check_chunks((const unsigned char *)data, size, max_chunk, message)) return 1;
    FILE *file = NULL;
    if (!data) {
        file = fopen(path, "rb");
        if (!file) { strcpy(message, "cannot open the file"); return 1; }
    }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &state, plume_png_error, plume_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        if (png) png_destroy_read_struct(&png, NULL, NULL);
        if (file) fclose(file);
        strcpy(message, "out of memory");
        return 1;
    }
    // Everything the longjmp may skip lives in `state` or is volatile.
    uint8_t *volatile out = NULL;
    uint8_t *volatile row = NULL;
    if (setjmp(state.jump)) {
        free((void *)out);
        free((void *)row);
        png_destroy_read_struct(&png, &info, NULL);
        if (file) fclose(file);
        return 1;
    }
    png_set_user_limits(png, max_side, max_side);
    png_set_chunk_malloc_max(png, max_chunk);
    png_set_chunk_cache_max(png, 64);
    if (file) png_init_io(png, file);
    else png_set_read_fn(png, &state, plume_png_read_memory);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    int depth = png_get_bit_depth(png, info), type = png_get_color_type(png, info);
    if (w == 0 || h == 0 || w > max_side || h > max_side || (uint64_t)w * h > max_pixels) {
        char text[64];
        snprintf(text, sizeof text, "%ux%u pixels: above the limit", (unsigned)w, (unsigned)h);
        png_error(png, text);
    }
    png_set_expand(png);                        // palette, low-depth grey and tRNS to 8-bit samples + alpha
    if (type == PNG_COLOR_TYPE_GRAY || type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(type & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS))
        png_set_add_alpha(png, depth == 16 ? 0xFFFF : 0xFF, PNG_FILLER_AFTER);
    if (depth == 16) png_set_swap(png);         // little-endian 16-bit samples in memory
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    size_t rowBytes = png_get_rowbytes(png, info);
    if (rowBytes != (size_t)w * (depth == 16 ? 8 : 4)) png_error(png, "unexpected row layout");
    out = (uint8_t *)malloc((size_t)w * h * 4);
    row = (uint8_t *)malloc(rowBytes * (passes > 1 && depth == 16 ? h : 1));
    if (!out || !row) png_error(png, "out of memory");
    for (int pass = 0; pass < passes; ++pass) {
        for (png_uint_32 y = 0; y < h; ++y) {
            uint8_t *line = out + (size_t)y * w * 4;
            if (depth == 16) {
                // Interlaced 16-bit images are refined over passes: keep their wide rows.
                uint8_t *wide = passes > 1 ? row + (size_t)y * rowBytes : row;
                png_read_row(png, wide, NULL);
                const uint16_t *v = (const uint16_t *)wide;
                for (size_t i = 0; i < (size_t)w * 4; ++i) line[i] = (uint8_t)(((uint32_t)v[i] * 255 + 32767) / 65535);
            } else {
                png_read_row(png, line, NULL);
            }
        }
    }
    png_read_end(png, NULL);
    free((void *)row);
    png_destroy_read_struct(&png, &info, NULL);
    if (file) fclose(file);
    *width = w;
    *height = h;
    *pixels = (uint8_t *)out;
    return 0;
}

// An 8-bit RGBA image description for libpng's simplified writer.
static inline void plume_png_rgba_image(png_image *image, uint32_t width, uint32_t height) {
    memset(image, 0, sizeof *image);
    image->version = PNG_IMAGE_VERSION;
    image->width = width;
    image->height = height;
    image->format = PNG_FORMAT_RGBA;
}

// Writes 8-bit straight RGBA rows from the top as a PNG file. Returns 0, or 1 with the message.
static inline int plume_png_write(const char *path, const uint8_t *rgba, uint32_t width, uint32_t height,
                                  char *message) {
    png_image image;
    plume_png_rgba_image(&image, width, height);
    if (!png_image_write_to_file(&image, path, 0, rgba, 0, NULL)) {
        plume_png_message(&image, message);
        return 1;
    }
    return 0;
}

// Writes a grey, grey+alpha, RGB or RGBA 8-bit image (channels 1–4), optionally 16-bit from
// 8-bit values (for tests of the reader). Returns 0, or 1 with the message.
static inline int plume_png_write_format(const char *path, const uint8_t *samples, uint32_t width,
                                         uint32_t height, int channels, int sixteen, int colormap,
                                         char *message) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = width;
    image.height = height;
    static const png_uint_32 formats[5] = {0, PNG_FORMAT_GRAY, PNG_FORMAT_GA, PNG_FORMAT_RGB, PNG_FORMAT_RGBA};
    image.format = formats[channels];
    int ok;
    if (sixteen) {
        image.format |= PNG_FORMAT_FLAG_LINEAR;
        size_t n = (size_t)width * height * channels;
        uint16_t *wide = (uint16_t *)malloc(n * 2);
        if (!wide) { strcpy(message, "out of memory"); return 1; }
        // libpng's linear formats are premultiplied: scale the colour channels by alpha.
        int alpha = channels == 2 || channels == 4;
        for (size_t i = 0; i < n; ++i) {
            uint32_t v = (uint32_t)samples[i] * 257;
            size_t channel = i % channels;
            if (alpha && channel != (size_t)channels - 1) v = (v * samples[i - channel + channels - 1] + 127) / 255;
            wide[i] = (uint16_t)v;
        }
        ok = png_image_write_to_file(&image, path, 0, wide, 0, NULL);
        free(wide);
    } else if (colormap && channels >= 3) {
        image.format |= PNG_FORMAT_FLAG_COLORMAP;
        // A palette image: the samples become indices into a map of the distinct colours (≤ 256).
        size_t n = (size_t)width * height;
        uint8_t map[256 * 4];
        uint8_t *index = (uint8_t *)malloc(n);
        uint32_t entries = 0;
        if (!index) { strcpy(message, "out of memory"); return 1; }
        for (size_t i = 0; i < n; ++i) {
            const uint8_t *px = samples + i * channels;
            uint32_t e = 0;
            while (e < entries && memcmp(map + e * channels, px, channels) != 0) ++e;
            if (e == entries) {
                if (entries == 256) { free(index); strcpy(message, "more than 256 colours"); return 1; }
                memcpy(map + e * channels, px, channels);
                ++entries;
            }
            index[i] = (uint8_t)e;
        }
        image.colormap_entries = entries;
        ok = png_image_write_to_file(&image, path, 0, index, 0, map);
        free(index);
    } else {
        ok = png_image_write_to_file(&image, path, 0, samples, 0, NULL);
    }
    if (!ok) { plume_png_message(&image, message); return 1; }
    return 0;
}
// Encodes 8-bit straight RGBA rows from the top as PNG bytes in a malloc'ed buffer (the caller
// frees it). Returns 0, or 1 with the message.
static inline int plume_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, uint8_t **out,
                                   size_t *size, char *message) {
    png_image image;
    plume_png_rgba_image(&image, width, height);
    png_alloc_size_t needed = 0;
    if (!png_image_write_to_memory(&image, NULL, &needed, 0, rgba, 0, NULL)) {
        plume_png_message(&image, message);
        return 1;
    }
    uint8_t *buffer = (uint8_t *)malloc(needed ? needed : 1);
    if (!buffer) { strcpy(message, "out of memory"); return 1; }
    if (!png_image_write_to_memory(&image, buffer, &needed, 0, rgba, 0, NULL)) {
        plume_png_message(&image, message);
        free(buffer);
        return 1;
    }
    *out = buffer;
    *size = needed;
    return 0;
}
#endif
