/*
 * RC4 pages as SQLite3 Multiple Ciphers writes them (its "rc4" cipher, compatible with System.Data.SQLite's legacy
 * encryption): key = the first 16 bytes of SHA-1(passphrase); every page, page 1 included, is XORed with the same
 * RC4 key stream from its start. No salt, no reserve, no MAC; a wrong key shows only as a page 1 that does not
 * decrypt to a sane header. The key stream is computed once per key (RC4 from OpenSSL's legacy provider).
 */
#include <string.h>
#include <openssl/crypto.h>
#include "codec_internal.h"

static int dp_rc4_derive(dp_codec *codec, const unsigned char *secret, int length, int is_raw, dp_kdf_cache *cache) {
    (void)cache;
    if (is_raw) return DP_ERR_RAW_KEY_UNSUPPORTED;
    unsigned char digest[32];
    if (dp_digest("SHA1", secret, (size_t)length, NULL, 0, NULL, 0, digest) != DP_OK) return DP_ERR_CRYPTO;
    memcpy(codec->key, digest, 16);
    OPENSSL_cleanse(digest, sizeof(digest));
    const EVP_CIPHER *rc4 = dp_cipher_rc4();
    if (rc4 == NULL) return DP_ERR_CRYPTO;
    codec->keystream = OPENSSL_zalloc(DP_MAX_PAGE);
    if (codec->keystream == NULL) return DP_ERR_CRYPTO;
    int written = 0;
    /* The key stream is RC4 over zeros; `work` is all zero between uses. */
    memset(codec->work, 0, DP_MAX_PAGE);
    if (EVP_EncryptInit_ex2(codec->encrypt_ctx, rc4, NULL, NULL, NULL) != 1
        || EVP_CIPHER_CTX_set_key_length(codec->encrypt_ctx, 16) != 1
        || EVP_EncryptInit_ex2(codec->encrypt_ctx, NULL, codec->key, NULL, NULL) != 1
        || EVP_EncryptUpdate(codec->encrypt_ctx, codec->keystream, &written, codec->work, DP_MAX_PAGE) != 1
        || written != DP_MAX_PAGE) {
        return DP_ERR_CRYPTO;
    }
    return dp_make_tag_key(codec);
}

static void dp_rc4_xor(const dp_codec *codec, const unsigned char *in, unsigned char *out, int length) {
    const unsigned char *stream = codec->keystream;
    for (int i = 0; i < length; i++) out[i] = in[i] ^ stream[i];
}

static int dp_rc4_encrypt(dp_codec *codec, uint32_t pgno, const unsigned char *in, unsigned char *out) {
    (void)pgno;
    dp_rc4_xor(codec, in, out, codec->page_size);
    return DP_OK;
}

static int dp_rc4_decrypt(dp_codec *codec, uint32_t pgno, unsigned char *page) {
    (void)pgno;
    dp_rc4_xor(codec, page, page, codec->page_size);
    return DP_OK;
}

/* The key stream does not depend on the page size, so page 1's header decrypts on its own and states the size. */
static int dp_rc4_probe(dp_codec *codec, const unsigned char *head, int head_length, const dp_source *source) {
    (void)source;
    unsigned char header[24];
    dp_rc4_xor(codec, head, header, 24);
    int size = memcmp(header, dp_sqlite_magic, 16) == 0 ? dp_header_page_size(header) : 0;
    OPENSSL_cleanse(header, sizeof(header));
    if (size > 0 && dp_try_page1(codec, head, head_length, size) == DP_OK) return DP_OK;
    return DP_ERR_WRONG_KEY;
}

const dp_format dp_format_rc4 = {
    .id = DP_FORMAT_RC4, .name = "rc4", .reserve = 0, .has_mac = 0, .default_page_size = 4096, .salted = 0,
    .accepts_raw_key = 0, .clear_header = 0, .derive = dp_rc4_derive, .probe = dp_rc4_probe,
    .encrypt = dp_rc4_encrypt, .decrypt = dp_rc4_decrypt,
};
