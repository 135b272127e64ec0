// clip.c - a short looping animation of frames (animated WebP through libavformat/libavcodec),
// so a report can show a flash or a fade moving, slowed down, with no script in the page.
#include "cframediff.h"
#include "internal.h"

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/opt.h>
#include <string.h>

int fd_clip_write(const char *path, const uint8_t *const *rgb, const ptrdiff_t *strides, const int64_t *pts_ms,
                  int count, int width, int height, char *err, size_t errlen) {
    if (count <= 0 || width <= 0 || height <= 0) { fd_set_error(err, errlen, "no frames for the clip", 0); return -1; }
    const AVCodec *codec = avcodec_find_encoder_by_name("libwebp_anim");
    if (!codec) { fd_set_error(err, errlen, "this FFmpeg has no animated WebP encoder (libwebp_anim)", 0); return -1; }
    AVFormatContext *oc = NULL;
    AVCodecContext *ctx = NULL;
    AVFrame *frame = NULL;
    AVPacket *pkt = NULL;
    fd_log_install();
    int ret = avformat_alloc_output_context2(&oc, NULL, "webp", path), result = -1;
    if (ret < 0 || !oc) { fd_set_error(err, errlen, "cannot make a WebP file", ret); goto done; }
    AVStream *st = avformat_new_stream(oc, NULL);
    ctx = avcodec_alloc_context3(codec);
    frame = av_frame_alloc();
    pkt = av_packet_alloc();
    if (!st || !ctx || !frame || !pkt) { fd_set_error(err, errlen, "out of memory", 0); goto done; }
    ctx->width = width;
    ctx->height = height;
    ctx->pix_fmt = AV_PIX_FMT_BGRA;
    ctx->time_base = (AVRational){1, 1000};
    av_opt_set_double(ctx->priv_data, "quality", 70, 0);
    if ((ret = avcodec_open2(ctx, codec, NULL)) < 0) { fd_set_error(err, errlen, "cannot open the WebP encoder", ret); goto done; }
    avcodec_parameters_from_context(st->codecpar, ctx);
    st->time_base = ctx->time_base;
    if ((ret = avio_open(&oc->pb, path, AVIO_FLAG_WRITE)) < 0) { fd_set_error(err, errlen, "cannot write the clip", ret); goto done; }
    AVDictionary *opts = NULL;
    av_dict_set(&opts, "loop", "0", 0);  // loop for ever
    ret = avformat_write_header(oc, &opts);
    av_dict_free(&opts);
    if (ret < 0) { fd_set_error(err, errlen, "cannot write the clip", ret); goto done; }
    frame->format = AV_PIX_FMT_BGRA;
    frame->width = width;
    frame->height = height;
    if ((ret = av_frame_get_buffer(frame, 0)) < 0) { fd_set_error(err, errlen, "out of memory", ret); goto done; }
    for (int i = 0; i <= count; i++) {
        if (i < count) {
            if ((ret = av_frame_make_writable(frame)) < 0) { fd_set_error(err, errlen, "out of memory", ret); goto done; }
            for (int y = 0; y < height; y++) {
                const uint8_t *s = rgb[i] + (ptrdiff_t)y * strides[i];
                uint8_t *d = frame->data[0] + (ptrdiff_t)y * frame->linesize[0];
                for (int x = 0; x < width; x++, s += 3, d += 4) { d[0] = s[2]; d[1] = s[1]; d[2] = s[0]; d[3] = 255; }
            }
            frame->pts = pts_ms[i];
        }
        ret = avcodec_send_frame(ctx, i < count ? frame : NULL);
        if (ret < 0) { fd_set_error(err, errlen, "cannot encode the clip", ret); goto done; }
        while ((ret = avcodec_receive_packet(ctx, pkt)) >= 0) {
            av_packet_rescale_ts(pkt, ctx->time_base, st->time_base);
            pkt->stream_index = st->index;
            if ((ret = av_interleaved_write_frame(oc, pkt)) < 0) { fd_set_error(err, errlen, "cannot write the clip", ret); goto done; }
        }
        if (ret != AVERROR(EAGAIN) && ret != AVERROR_EOF) { fd_set_error(err, errlen, "cannot encode the clip", ret); goto done; }
    }
    if ((ret = av_write_trailer(oc)) < 0) { fd_set_error(err, errlen, "cannot write the clip", ret); goto done; }
    result = 0;
done:
    av_packet_free(&pkt);
    av_frame_free(&frame);
    avcodec_free_context(&ctx);
    if (oc) {
        if (oc->pb) avio_closep(&oc->pb);
        avformat_free_context(oc);
    }
    return result;
}
