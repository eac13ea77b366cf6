/* The codec object: lifecycle, the last error, and the page-1 checks every format shares. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <openssl/crypto.h>
#include "codec_internal.h"

const unsigned char dp_sqlite_magic[16] = "SQLite format 3";

static const dp_format *const dp_formats[] = {
    NULL,
    &dp_format_sqlcipher4, &dp_format_sqlcipher3, &dp_format_sqlcipher2, &dp_format_sqlcipher1,
    &dp_format_aes128, &dp_format_aes256, &dp_format_chacha20, &dp_format_sqleet,
    &dp_format_rc4, &dp_format_ascon128,
    &dp_format_aegis128l, &dp_format_aegis128x2, &dp_format_aegis128x4,
    &dp_format_aegis256, &dp_format_aegis256x2, &dp_format_aegis256x4,
};

const dp_format *dp_format_by_id(int id) {
    if (id <= DP_FORMAT_NONE || id > DP_FORMAT_LAST) return NULL;
    return dp_formats[id];
}

/* Work space: two pages of the largest size, plus room for a WAL frame header in front of the second. */
#define DP_WORK_SIZE (2 * (DP_MAX_PAGE + 64))

dp_codec *dp_codec_new(const dp_format *format) {
    dp_codec *codec = OPENSSL_zalloc(sizeof(dp_codec));
    if (codec == NULL) return NULL;
    codec->format = format;
    codec->page_size = format->default_page_size;
    codec->work = OPENSSL_zalloc(DP_WORK_SIZE);
    codec->encrypt_ctx = EVP_CIPHER_CTX_new();
    codec->decrypt_ctx = EVP_CIPHER_CTX_new();
    if (codec->work == NULL || codec->encrypt_ctx == NULL || codec->decrypt_ctx == NULL) {
        dp_codec_free(codec);
        return NULL;
    }
    return codec;
}

/* The wipe audit of this thread (tests): codecs freed, and how many still held a non-zero byte when released. */
static _Thread_local int dp_audit_on;
static _Thread_local unsigned long dp_audit_freed, dp_audit_unwiped;

void dp_wipe_audit_begin(void) {
    dp_audit_on = 1;
    dp_audit_freed = dp_audit_unwiped = 0;
}

void dp_wipe_audit_end(unsigned long *freed, unsigned long *unwiped) {
    dp_audit_on = 0;
    *freed = dp_audit_freed;
    *unwiped = dp_audit_unwiped;
}

/* Other released key memory (the derived-key cache's entries): all zero when released on this thread? */
void dp_wipe_audit_note(const void *memory, size_t length) {
    if (!dp_audit_on) return;
    dp_audit_freed++;
    if (!dp_is_zero((const unsigned char *)memory, (int)length)) dp_audit_unwiped++;
}

/* Frees the codec and wipes every byte of key material and decrypted page it held. */
void dp_codec_free(dp_codec *codec) {
    if (codec == NULL) return;
    dp_key_cache_unuse(codec->key_cache_id); /* the last user of a cache entry wipes it (unless held) */
    dp_key_cache_unuse(codec->memo_id);      /* likewise the memo of the formats that failed on its file */
    EVP_CIPHER_CTX_free(codec->encrypt_ctx); /* frees wipe the key schedules */
    EVP_CIPHER_CTX_free(codec->decrypt_ctx);
    EVP_MAC_CTX_free(codec->mac_ctx);
    if (codec->keystream != NULL) OPENSSL_clear_free(codec->keystream, DP_MAX_PAGE);
    unsigned char *work = codec->work;
    /* The keys (key, mac_key, tag_key), the salt and every other field, then the scratch pages. */
    OPENSSL_cleanse(codec, sizeof(dp_codec));
    if (work) OPENSSL_cleanse(work, DP_WORK_SIZE);
    if (dp_audit_on) {
        dp_audit_freed++;
        if (!dp_is_zero((const unsigned char *)codec, (int)sizeof(dp_codec)) || (work && !dp_is_zero(work, DP_WORK_SIZE))) {
            dp_audit_unwiped++;
        }
    }
    OPENSSL_free(work);
    OPENSSL_free(codec);
}

/* Records the last error (for the Swift side's status query) and returns the SQLite code to report. */
int dp_codec_fail(dp_codec *codec, int error, uint32_t page, const char *fmt, ...) {
    if (codec != NULL) {
        codec->last_error = error;
        codec->last_error_page = page;
        va_list args;
        va_start(args, fmt);
        vsnprintf(codec->last_message, sizeof(codec->last_message), fmt, args);
        va_end(args);
    }
    return error;
}

int dp_is_zero(const unsigned char *data, int length) {
    /* Ciphertext is random, so this almost always stops at the first byte. */
    for (int i = 0; i < length; i++) {
        if (data[i] != 0) return 0;
    }
    return 1;
}

/* The page size a database header states (bytes 16-17; 1 means 65536), or 0 when it is not a valid size. */
int dp_header_page_size(const unsigned char *header) {
    int raw = (header[16] << 8) | header[17];
    int size = raw == 1 ? 65536 : raw;
    return dp_valid_page_size(size) ? size : 0;
}

/* Whether bytes 16-23 (given from byte 16) read like a clear SQLite header: a page size, then 64 32 32. */
int dp_header_looks_plain(const unsigned char *at16) {
    int raw = (at16[0] << 8) | at16[1];
    int size = raw == 1 ? 65536 : raw;
    return dp_valid_page_size(size) && at16[5] == 64 && at16[6] == 32 && at16[7] == 32;
}

/* A decrypted page 1 that SQLite will accept, with room in its reserve for this cipher's per-page data. */
int dp_page1_sane(const dp_codec *codec, const unsigned char *page, int page_size) {
    return memcmp(page, dp_sqlite_magic, 16) == 0 && dp_header_page_size(page) == page_size
        && (page[18] == 1 || page[18] == 2) && (page[19] == 1 || page[19] == 2)
        && page[20] >= codec->format->reserve && page[21] == 64 && page[22] == 32 && page[23] == 32;
}

/* Decrypts a copy of page 1 at `page_size` and checks it; sets the codec's page size when it opens. */
int dp_try_page1(dp_codec *codec, const unsigned char *head, int head_length, int page_size) {
    if (page_size > head_length) return DP_ERR_WRONG_KEY;
    unsigned char *page = codec->work;
    memcpy(page, head, (size_t)page_size);
    int saved = codec->page_size;
    codec->page_size = page_size;
    int rc = codec->format->decrypt(codec, 1, page);
    if (rc == DP_OK && dp_page1_sane(codec, page, page_size)) {
        OPENSSL_cleanse(page, (size_t)page_size);
        return DP_OK;
    }
    codec->page_size = saved;
    OPENSSL_cleanse(page, (size_t)page_size);
    return DP_ERR_WRONG_KEY;
}

/*
 * For a format with a MAC whose page 1 opened at no page size: whether page 2 authenticates at `page_size`. If it
 * does, the key is right and page 1 was tampered with, which is an authentication failure, not a wrong key.
 */
int dp_page2_authentic(dp_codec *codec, const dp_source *source, int page_size) {
    if (!codec->format->has_mac || source->size < 2 * (int64_t)page_size) return 0;
    unsigned char *page = codec->work;
    if (source->read(source->context, page, page_size, page_size) != page_size) return 0;
    if (dp_is_zero(page, page_size)) return 0;
    int saved = codec->page_size;
    codec->page_size = page_size;
    int ok = codec->format->decrypt(codec, 2, page) == DP_OK;
    codec->page_size = saved;
    OPENSSL_cleanse(page, (size_t)page_size);
    return ok;
}

/*
 * The end of every MAC'd format's probe, when page 1 opened at no page size: DP_ERR_AUTH (page size set) when page 2
 * authenticates at some size, so the key is right and page 1 was changed; DP_ERR_WRONG_KEY otherwise.
 */
int dp_probe_page1_tampered(dp_codec *codec, const dp_source *source) {
    for (int size = DP_MIN_PAGE; size <= DP_MAX_PAGE; size <<= 1) {
        if (dp_page2_authentic(codec, source, size)) {
            codec->page_size = size;
            return DP_ERR_AUTH;
        }
    }
    return DP_ERR_WRONG_KEY;
}

/* The probe of formats that keep page 1's bytes 16-23 clear (ChaCha20, Ascon, AEGIS): the page size is read. */
int dp_probe_clear_header(dp_codec *codec, const unsigned char *head, int head_length, const dp_source *source) {
    int size = dp_header_looks_plain(head + 16) ? dp_header_page_size(head) : 0;
    if (size > 0 && dp_try_page1(codec, head, head_length, size) == DP_OK) return DP_OK;
    return dp_probe_page1_tampered(codec, source);
}

/* The key that tags our rollback-journal headers: HMAC-SHA256(cipher key, label). */
int dp_make_tag_key(dp_codec *codec) {
    static const unsigned char label[] = "driverport journal tag v1";
    int key_length = codec->format->id == DP_FORMAT_AES128 ? 16 : 32;
    return dp_hmac("SHA256", codec->key, (size_t)key_length, label, sizeof(label) - 1, NULL, 0, codec->tag_key, 32);
}

void dp_wipe(void *memory, unsigned long length) {
    if (memory != NULL && length > 0) OPENSSL_cleanse(memory, (size_t)length);
}
