/*
 * HMAC-SHA512 (RFC 2104) over the four-way SHA-512 compression: the keyed pad blocks are compressed once per key,
 * then each call hashes four equal-length messages side by side, their tails (the message's last partial block, a
 * short suffix such as SQLCipher's page number, the padding and the length) built in scratch blocks.
 */
#include <string.h>
#include <openssl/crypto.h>
#include "page_codec_primitives.h"
#include "sha512_x4.h"

static void dp_put_be64(unsigned char *p, uint64_t v) {
    for (int i = 0; i < 8; i++) p[i] = (unsigned char)(v >> (56 - 8 * i));
}

static void dp_lanes_from(uint64_t state[8][4], const uint64_t from[8]) {
    for (int j = 0; j < 8; j++) for (int i = 0; i < 4; i++) state[j][i] = from[j];
}

int dp_hmac512_x4_init(dp_hmac512_x4 *hmac, const unsigned char *key, size_t key_length) {
    return dp_hmac512_x4_init_code(hmac, key, key_length, 0);
}

int dp_hmac512_x4_init_code(dp_hmac512_x4 *hmac, const unsigned char *key, size_t key_length, int avx2_only) {
    int code = dp_sha512_x4_code(avx2_only);
    if (code == DP_SHA512_X4_NONE || key_length > 128) return -1;
    unsigned char pads[2][128];
    memset(pads, 0, sizeof(pads));
    memcpy(pads[0], key, key_length);
    memcpy(pads[1], key, key_length);
    for (int i = 0; i < 128; i++) {
        pads[0][i] ^= 0x36;
        pads[1][i] ^= 0x5c;
    }
    uint64_t state[8][4];
    dp_lanes_from(state, dp_sha512_initial);
    const unsigned char *const data[4] = {pads[0], pads[1], pads[0], pads[1]};
    dp_sha512_x4_compress(code, state, data, 1);
    for (int j = 0; j < 8; j++) {
        hmac->inner[j] = state[j][0];
        hmac->outer[j] = state[j][1];
    }
    hmac->code = code;
    OPENSSL_cleanse(pads, sizeof(pads));
    OPENSSL_cleanse(state, sizeof(state));
    return 0;
}

/* Writes the padding and the bit length of a message of `total` bytes into the end of `block` (128 or 256 bytes),
 * whose first `used` bytes hold the message's tail. */
static void dp_pad(unsigned char *block, size_t used, size_t block_bytes, size_t total) {
    memset(block + used, 0, block_bytes - used);
    block[used] = 0x80;
    dp_put_be64(block + block_bytes - 8, (uint64_t)total << 3);
    dp_put_be64(block + block_bytes - 16, (uint64_t)total >> 61);
}

void dp_hmac512_x4_compute(const dp_hmac512_x4 *hmac, const unsigned char *const data[4], size_t length,
                           const unsigned char *const suffix[4], size_t suffix_length, unsigned char out[4][64]) {
    uint64_t state[8][4];
    unsigned char tails[4][256];
    size_t full = length / 128, rest = length % 128;
    size_t used = rest + suffix_length;
    size_t tail_bytes = used + 1 + 16 <= 128 ? 128 : 256;
    for (int i = 0; i < 4; i++) {
        memcpy(tails[i], data[i] + 128 * full, rest);
        if (suffix_length > 0) memcpy(tails[i] + rest, suffix[i], suffix_length);
        dp_pad(tails[i], used, tail_bytes, 128 + length + suffix_length);
    }
    const unsigned char *const tail_data[4] = {tails[0], tails[1], tails[2], tails[3]};
    dp_lanes_from(state, hmac->inner);
    dp_sha512_x4_compress(hmac->code, state, data, full);
    dp_sha512_x4_compress(hmac->code, state, tail_data, tail_bytes / 128);
    /* The outer hash: the inner digest, padded, after the outer pad block. */
    for (int i = 0; i < 4; i++) {
        for (int j = 0; j < 8; j++) dp_put_be64(tails[i] + 8 * j, state[j][i]);
        dp_pad(tails[i], 64, 128, 128 + 64);
    }
    dp_lanes_from(state, hmac->outer);
    dp_sha512_x4_compress(hmac->code, state, tail_data, 1);
    for (int i = 0; i < 4; i++) for (int j = 0; j < 8; j++) dp_put_be64(out[i] + 8 * j, state[j][i]);
    OPENSSL_cleanse(state, sizeof(state));
    OPENSSL_cleanse(tails, sizeof(tails));
}

int dp_hmac_sha512_x4(const unsigned char *key, size_t key_length, const unsigned char *messages, size_t length,
                      int avx2_only, unsigned char *out) {
    dp_hmac512_x4 hmac;
    if (dp_hmac512_x4_init_code(&hmac, key, key_length, avx2_only) != 0) return -1;
    const unsigned char *const data[4] = {messages, messages + length, messages + 2 * length, messages + 3 * length};
    unsigned char tags[4][64];
    dp_hmac512_x4_compute(&hmac, data, length, data, 0, tags);
    memcpy(out, tags, sizeof(tags));
    OPENSSL_cleanse(&hmac, sizeof(hmac));
    return 0;
}
