// libpng's simplified API wrapped for Swift: no setjmp/longjmp reaches Swift code, every failure
// comes back as a return code with libpng's message.
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

// Reads a PNG (8 or 16 bits; grey, grey+alpha, RGB, RGBA or palette) from a file (data == NULL)
// or from memory, as 8-bit straight-alpha RGBA rows from the top. 16-bit files keep their values
// (no gamma conversion): they are read as 16-bit premultiplied linear and converted back.
// Returns 0 and a malloc'ed buffer on success; else 1 with libpng's message (64 bytes).
static inline int plume_png_read(const char *path, const void *data, size_t size, uint32_t *width,
                                 uint32_t *height, uint8_t **pixels, char *message) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    int ok = data ? png_image_begin_read_from_memory(&image, data, size)
                  : png_image_begin_read_from_file(&image, path);
    if (!ok) { plume_png_message(&image, message); return 1; }
    int sixteen = (image.format & PNG_FORMAT_FLAG_LINEAR) != 0;
    image.format = sixteen ? PNG_FORMAT_LINEAR_RGB_ALPHA : PNG_FORMAT_RGBA;
    size_t count = (size_t)image.width * image.height;
    if (image.width == 0 || image.height == 0 || count > (size_t)1 << 28) {
        strcpy(message, "unsupported image size");
        png_image_free(&image);
        return 1;
    }
    uint8_t *out = (uint8_t *)malloc(count * 4);
    uint16_t *wide = sixteen ? (uint16_t *)malloc(count * 8) : NULL;
    if (!out || (sixteen && !wide)) {
        free(out); free(wide);
        strcpy(message, "out of memory");
        png_image_free(&image);
        return 1;
    }
    if (!png_image_finish_read(&image, NULL, sixteen ? (void *)wide : (void *)out, 0, NULL)) {
        plume_png_message(&image, message);
        free(out); free(wide);
        return 1;
    }
    if (sixteen) {
        for (size_t i = 0; i < count; ++i) {
            uint32_t a = wide[i * 4 + 3];
            out[i * 4 + 3] = (uint8_t)((a * 255 + 32767) / 65535);
            for (int c = 0; c < 3; ++c) {
                uint32_t v = wide[i * 4 + c];
                out[i * 4 + c] = a ? (uint8_t)((v * 255 + a / 2) / a) : 0;
            }
        }
        free(wide);
    }
    *width = image.width;
    *height = image.height;
    *pixels = out;
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
