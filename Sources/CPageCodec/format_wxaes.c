/*
 * wxSQLite3 AES-128-CBC and AES-256-CBC pages (see cipher-formats.md). No salt, no MAC, no reserve: each page is
 * AES-CBC without padding under a per-page key and IV, so the output is deterministic. Page 1 has two layouts:
 * the current one (wxSQLite3 >= 3.1) keeps header bytes 16-23 in clear, the old one is a single CBC chain.
 */
#include <string.h>
#include <openssl/crypto.h>
#include "codec_internal.h"

static const unsigned char dp_wx_salt[4] = {'s', 'A', 'l', 'T'};

static int dp_wx_key_length(const dp_codec *codec) {
    return codec->format->id == DP_FORMAT_AES128 ? 16 : 32;
}

static int dp_wx_derive(dp_codec *codec, const unsigned char *secret, int length, int is_raw, dp_kdf_cache *cache) {
    (void)cache;
    if (is_raw) return DP_ERR_RAW_KEY_UNSUPPORTED;
    int rc = codec->format->id == DP_FORMAT_AES128 ? dp_wx_aes128_key(secret, length, codec->key)
                                                    : dp_wx_aes256_key(secret, length, codec->key);
    if (rc != DP_OK) return rc;
    codec->passphrase_truncated = length > 32;
    return dp_make_tag_key(codec);
}

/* The page's key (digest of key ++ LE32(page) ++ "sAlT") and IV (MD5 of four steps of a Park-Miller generator). */
static int dp_wx_page_key_iv(const dp_codec *codec, uint32_t pgno, unsigned char key[32], unsigned char iv[16]) {
    unsigned char number[4];
    dp_put_le32(number, pgno);
    int key_length = dp_wx_key_length(codec);
    unsigned char digest[32];
    int rc = dp_digest(key_length == 16 ? "MD5" : "SHA256", codec->key, (size_t)key_length, number, 4, dp_wx_salt, 4,
                       digest);
    if (rc != DP_OK) return rc;
    memcpy(key, digest, (size_t)key_length);
    unsigned char seed[16];
    int32_t z = (int32_t)pgno + 1;
    for (int i = 0; i < 4; i++) {
        int32_t q = z / 52774;
        z = 40692 * (z - 52774 * q) - 3791 * q;
        if (z < 0) z += 2147483399;
        dp_put_le32(seed + 4 * i, (uint32_t)z);
    }
    rc = dp_digest("MD5", seed, 16, NULL, 0, NULL, 0, iv);
    OPENSSL_cleanse(digest, sizeof(digest));
    return rc;
}

static int dp_wx_cbc(dp_codec *codec, int encrypt, const unsigned char *key, const unsigned char *iv,
                     const unsigned char *in, unsigned char *out, int length) {
    EVP_CIPHER_CTX *ctx = encrypt ? codec->encrypt_ctx : codec->decrypt_ctx;
    const EVP_CIPHER *cipher = dp_wx_key_length(codec) == 16 ? dp_cipher_aes128_cbc() : dp_cipher_aes256_cbc();
    int written = 0;
    if (EVP_CipherInit_ex2(ctx, cipher, key, iv, encrypt, NULL) != 1) return DP_ERR_CRYPTO;
    EVP_CIPHER_CTX_set_padding(ctx, 0);
    if (EVP_CipherUpdate(ctx, out, &written, in, length) != 1 || written != length) return DP_ERR_CRYPTO;
    return DP_OK;
}

static int dp_wx_encrypt(dp_codec *codec, uint32_t pgno, const unsigned char *in, unsigned char *out) {
    unsigned char key[32], iv[16];
    int size = codec->page_size;
    int rc = dp_wx_page_key_iv(codec, pgno, key, iv);
    if (rc == DP_OK) {
        if (pgno != 1 || codec->legacy_layout) {
            rc = dp_wx_cbc(codec, 1, key, iv, in, out, size);
        } else {
            /* Two chains: bytes 0-15 and bytes 16..end; ciphertext 16-23 moves to 8-15; clear 16-23 stays. */
            unsigned char first[16];
            rc = dp_wx_cbc(codec, 1, key, iv, in + 16, out + 16, size - 16);
            if (rc == DP_OK) rc = dp_wx_cbc(codec, 1, key, iv, in, first, 16);
            if (rc == DP_OK) {
                memcpy(out, first, 8);
                memcpy(out + 8, out + 16, 8);
                memcpy(out + 16, in + 16, 8);
            }
        }
    }
    OPENSSL_cleanse(key, sizeof(key));
    return rc;
}

static int dp_wx_decrypt(dp_codec *codec, uint32_t pgno, unsigned char *page) {
    unsigned char key[32], iv[16];
    int size = codec->page_size;
    int rc = dp_wx_page_key_iv(codec, pgno, key, iv);
    if (rc != DP_OK) goto done;
    if (pgno != 1) {
        rc = dp_wx_cbc(codec, 0, key, iv, page, page, size);
    } else if (codec->legacy_layout) {
        unsigned char original[16];
        memcpy(original, page, 16);
        rc = dp_wx_cbc(codec, 0, key, iv, page, page, size);
        if (rc == DP_OK && memcmp(page, dp_sqlite_magic, 16) != 0) {
            /* Not this key: put back what was read so a failed attempt leaves the page as it was. */
            dp_wx_cbc(codec, 1, key, iv, page, page, size);
            memcpy(page, original, 16);
            rc = DP_ERR_AUTH;
        }
    } else {
        unsigned char clear[8], moved[8];
        memcpy(clear, page + 16, 8);
        memcpy(moved, page + 8, 8);
        memcpy(page + 16, page + 8, 8);
        rc = dp_wx_cbc(codec, 0, key, iv, page + 16, page + 16, size - 16);
        if (rc == DP_OK && memcmp(page + 16, clear, 8) != 0) {
            dp_wx_cbc(codec, 1, key, iv, page + 16, page + 16, size - 16);
            memcpy(page + 16, clear, 8);
            memcpy(page + 8, moved, 8);
            rc = DP_ERR_AUTH;
        } else if (rc == DP_OK) {
            memcpy(page, dp_sqlite_magic, 16);
        }
    }
done:
    OPENSSL_cleanse(key, sizeof(key));
    return rc;
}

/* The current layout shows its page size in clear; the old one shows it after decrypting the first 32 bytes. */
static int dp_wx_probe(dp_codec *codec, const unsigned char *head, int head_length, const dp_source *source) {
    (void)source;
    if (dp_header_looks_plain(head + 16)) {
        codec->legacy_layout = 0;
        int size = dp_header_page_size(head);
        if (size > 0 && dp_try_page1(codec, head, head_length, size) == DP_OK) return DP_OK;
    }
    unsigned char key[32], iv[16], first[32];
    int size = 0;
    if (head_length >= 32 && dp_wx_page_key_iv(codec, 1, key, iv) == DP_OK
        && dp_wx_cbc(codec, 0, key, iv, head, first, 32) == DP_OK && memcmp(first, dp_sqlite_magic, 16) == 0
        && dp_header_looks_plain(first + 16)) {
        size = dp_header_page_size(first);
    }
    OPENSSL_cleanse(key, sizeof(key));
    OPENSSL_cleanse(first, sizeof(first));
    if (size > 0) {
        codec->legacy_layout = 1;
        if (dp_try_page1(codec, head, head_length, size) == DP_OK) return DP_OK;
    }
    codec->legacy_layout = 0;
    return DP_ERR_WRONG_KEY;
}

const dp_format dp_format_aes128 = {
    .id = DP_FORMAT_AES128, .name = "aes128", .reserve = 0, .has_mac = 0, .default_page_size = 4096, .salted = 0,
    .accepts_raw_key = 0, .clear_header = -1, .derive = dp_wx_derive, .probe = dp_wx_probe,
    .encrypt = dp_wx_encrypt, .decrypt = dp_wx_decrypt,
};
const dp_format dp_format_aes256 = {
    .id = DP_FORMAT_AES256, .name = "aes256", .reserve = 0, .has_mac = 0, .default_page_size = 4096, .salted = 0,
    .accepts_raw_key = 0, .clear_header = -1, .derive = dp_wx_derive, .probe = dp_wx_probe,
    .encrypt = dp_wx_encrypt, .decrypt = dp_wx_decrypt,
};
