/*
 * The main database file of an encrypted database: whole pages are decrypted on read and encrypted on write.
 * SQLite reads and writes whole pages; anything else (the 100-byte header read, a read with a page size SQLite has
 * not corrected yet) goes through the pages it touches.
 */
#include <string.h>
#include <openssl/crypto.h>
#include "vfs_internal.h"
#include "codec_support.h"
#include "readahead.h"

static int dp_read_fail(dp_codec *codec, int error, uint32_t pgno) {
    if (error == DP_ERR_AUTH && codec->format->has_mac) {
        dp_codec_fail(codec, DP_ERR_AUTH, pgno, "page %u failed authentication (%s): the file was modified or damaged",
                      pgno, codec->format->name);
    } else if (error == DP_ERR_AUTH) {
        dp_codec_fail(codec, DP_ERR_AUTH, pgno, "page %u does not decrypt to a database page (%s): the file was "
                      "modified or damaged", pgno, codec->format->name);
    } else {
        dp_codec_fail(codec, error, pgno, "page %u could not be decrypted (OpenSSL error)", pgno);
    }
    return dp_sqlite_code(error, 0);
}

/* Page 1 from the newest committed page-1 frame of the WAL, decrypted, for a file whose page 1 does not
 * authenticate (torn by a checkpoint); DP_ERR_AUTH when the WAL has none. SQLite itself reads page 1 from the WAL
 * then; this serves the header read and the status query, which look at the file. With `journal_too`, a hot
 * journal's page 1 (what the file holds once SQLite rolls it back) serves when the WAL has none: only for the
 * status query, which may come before SQLite's first read rolls the journal back (a page read never does). */
static int dp_page1_from_wal(dp_file *file, dp_codec *codec, unsigned char *page, int journal_too) {
    int rc = dp_wal_committed_page1(file->root, file->name, codec->page_size, page, NULL);
    if (rc != DP_OK && journal_too) rc = dp_journal_original_page1(file->root, file->name, codec->page_size, page, NULL);
    if (rc != DP_OK) return DP_ERR_AUTH;
    return codec->format->decrypt(codec, 1, page) == DP_OK ? DP_OK : DP_ERR_AUTH;
}

int dp_committed_page1(sqlite3_vfs *root, sqlite3_filename main_name, unsigned char *out, int *page_size) {
    if (dp_wal_committed_page1(root, main_name, 0, out, page_size) == DP_OK) return DP_OK;
    return dp_journal_original_page1(root, main_name, 0, out, page_size);
}

/* Reads page `pgno` into `page` and decrypts it. An all-zero page (a short read past the end) stays zero. */
static int dp_read_page(dp_file *file, dp_codec *codec, uint32_t pgno, unsigned char *page, int *short_read) {
    codec = dp_rekey_read_codec(file, codec, pgno);
    int size = codec->page_size;
    int rc = file->real->pMethods->xRead(file->real, page, size, (sqlite3_int64)(pgno - 1) * size);
    if (rc == SQLITE_IOERR_SHORT_READ) {
        *short_read = 1;
    } else if (rc != SQLITE_OK) {
        return rc;
    }
    file->pages_read++;
    codec->pages_read++;
    if (dp_is_zero(page, size)) return SQLITE_OK;
    int error = codec->format->decrypt(codec, pgno, page);
    if (error == DP_ERR_AUTH && pgno == 1) error = dp_page1_from_wal(file, codec, page, 0);
    if (error != DP_OK) return dp_read_fail(codec, error, pgno);
    if (pgno == 1 && page[20] < codec->format->reserve) {
        dp_codec_fail(codec, DP_ERR_RESERVE, 1, "page 1 reserves %d bytes per page, %s needs %d", page[20],
                      codec->format->name, codec->format->reserve);
        return SQLITE_CORRUPT;
    }
    return SQLITE_OK;
}

int dp_main_read(dp_file *file, dp_codec *codec, void *buffer, int amount, sqlite3_int64 offset) {
    int size = codec->page_size;
    int short_read = 0;
    if (amount == size && offset % size == 0) {
        uint32_t pgno = (uint32_t)(offset / size) + 1;
        if (file->rekey != NULL) { /* read-ahead decrypts with the file's codec: not while pages change keys */
            int rc = dp_read_page(file, codec, pgno, buffer, &short_read);
            return rc == SQLITE_OK && short_read ? SQLITE_IOERR_SHORT_READ : rc;
        }
        if (dp_readahead_take(file->ahead, pgno, buffer, size)) {
            file->pages_read++;
            codec->pages_read++;
        } else {
            int rc = dp_read_page(file, codec, pgno, buffer, &short_read);
            if (rc != SQLITE_OK || short_read) return rc == SQLITE_OK ? SQLITE_IOERR_SHORT_READ : rc;
        }
        return dp_readahead_after_read(file->ahead, file, codec, pgno, buffer);
    }
    unsigned char *page = codec->work;
    unsigned char *out = buffer;
    sqlite3_int64 end = offset + amount;
    int rc = SQLITE_OK;
    for (sqlite3_int64 position = offset; position < end && rc == SQLITE_OK;) {
        uint32_t pgno = (uint32_t)(position / size) + 1;
        int within = (int)(position - (sqlite3_int64)(pgno - 1) * size);
        int count = (int)(end - position < size - within ? end - position : size - within);
        rc = dp_read_page(file, codec, pgno, page, &short_read);
        if (rc == SQLITE_OK) memcpy(out + (position - offset), page + within, (size_t)count);
        position += count;
    }
    OPENSSL_cleanse(page, (size_t)size);
    return rc == SQLITE_OK && short_read ? SQLITE_IOERR_SHORT_READ : rc;
}

/* Page 1 for the status query, without touching the last error or the counters. SQLITE_IOERR_SHORT_READ: no page
 * 1 yet; SQLITE_CORRUPT: it does not decrypt; another code: the read failed. */
int dp_main_read_page1(dp_file *file, dp_codec *codec, unsigned char *page) {
    int size = codec->page_size;
    int rc = file->real->pMethods->xRead(file->real, page, size, 0);
    if (rc != SQLITE_OK && rc != SQLITE_IOERR_SHORT_READ) return rc;
    if (rc != SQLITE_OK || dp_is_zero(page, size)) return SQLITE_IOERR_SHORT_READ;
    int error = codec->format->decrypt(codec, 1, page);
    if (error == DP_ERR_AUTH) error = dp_page1_from_wal(file, codec, page, 1);
    return error == DP_OK ? SQLITE_OK : SQLITE_CORRUPT;
}

static int dp_write_page(dp_file *file, dp_codec *codec, uint32_t pgno, const unsigned char *plain) {
    codec = dp_rekey_write_codec(file, codec, pgno);
    if (codec == NULL) return SQLITE_NOMEM;
    int size = codec->page_size;
    unsigned char *out = codec->work + DP_MAX_PAGE + 64;
    int error = codec->format->encrypt(codec, pgno, plain, out);
    if (error != DP_OK) {
        dp_codec_fail(codec, error, pgno, "page %u could not be encrypted (OpenSSL error)", pgno);
        return SQLITE_IOERR_WRITE;
    }
    codec->fresh = 0;
    codec->pages_written++;
    return file->real->pMethods->xWrite(file->real, out, size, (sqlite3_int64)(pgno - 1) * size);
}

/* Refuses page-1 writes the cipher cannot honour: a changed page size, or too few reserved bytes per page. */
static int dp_check_header_write(dp_codec *codec, const unsigned char *header, int amount) {
    int stated = dp_header_page_size(header);
    if (stated != 0 && stated != codec->page_size) {
        if (codec->fresh && amount == stated) {
            codec->page_size = stated; /* a new file: SQLite chose the page size */
        } else {
            dp_codec_fail(codec, DP_ERR_PAGE_SIZE, 1,
                          "changing the page size of an encrypted database (%d to %d) is not supported; export it "
                          "to a new file instead", codec->page_size, stated);
            return SQLITE_IOERR_WRITE;
        }
    }
    if (header[20] < codec->format->reserve) {
        dp_codec_fail(codec, DP_ERR_RESERVE, 1,
                      "the database reserves %d bytes per page but %s needs %d; create encrypted files through the "
                      "codec so SQLite reserves them", header[20], codec->format->name, codec->format->reserve);
        return SQLITE_IOERR_WRITE;
    }
    return SQLITE_OK;
}

int dp_main_write(dp_file *file, dp_codec *codec, const void *buffer, int amount, sqlite3_int64 offset) {
    dp_readahead_forget(file->ahead); /* pages read ahead may be what this write replaces */
    if (offset == 0 && amount >= 24) {
        /* Checked against the codec page 1 goes out with: mid-rekey, the new one's reserve, or the old one's for a
         * page a rollback restores. */
        int rc = dp_check_header_write(dp_rekey_target(file, codec, 1), buffer, amount);
        if (rc != SQLITE_OK) return rc;
    }
    int size = codec->page_size;
    if (amount == size && offset % size == 0) {
        return dp_write_page(file, codec, (uint32_t)(offset / size) + 1, buffer);
    }
    /* Part of one or more pages: read, patch and rewrite each. */
    unsigned char *page = codec->work;
    const unsigned char *in = buffer;
    sqlite3_int64 end = offset + amount;
    int rc = SQLITE_OK;
    for (sqlite3_int64 position = offset; position < end && rc == SQLITE_OK;) {
        uint32_t pgno = (uint32_t)(position / size) + 1;
        int within = (int)(position - (sqlite3_int64)(pgno - 1) * size);
        int count = (int)(end - position < size - within ? end - position : size - within);
        int short_read = 0;
        if (count == size) {
            memcpy(page, in + (position - offset), (size_t)size);
        } else {
            rc = dp_read_page(file, codec, pgno, page, &short_read);
            if (rc == SQLITE_OK) memcpy(page + within, in + (position - offset), (size_t)count);
        }
        if (rc == SQLITE_OK) rc = dp_write_page(file, codec, pgno, page);
        position += count;
    }
    OPENSSL_cleanse(page, (size_t)size);
    return rc;
}
