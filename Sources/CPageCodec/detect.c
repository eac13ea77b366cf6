/*
 * Applying a key to a file: an empty file gets a new codec; a plain file gets none; an encrypted file is tried with
 * each candidate format in order, deriving the keys once per format and probing page 1 for the page size.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <openssl/crypto.h>
#include <openssl/rand.h>
#include "codec_internal.h"

void dp_result_error(dp_key_result *result, int error, unsigned int page, const char *fmt, ...) {
    result->error = error;
    result->error_page = page;
    va_list args;
    va_start(args, fmt);
    vsnprintf(result->message, sizeof(result->message), fmt, args);
    va_end(args);
}

static void dp_result_success(dp_key_result *result, int outcome, const dp_codec *codec) {
    result->outcome = outcome;
    result->error = DP_OK;
    result->message[0] = 0;
    if (codec != NULL) {
        result->format = codec->format->id;
        result->page_size = codec->page_size;
        result->reserve = codec->format->reserve;
        result->legacy_layout = codec->legacy_layout;
        result->passphrase_truncated = codec->passphrase_truncated;
    }
}

static const char *dp_error_for_derive(int rc, const dp_format *format) {
    switch (rc) {
    case DP_ERR_RAW_KEY_UNSUPPORTED: return "raw keys are not defined for this format; give a passphrase";
    case DP_ERR_BAD_KEY: return "a raw key is 32 bytes (64 hex digits) or 48 bytes with the salt (96 hex digits)";
    default:
        return format->id == DP_FORMAT_AES128 || format->id == DP_FORMAT_RC4
            ? "key derivation failed in OpenSSL (aes128 and rc4 need RC4 from OpenSSL's legacy provider)"
            : "key derivation failed in OpenSSL";
    }
}

/* A codec for an empty file: a fresh salt (or the one in a 48-byte raw key) and the format's page size. */
static dp_codec *dp_new_file_codec(const dp_key_spec *spec, dp_key_result *result) {
    int id = spec->new_file_format != DP_FORMAT_NONE ? spec->new_file_format
           : spec->candidate_count > 0 ? spec->candidates[0] : DP_FORMAT_NONE;
    const dp_format *format = dp_format_by_id(id);
    if (format == NULL) {
        dp_result_error(result, DP_ERR_MISUSE, 0, "no cipher format for a new file");
        return NULL;
    }
    int size = spec->new_file_page_size > 0 ? spec->new_file_page_size : format->default_page_size;
    if (!dp_valid_page_size(size)) {
        dp_result_error(result, DP_ERR_PAGE_SIZE, 0, "page size %d is not a power of two from 512 to 65536", size);
        return NULL;
    }
    if (spec->secret_is_raw && !format->accepts_raw_key) {
        dp_result_error(result, DP_ERR_RAW_KEY_UNSUPPORTED, 0, "%s", dp_error_for_derive(DP_ERR_RAW_KEY_UNSUPPORTED, format));
        return NULL;
    }
    dp_codec *codec = dp_codec_new(format);
    if (codec == NULL) {
        dp_result_error(result, DP_ERR_CRYPTO, 0, "out of memory");
        return NULL;
    }
    codec->page_size = size;
    codec->fresh = 1;
    if (spec->secret_is_raw && spec->secret_length == 48) {
        memcpy(codec->salt, spec->secret + 32, DP_SALT_LEN);
    } else if (RAND_bytes(codec->salt, DP_SALT_LEN) != 1) {
        dp_codec_free(codec);
        dp_result_error(result, DP_ERR_CRYPTO, 0, "no random bytes from OpenSSL");
        return NULL;
    }
    /* The new file's key goes into the derived-key cache: the writer's own verification reopens it. */
    dp_kdf_cache *cache = dp_kdf_cache_new(spec->secret_is_raw ? NULL : spec->secret, spec->secret_length, spec->bypass_key_cache);
    int rc = format->derive(codec, spec->secret, spec->secret_length, spec->secret_is_raw, cache);
    if (rc == DP_OK) dp_kdf_cache_publish(cache, codec);
    dp_kdf_cache_free(cache);
    if (rc != DP_OK) {
        dp_codec_free(codec);
        dp_result_error(result, rc, 0, "%s", dp_error_for_derive(rc, format));
        return NULL;
    }
    dp_result_success(result, DP_FILE_NEW, codec);
    return codec;
}

/* Whether page 1's look rules a format out: formats that show header bytes 16-23 in clear, and those that never do. */
static int dp_plausible(const dp_format *format, int clear_header) {
    return format->clear_header < 0 || format->clear_header == clear_header;
}

static dp_codec *dp_try_format(const dp_format *format, const dp_key_spec *spec, const unsigned char *head, int head_length,
                               const dp_source *source, dp_kdf_cache *cache, int *outcome) {
    dp_codec *codec = dp_codec_new(format);
    if (codec == NULL) {
        *outcome = DP_ERR_CRYPTO;
        return NULL;
    }
    if (format->salted) memcpy(codec->salt, head, DP_SALT_LEN);
    int rc;
    if (spec->secret_is_raw && spec->secret_length == 48 && memcmp(spec->secret + 32, head, DP_SALT_LEN) != 0) {
        rc = DP_ERR_WRONG_KEY; /* the raw key names another salt than the file's */
    } else {
        rc = format->derive(codec, spec->secret, spec->secret_length, spec->secret_is_raw, cache);
    }
    if (rc == DP_OK) rc = format->probe(codec, head, head_length, source);
    *outcome = rc;
    if (rc == DP_OK || rc == DP_ERR_AUTH) return codec;
    dp_codec_free(codec);
    return NULL;
}

dp_codec *dp_detect(const dp_source *source, const dp_key_spec *spec, dp_key_result *result) {
    memset(result, 0, sizeof(*result));
    if (dp_crypto_init() != DP_OK) {
        dp_result_error(result, DP_ERR_CRYPTO, 0, "OpenSSL could not provide AES, ChaCha20, HMAC or Poly1305");
        return NULL;
    }
    if (spec->secret == NULL || spec->secret_length <= 0) {
        dp_result_error(result, DP_ERR_BAD_KEY, 0, "empty passphrase: an encrypted database needs a non-empty key");
        return NULL;
    }
    if (spec->secret_is_raw && spec->secret_length != 32 && spec->secret_length != 48) {
        dp_result_error(result, DP_ERR_BAD_KEY, 0, "%s", dp_error_for_derive(DP_ERR_BAD_KEY, NULL));
        return NULL;
    }
    if (source->size == 0) return dp_new_file_codec(spec, result);

    int head_length = source->size < DP_MAX_PAGE ? (int)source->size : DP_MAX_PAGE;
    unsigned char *head = OPENSSL_malloc((size_t)DP_MAX_PAGE);
    if (head == NULL) {
        dp_result_error(result, DP_ERR_CRYPTO, 0, "out of memory");
        return NULL;
    }
    dp_codec *found = NULL;
    long got = source->read(source->context, head, head_length, 0);
    if (got != head_length) {
        dp_result_error(result, DP_ERR_IO, 0, "cannot read the database's first page");
        goto done;
    }
    if (head_length >= 16 && memcmp(head, dp_sqlite_magic, 16) == 0) {
        dp_result_success(result, DP_FILE_PLAIN, NULL);
        goto done;
    }
    if (head_length < DP_MIN_PAGE) {
        dp_result_error(result, DP_ERR_NOT_A_DATABASE, 0, "too short (%d bytes) to be a database", head_length);
        goto done;
    }

    /* Candidates whose page-1 look fits come first, in the caller's order; the others after, in order. */
    int clear_header = dp_header_looks_plain(head + 16);
    _Static_assert(DP_FORMAT_LAST < 32, "the memo of failed formats is a 32-bit mask of format ids");
    int order[2 * (DP_FORMAT_LAST + 1)];
    int count = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < spec->candidate_count && count < (int)(sizeof(order) / sizeof(order[0])); i++) {
            const dp_format *format = dp_format_by_id(spec->candidates[i]);
            if (format != NULL && dp_plausible(format, clear_header) == (pass == 0)) order[count++] = spec->candidates[i];
        }
    }
    dp_kdf_cache *cache = dp_kdf_cache_new(spec->secret_is_raw ? NULL : spec->secret, spec->secret_length, spec->bypass_key_cache);
    /*
     * Formats that failed with this passphrase on a file beginning with these 16 bytes, before another one opened it,
     * are skipped (their key derivations too) in the first round; a second round tries them if nothing else opened
     * the file (even after an error: the memo must not hide a format that opens it), so the memo can save work but
     * never turn an open into a failure.
     */
    unsigned int skip = dp_kdf_cache_failed_formats(cache, head);
    unsigned int failed = 0, skipped = 0;
    int tried = 0, raw_refused = 0;
    for (int round = 0; round < 2 && found == NULL; round++) {
        if (round == 1 && skipped == 0) break;
        for (int i = 0; i < count && found == NULL; i++) {
            const dp_format *format = dp_format_by_id(order[i]);
            unsigned int bit = 1u << format->id;
            if (round == 0 && (skip & bit) != 0) {
                skipped |= bit;
                dp_kdf_count_skip();
                continue;
            }
            if (round == 1 && (skipped & bit) == 0) continue;
            if (spec->secret_is_raw && !format->accepts_raw_key) {
                raw_refused++;
                continue;
            }
            tried++;
            int outcome = DP_OK;
            dp_codec *codec = dp_try_format(format, spec, head, head_length, source, cache, &outcome);
            if (outcome == DP_OK) {
                found = codec;
                dp_kdf_cache_publish(cache, codec); /* only a key that opened the file is kept */
                /* Format ids only; a skipped format that opened the file in the second round leaves the memo. */
                dp_kdf_cache_note_failures(cache, head, (failed | skipped) & ~bit, codec);
                dp_result_success(result, DP_FILE_ENCRYPTED, codec);
            } else if (outcome == DP_ERR_AUTH) {
                dp_result_error(result, DP_ERR_AUTH, 1,
                                "page 1 failed authentication (%s): the file was modified or damaged", format->name);
                result->format = format->id;
                dp_codec_free(codec);
                break;
            } else if (outcome != DP_ERR_WRONG_KEY) {
                dp_result_error(result, outcome, 0, "%s", dp_error_for_derive(outcome, format));
                break;
            } else {
                failed |= bit;
            }
        }
    }
    dp_kdf_cache_free(cache);
    if (found == NULL && result->error == DP_OK) {
        if (tried == 0 && raw_refused > 0) {
            dp_result_error(result, DP_ERR_RAW_KEY_UNSUPPORTED, 0, "%s", dp_error_for_derive(DP_ERR_RAW_KEY_UNSUPPORTED, NULL));
        } else {
            dp_result_error(result, DP_ERR_WRONG_KEY, 0, "wrong key or not an encrypted database");
        }
    }
done:
    OPENSSL_clear_free(head, (size_t)DP_MAX_PAGE);
    return found;
}
