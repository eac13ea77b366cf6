/*
 * Changing a database's key in place, as SQLite3 Multiple Ciphers' sqlite3_rekey does: one transaction rewrites every
 * page, each encrypted with the new key, while the rollback journal keeps each original page under the old key.
 * Either side may be "no key": encrypting a plain database and decrypting one in place are the same rewrite, with
 * the plain side a codec whose pages pass through unchanged (dp_plain_pages). While the rekey runs, the file's codec
 * is never NULL (a plain old state is that pass-through codec); dp_rekey_end leaves NULL again for a plain file.
 *
 * The host (mc_api.c) starts the rekey here, then has SQLite rewrite the whole file in one transaction (VACUUM in
 * rollback-journal mode), then ends it. In between, the main file's codec answers for each page by what happened to
 * it: a page written since the start is under the new key (a bitmap remembers it), any other page under the old one.
 * A page SQLite's own rollback restores (it reads the journal record, then writes the page back) goes back under the
 * old key. So every state the file passes through is one SQLite can recover:
 *   - a crash before the commit's journal is deleted leaves a hot journal written under the old key: opened with the
 *     old key, the codec finds the old page 1 in that journal (the file's page 1 may be new already), SQLite rolls
 *     the journal back, and the file is whole under the old key; the new key is refused (the journal is not its);
 *   - after the commit every page is under the new key, and only the new key opens the file.
 * With a plain side: encrypting, the journal is plain, so SQLite without a key rolls it back to the plain file, and
 * the new key is refused by the journal check (a plain image never authenticates, and a plain journal has no tag of
 * this key). Decrypting, the journal holds the old pages encrypted, byte for byte as the file held them: SQLite
 * without a key copies them back verbatim (the file is whole and encrypted again, and its page 1 then reads as "not a
 * database", never as plain garbage), and the old key, whose page 1 the file may no longer show, is found through
 * the journal's page 1 (vfs_shim.c) and rolls it back with decryption.
 */
#include <string.h>
#include <openssl/crypto.h>
#include "vfs_internal.h"
#include "readahead.h"

/* SQLite's lock-byte page: never read or written (the page holding byte 2^30). */
static uint32_t dp_lock_page(int page_size) { return (uint32_t)(1073741824 / page_size) + 1; }

/* The plain side of encrypting or decrypting in place: pages as they are, no reserve, no MAC. */
static int dp_plain_encrypt(dp_codec *codec, uint32_t pgno, const unsigned char *in, unsigned char *out) {
    (void)pgno;
    memcpy(out, in, (size_t)codec->page_size);
    return DP_OK;
}
static int dp_plain_decrypt(dp_codec *codec, uint32_t pgno, unsigned char *page) {
    (void)codec, (void)pgno, (void)page;
    return DP_OK;
}
static const dp_format dp_plain_pages = {
    .id = DP_FORMAT_NONE, .name = "plain", .reserve = 0, .has_mac = 0, .default_page_size = 4096,
    .clear_header = 1, .encrypt = dp_plain_encrypt, .decrypt = dp_plain_decrypt,
};

static dp_codec *dp_plain_codec(int page_size) {
    dp_codec *codec = dp_codec_new(&dp_plain_pages);
    if (codec != NULL) codec->page_size = page_size;
    return codec;
}

struct dp_rekey {
    dp_codec *next;          /* the new key's codec */
    unsigned char *written;  /* a bit per page: 1 once the page was written under `next` */
    uint32_t capacity;       /* pages the bitmap has room for */
    uint32_t restoring;      /* the page whose journal record was just read back (a rollback restoring it), or 0 */
};

static int dp_rekey_bit(const struct dp_rekey *rekey, uint32_t pgno) {
    return pgno > 0 && pgno <= rekey->capacity && ((rekey->written[(pgno - 1) / 8] >> ((pgno - 1) % 8)) & 1);
}

static int dp_rekey_grow(struct dp_rekey *rekey, uint32_t pgno) {
    if (pgno <= rekey->capacity) return 1;
    uint32_t capacity = rekey->capacity > 0 ? rekey->capacity : 1024;
    while (capacity < pgno) capacity = capacity > 0x3FFFFFFFu ? 0xFFFFFFFFu : capacity * 2;
    unsigned char *grown = sqlite3_realloc64(rekey->written, (capacity + 7) / 8);
    if (grown == NULL) return 0;
    memset(grown + (rekey->capacity + 7) / 8, 0, (capacity + 7) / 8 - (rekey->capacity + 7) / 8);
    rekey->written = grown;
    rekey->capacity = capacity;
    return 1;
}

static void dp_rekey_set(struct dp_rekey *rekey, uint32_t pgno, int on) {
    unsigned char mask = (unsigned char)(1u << ((pgno - 1) % 8));
    if (on) rekey->written[(pgno - 1) / 8] |= mask;
    else rekey->written[(pgno - 1) / 8] &= (unsigned char)~mask;
}

int dp_rekey_begin(dp_file *file, dp_codec *next) {
    if (file->rekey != NULL || (file->codec == NULL && next == NULL)) return SQLITE_MISUSE;
    struct dp_rekey *rekey = sqlite3_malloc64(sizeof(*rekey));
    if (rekey == NULL) return SQLITE_NOMEM;
    memset(rekey, 0, sizeof(*rekey));
    int from_plain = file->codec == NULL;
    dp_codec *plain = dp_plain_codec(from_plain ? next->page_size : file->codec->page_size);
    sqlite3_int64 size = 0;
    if (plain == NULL || file->real->pMethods->xFileSize(file->real, &size) != SQLITE_OK
        || !dp_rekey_grow(rekey, (uint32_t)(size / plain->page_size) + 1)) {
        dp_codec_free(plain);
        sqlite3_free(rekey->written);
        sqlite3_free(rekey);
        return plain == NULL ? SQLITE_NOMEM : SQLITE_IOERR;
    }
    if (from_plain) {
        file->codec = plain;
    } else if (next == NULL) {
        next = plain;
    } else {
        dp_codec_free(plain);
    }
    rekey->next = next;
    dp_readahead_forget(file->ahead);
    file->rekey = rekey;
    return SQLITE_OK;
}

dp_codec *dp_rekey_read_codec(dp_file *file, dp_codec *codec, uint32_t pgno) {
    struct dp_rekey *rekey = file->rekey;
    return rekey != NULL && dp_rekey_bit(rekey, pgno) ? rekey->next : codec;
}

dp_codec *dp_rekey_target(const dp_file *file, dp_codec *codec, uint32_t pgno) {
    const struct dp_rekey *rekey = file->rekey;
    return rekey == NULL || pgno == 0 || pgno == rekey->restoring ? codec : rekey->next;
}

dp_codec *dp_rekey_write_codec(dp_file *file, dp_codec *codec, uint32_t pgno) {
    struct dp_rekey *rekey = file->rekey;
    if (rekey == NULL || pgno == 0) return codec;
    if (!dp_rekey_grow(rekey, pgno)) return NULL;
    int restoring = pgno == rekey->restoring;
    rekey->restoring = 0;
    dp_rekey_set(rekey, pgno, !restoring);
    return restoring ? codec : rekey->next;
}

void dp_rekey_note_restore(dp_file *main_file, uint32_t pgno) {
    if (main_file->rekey != NULL) main_file->rekey->restoring = pgno;
}

/* Moves every page within the file whose bit is `from_new` to the other key: read, decrypt, encrypt, write. */
static int dp_rekey_move(dp_file *file, struct dp_rekey *rekey, int from_new) {
    dp_codec *old = file->codec;
    int size = old->page_size;
    sqlite3_int64 file_size = 0;
    int rc = file->real->pMethods->xFileSize(file->real, &file_size);
    if (rc != SQLITE_OK) return rc;
    uint32_t pages = (uint32_t)(file_size / size), lock_page = dp_lock_page(size), moved = 0;
    dp_codec *source = from_new ? rekey->next : old, *target = from_new ? old : rekey->next;
    unsigned char *page = source->work, *out = target->work + DP_MAX_PAGE + 64;
    for (uint32_t pgno = 1; pgno <= pages && rc == SQLITE_OK; pgno++) {
        if (pgno == lock_page || dp_rekey_bit(rekey, pgno) != from_new) continue;
        sqlite3_int64 offset = (sqlite3_int64)(pgno - 1) * size;
        rc = file->real->pMethods->xRead(file->real, page, size, offset);
        if (rc != SQLITE_OK || dp_is_zero(page, size)) continue;
        if (source->format->decrypt(source, pgno, page) != DP_OK || target->format->encrypt(target, pgno, page, out) != DP_OK) {
            rc = SQLITE_CORRUPT;
            break;
        }
        rc = file->real->pMethods->xWrite(file->real, out, size, offset);
        moved++;
    }
    OPENSSL_cleanse(page, (size_t)size);
    if (rc == SQLITE_OK && moved > 0) rc = file->real->pMethods->xSync(file->real, SQLITE_SYNC_NORMAL);
    return rc;
}

int dp_rekey_end(dp_file *file, int committed) {
    struct dp_rekey *rekey = file->rekey;
    if (rekey == NULL) return SQLITE_MISUSE;
    /* The rewrite covers every page, and a rollback restores every page it wrote: a page left over is the
     * exception (an I/O error in the middle of a rollback), moved here so the file is under one key. */
    int rc = dp_rekey_move(file, rekey, committed ? 0 : 1);
    file->rekey = NULL;
    dp_readahead_forget(file->ahead);
    if (committed && rc == SQLITE_OK) {
        dp_codec_free(file->codec);
        file->codec = rekey->next;
    } else {
        dp_codec_free(rekey->next);
    }
    if (file->codec->format == &dp_plain_pages) { /* a plain file again (decrypted, or encrypting undone) */
        dp_codec_free(file->codec);
        file->codec = NULL;
    } else if (file->ahead == NULL && dp_readahead_supported(file->codec)) {
        file->ahead = dp_readahead_new(); /* encrypted from plain: as a key applied at open gives (NULL: none) */
    }
    dp_wipe(rekey->written, (unsigned long)((rekey->capacity + 7) / 8));
    sqlite3_free(rekey->written);
    sqlite3_free(rekey);
    return rc;
}
