// png.c - PNG in and out through libpng.
//
// Exists because libpng reports errors by longjmp, which must not cross into Swift frames.
#include "cframediff.h"

// The largest picture read: 8K by 8K, well above any phone or desktop capture.
#define FD_PNG_MAX_PIXELS FD_MAX_PIXELS

#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <string.h>

void fd_free(void *p) { free(p); }

typedef struct png_err_ctx {
    char *err;
    size_t errlen;
    FILE *writing;   // the file being written: its failures are the system's, not the PNG's
} png_err_ctx;

static void on_png_error(png_structp png, png_const_charp msg) {
    png_err_ctx *ctx = png_get_error_ptr(png);
    // libpng says "Write Error" for a full disk or a dead pipe: errno still names the cause
    int cause = errno;
    if (ctx && ctx->err && ctx->errlen) {
        if (ctx->writing && ferror(ctx->writing))
            snprintf(ctx->err, ctx->errlen, "%s", strerror(cause ? cause : EIO));
        else
            snprintf(ctx->err, ctx->errlen, ctx->writing ? "libpng: %s" : "corrupt PNG: %s", msg);
    }
    png_longjmp(png, 1);
}

static void on_png_warning(png_structp png, png_const_charp msg) { (void)png; (void)msg; }

int fd_png_read(const char *path, uint8_t **rgb, int *width, int *height, ptrdiff_t *stride, int *bits,
                char *err, size_t errlen) {
    *rgb = NULL;
    FILE *fp = fopen(path, "rb");
    if (!fp) { snprintf(err, errlen, "cannot open: %s", strerror(errno)); return -1; }
    unsigned char sig[8];
    if (fread(sig, 1, 8, fp) != 8 || png_sig_cmp(sig, 0, 8)) {
        fclose(fp);
        snprintf(err, errlen, "not a PNG file");
        return -1;
    }
    png_err_ctx ctx = {err, errlen};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &ctx, on_png_error, on_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    // volatile: these change between setjmp and a longjmp back to it.
    uint8_t *volatile buf = NULL;
    png_bytep *volatile rows = NULL;
    if (!png || !info) {
        snprintf(err, errlen, "out of memory");
        png_destroy_read_struct(png ? &png : NULL, NULL, NULL);
        fclose(fp);
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(buf);
        free(rows);
        fclose(fp);
        return -1;
    }
    png_init_io(png, fp);
    png_set_sig_bytes(png, 8);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    // A picture larger than any screen recording is refused before its pixels take memory (a
    // 1 MB file can declare 20000x20000).
    if ((uint64_t)w * h > FD_PNG_MAX_PIXELS || w > 65535 || h > 65535) {
        snprintf(err, errlen, "PNG of %ux%u is larger than framediff reads (%d pixels, 8192x8192)", (unsigned)w, (unsigned)h, FD_PNG_MAX_PIXELS);
        png_destroy_read_struct(&png, &info, NULL);
        fclose(fp);
        return -1;
    }
    int color = png_get_color_type(png, info);
    int depth = png_get_bit_depth(png, info);
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    // A picture with alpha is measured as ImageMagick measures it: each colour premultiplied by
    // its alpha (compare's distance is Sa*p - Da*q over R, G and B), so it is read as 16-bit RGBA
    // and premultiplied into 16-bit RGB (an error of at most 0.5/65535 a sample).
    int alpha = png_get_valid(png, info, PNG_INFO_tRNS) || (color & PNG_COLOR_MASK_ALPHA);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (alpha) png_set_expand_16(png);
    // 16-bit samples stay 16-bit: ImageMagick measures them at full precision (ffmpeg writes
    // 16-bit PNGs from films of more than 8 bits).
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (depth == 16 || alpha) png_set_swap(png);
#endif
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!alpha) png_set_strip_alpha(png);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    int bytes = depth == 16 || alpha ? 2 : 1, channels = alpha ? 4 : 3;
    if (w == 0 || h == 0 || w > 65536 || h > 65536 || png_get_rowbytes(png, info) != (size_t)w * channels * bytes) {
        snprintf(err, errlen, "unsupported PNG layout");
        png_longjmp(png, 1);
    }
    // (RGBA rows are read in place and premultiplied into RGB from the left: a pixel's RGB lands
    // at or before where its RGBA was read)
    ptrdiff_t s = ((ptrdiff_t)w * channels * bytes + 63) & ~(ptrdiff_t)63;
    buf = malloc((size_t)s * h + 64);
    rows = malloc(sizeof(png_bytep) * h);
    if (!buf || !rows) { snprintf(err, errlen, "out of memory"); png_longjmp(png, 1); }
    for (png_uint_32 y = 0; y < h; y++) rows[y] = buf + (size_t)y * s;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    fclose(fp);
    if (alpha) {
        for (png_uint_32 y = 0; y < h; y++) {
            uint16_t *row = (uint16_t *)(buf + (size_t)y * s);
            for (png_uint_32 x = 0; x < w; x++) {
                uint32_t a = row[4 * x + 3];
                for (int c = 0; c < 3; c++) row[3 * x + c] = (uint16_t)((row[4 * x + c] * a + 32767) / 65535);
            }
        }
    }
    *rgb = buf;
    *width = (int)w;
    *height = (int)h;
    *stride = s;
    *bits = bytes == 2 ? 16 : 8;
    return 0;
}

int fd_png_write(const char *path, const uint8_t *rgb, int width, int height, ptrdiff_t stride,
                 int compression, char *err, size_t errlen) {
    FILE *fp = fopen(path, "wb");
    if (!fp) { snprintf(err, errlen, "%s", strerror(errno)); return -1; }
    png_err_ctx ctx = {err, errlen, fp};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &ctx, on_png_error, on_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_write_struct(png ? &png : NULL, NULL);
        fclose(fp);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        fclose(fp);
        return -1;
    }
    png_init_io(png, fp);
    png_set_compression_level(png, compression);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(rgb + (ptrdiff_t)y * stride));
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    if (fclose(fp) != 0) { snprintf(err, errlen, "%s", strerror(errno)); return -1; }
    return 0;
}
