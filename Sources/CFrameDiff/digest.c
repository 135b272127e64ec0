// digest.c - SHA-256 of a byte string, by libavutil's av_sha (FFmpeg is linked already, and its
// SHA is tested upstream; a second implementation in Swift would need its own test vectors).
#include "cframediff.h"

#include <libavutil/mem.h>
#include <libavutil/sha.h>

int fd_sha256(const uint8_t *data, size_t size, uint8_t out[32]) {
    struct AVSHA *sha = av_sha_alloc();
    if (!sha) return -1;
    if (av_sha_init(sha, 256) < 0) {
        av_free(sha);
        return -1;
    }
    av_sha_update(sha, data, size);
    av_sha_final(sha, out);
    av_free(sha);
    return 0;
}
