/*
 * AEGIS pages as SQLite3 Multiple Ciphers writes them (its "aegis" cipher, every algorithm it offers: AEGIS-128L,
 * -128X2, -128X4, -256 (its default), -256X2, -256X4). Key: Argon2id (t = 2, m = 19 MiB, p = 1) of the passphrase
 * and the 16-byte salt in file bytes 0-15, 16 bytes for the 128 family and 32 for the 256 family. Reserve at
 * n = size - reserve: a 32-byte tag, then a random nonce of the key's length (reserve 48 or 64). Per write, the
 * AEGIS key stream of (key, nonce) gives a one-time key and nonce, the nonce's last 4 bytes replaced by
 * BE32(page); they encrypt page[off ..< n] with no associated data; off = 24 on page 1 (bytes 16-23 stay clear,
 * 0-15 hold the salt), 0 elsewhere. The file does not record the algorithm: each is its own format here.
 */
#include <string.h>
#include <openssl/crypto.h>
#include <openssl/rand.h>
#include "codec_internal.h"
#include "page_codec_primitives.h"

#define DP_AEGIS_TAG 32
#define DP_ARGON_T 2
#define DP_ARGON_M (19 * 1024)
#define DP_ARGON_P 1

/* The derivations' names in the per-detection cache (compared by address). */
static const char dp_argon_name16[] = "ARGON2ID-16";
static const char dp_argon_name32[] = "ARGON2ID-32";

static int dp_aegis_variant(const dp_codec *codec) {
    switch (codec->format->id) {
    case DP_FORMAT_AEGIS128L: return DP_AEGIS_128L;
    case DP_FORMAT_AEGIS128X2: return DP_AEGIS_128X2;
    case DP_FORMAT_AEGIS128X4: return DP_AEGIS_128X4;
    case DP_FORMAT_AEGIS256X2: return DP_AEGIS_256X2;
    case DP_FORMAT_AEGIS256X4: return DP_AEGIS_256X4;
    default: return DP_AEGIS_256;
    }
}

static int dp_argon_kdf16(void *context, const unsigned char *secret, int length, const unsigned char *salt,
                          unsigned char *out) {
    (void)context;
    return dp_argon2id(out, 16, secret, (size_t)length, salt, DP_SALT_LEN, NULL, 0, NULL, 0, DP_ARGON_T, DP_ARGON_M,
                       DP_ARGON_P) == 0 ? DP_OK : DP_ERR_CRYPTO;
}

static int dp_argon_kdf32(void *context, const unsigned char *secret, int length, const unsigned char *salt,
                          unsigned char *out) {
    (void)context;
    return dp_argon2id(out, 32, secret, (size_t)length, salt, DP_SALT_LEN, NULL, 0, NULL, 0, DP_ARGON_T, DP_ARGON_M,
                       DP_ARGON_P) == 0 ? DP_OK : DP_ERR_CRYPTO;
}

static int dp_aegis_derive(dp_codec *codec, const unsigned char *secret, int length, int is_raw, dp_kdf_cache *cache) {
    int key_length = dp_aegis_key_length(dp_aegis_variant(codec));
    memset(codec->key, 0, sizeof(codec->key));
    if (is_raw) {
        if (key_length != 32 || (length != 32 && length != 48)) return DP_ERR_BAD_KEY;
        memcpy(codec->key, secret, 32);
    } else {
        /* The three algorithms of a family share the derivation: it is computed once per detection. */
        int rc = key_length == 16
            ? dp_kdf_memo(cache, dp_argon_name16, DP_ARGON_M, secret, length, codec->salt, codec->key, 16,
                          dp_argon_kdf16, NULL)
            : dp_kdf_memo(cache, dp_argon_name32, DP_ARGON_M, secret, length, codec->salt, codec->key, 32,
                          dp_argon_kdf32, NULL);
        if (rc != DP_OK) return rc;
    }
    return dp_make_tag_key(codec);
}

/* The one-time key (key_length bytes) and nonce (key_length bytes) for a page nonce. */
static void dp_aegis_one_time(const dp_codec *codec, int variant, uint32_t pgno, const unsigned char *nonce,
                              unsigned char otk[64]) {
    int key_length = dp_aegis_key_length(variant);
    dp_aegis_stream(variant, otk, (size_t)(2 * key_length), nonce, codec->key);
    dp_put_be32(otk + 2 * key_length - 4, pgno);
}

static int dp_aegis_encrypt_page(dp_codec *codec, uint32_t pgno, const unsigned char *in, unsigned char *out) {
    int variant = dp_aegis_variant(codec);
    int key_length = dp_aegis_key_length(variant);
    int n = codec->page_size - codec->format->reserve;
    int offset = pgno == 1 ? 24 : 0;
    unsigned char *nonce = out + n + DP_AEGIS_TAG, otk[64];
    if (RAND_bytes(nonce, key_length) != 1) return DP_ERR_CRYPTO;
    dp_aegis_one_time(codec, variant, pgno, nonce, otk);
    memcpy(out, in, (size_t)offset);
    dp_aegis_encrypt(variant, out + offset, out + n, DP_AEGIS_TAG, in + offset, (size_t)(n - offset), NULL, 0,
                     otk + key_length, otk);
    if (pgno == 1) memcpy(out, codec->salt, DP_SALT_LEN);
    OPENSSL_cleanse(otk, sizeof(otk));
    return DP_OK;
}

static int dp_aegis_decrypt_page(dp_codec *codec, uint32_t pgno, unsigned char *page) {
    int variant = dp_aegis_variant(codec);
    int key_length = dp_aegis_key_length(variant);
    int n = codec->page_size - codec->format->reserve;
    int offset = pgno == 1 ? 24 : 0;
    unsigned char otk[64];
    dp_aegis_one_time(codec, variant, pgno, page + n + DP_AEGIS_TAG, otk);
    int rc = DP_OK;
    if (dp_aegis_decrypt(variant, page + offset, page + offset, (size_t)(n - offset), page + n, DP_AEGIS_TAG, NULL, 0,
                         otk + key_length, otk) != 0) {
        /* Encrypting the unverified plaintext again gives back the bytes as read. */
        unsigned char tag[DP_AEGIS_TAG];
        dp_aegis_encrypt(variant, page + offset, tag, DP_AEGIS_TAG, page + offset, (size_t)(n - offset), NULL, 0,
                         otk + key_length, otk);
        rc = DP_ERR_AUTH;
    } else if (pgno == 1) {
        memcpy(page, dp_sqlite_magic, 16);
    }
    OPENSSL_cleanse(otk, sizeof(otk));
    return rc;
}

#define DP_AEGIS_FORMAT(ident, label, reserve_bytes, raw)                                                            \
    {                                                                                                               \
        .id = ident, .name = label, .reserve = reserve_bytes, .has_mac = 1, .default_page_size = 4096, .salted = 1, \
        .accepts_raw_key = raw, .clear_header = 1, .derive = dp_aegis_derive, .probe = dp_probe_clear_header,       \
        .encrypt = dp_aegis_encrypt_page, .decrypt = dp_aegis_decrypt_page,                                          \
    }

const dp_format dp_format_aegis128l = DP_AEGIS_FORMAT(DP_FORMAT_AEGIS128L, "aegis-128l", 48, 0);
const dp_format dp_format_aegis128x2 = DP_AEGIS_FORMAT(DP_FORMAT_AEGIS128X2, "aegis-128x2", 48, 0);
const dp_format dp_format_aegis128x4 = DP_AEGIS_FORMAT(DP_FORMAT_AEGIS128X4, "aegis-128x4", 48, 0);
const dp_format dp_format_aegis256 = DP_AEGIS_FORMAT(DP_FORMAT_AEGIS256, "aegis-256", 64, 1);
const dp_format dp_format_aegis256x2 = DP_AEGIS_FORMAT(DP_FORMAT_AEGIS256X2, "aegis-256x2", 64, 1);
const dp_format dp_format_aegis256x4 = DP_AEGIS_FORMAT(DP_FORMAT_AEGIS256X4, "aegis-256x4", 64, 1);
