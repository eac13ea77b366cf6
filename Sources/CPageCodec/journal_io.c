/*
 * The rollback journal of an encrypted database. SQLite writes each record as three calls: the page number (4
 * bytes), the page image, the checksum (4 bytes); playback reads them the same way. The image is stored encrypted
 * exactly as in the main file, and the stored checksum covers the encrypted image (as SQLCipher and SQLite3
 * Multiple Ciphers store it), so their hot journals and ours are interchangeable for the same key. SQLite computes
 * and checks the checksum on the plain image; this file converts between the two.
 *
 * The first journal header also carries a tag in its unused padding (bytes 28-43): an HMAC of the header under a
 * key derived from the cipher key. A hot journal is rolled back only when its tag verifies, or when every page
 * image authenticates under this key (a MAC'd format); otherwise it is refused, never rolled back.
 */
#include <string.h>
#include <openssl/crypto.h>
#include "vfs_internal.h"
#include "codec_support.h"

#define DP_JOURNAL_TAG_OFFSET 28
#define DP_JOURNAL_TAG_LENGTH 16

static const unsigned char dp_journal_magic[8] = {0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7};

/* SQLite's journal checksum without its nonce: every 200th byte, counting back from 200 before the end. */
static uint32_t dp_sample_sum(const unsigned char *page, int size) {
    uint32_t sum = 0;
    for (int i = size - 200; i > 0; i -= 200) sum += page[i];
    return sum;
}

static int dp_journal_tag(dp_codec *codec, const unsigned char *header, unsigned char tag[DP_JOURNAL_TAG_LENGTH]) {
    /* Covers the nonce, original size, sector size and page size (header bytes 12-27) and the file's salt. */
    return dp_hmac("SHA256", codec->tag_key, 32, header + 12, 16, codec->salt, DP_SALT_LEN, tag, DP_JOURNAL_TAG_LENGTH);
}

static int dp_refuse(dp_codec *codec, const char *why) {
    dp_codec_fail(codec, DP_ERR_FOREIGN_JOURNAL, 0,
                  "a hot journal beside the database was not written with this key and cipher (%s) (%s); refusing "
                  "to roll it back: open the database with the program that wrote the journal", codec->format->name, why);
    return dp_sqlite_code(DP_ERR_FOREIGN_JOURNAL, 0);
}

/* Decides whether a journal this handle did not write may be played back. */
static int dp_journal_check(dp_file *file, dp_codec *codec) {
    sqlite3_file *real = file->real;
    sqlite3_int64 size = 0;
    int rc = real->pMethods->xFileSize(real, &size);
    if (rc != SQLITE_OK) return rc;
    unsigned char header[DP_JOURNAL_TAG_OFFSET + DP_JOURNAL_TAG_LENGTH];
    if (size < DP_JOURNAL_TAG_OFFSET) return SQLITE_OK;
    memset(header, 0, sizeof(header));
    int wanted = size >= (sqlite3_int64)sizeof(header) ? (int)sizeof(header) : DP_JOURNAL_TAG_OFFSET;
    rc = real->pMethods->xRead(real, header, wanted, 0);
    if (rc != SQLITE_OK) return rc;
    if (memcmp(header, dp_journal_magic, 8) != 0) return SQLITE_OK; /* SQLite will not play it back */
    /* A header whose sector or page size SQLite finds out of range was never synced (a power cut kept the magic and
     * record count SQLite writes last and lost the header sector written first): SQLite stops there and plays
     * nothing back, so there is nothing to refuse. A page size of 0 means "the database's" to SQLite. */
    int header_sector = (int)dp_get_be32(header + 20);
    int page_size = (int)dp_get_be32(header + 24);
    if (header_sector < 32 || header_sector > 65536 || (header_sector & (header_sector - 1)) != 0
        || (page_size != 0 && !dp_valid_page_size(page_size))) {
        return SQLITE_OK;
    }
    if (page_size != codec->page_size) return dp_refuse(codec, "its page size differs");
    unsigned char tag[DP_JOURNAL_TAG_LENGTH];
    if (wanted == (int)sizeof(header) && dp_journal_tag(codec, header, tag) == DP_OK
        && CRYPTO_memcmp(tag, header + DP_JOURNAL_TAG_OFFSET, DP_JOURNAL_TAG_LENGTH) == 0) {
        return SQLITE_OK; /* ours, with this key */
    }
    if (!codec->format->has_mac) return dp_refuse(codec, "no tag from this codec, and the format has no MAC to check");
    /* Another library's journal (SQLCipher, SQLite3 Multiple Ciphers): every image must authenticate. */
    uint32_t records = dp_get_be32(header + 8);
    int sector = (int)dp_get_be32(header + 20);
    if (!dp_valid_page_size(sector)) return dp_refuse(codec, "its header is damaged");
    sqlite3_int64 record_length = 8 + (sqlite3_int64)page_size;
    sqlite3_int64 available = size > sector ? (size - sector) / record_length : 0;
    int torn_tail_allowed = records == 0xFFFFFFFFu;
    sqlite3_int64 count = torn_tail_allowed || records > available ? available : records;
    unsigned char *page = codec->work;
    int result = SQLITE_OK;
    for (sqlite3_int64 i = 0; i < count && result == SQLITE_OK; i++) {
        sqlite3_int64 at = sector + i * record_length;
        unsigned char number[4];
        rc = real->pMethods->xRead(real, number, 4, at);
        if (rc == SQLITE_OK) rc = real->pMethods->xRead(real, page, page_size, at + 4);
        if (rc != SQLITE_OK) {
            result = rc;
            break;
        }
        uint32_t pgno = dp_get_be32(number);
        int authentic = pgno != 0 && !dp_is_zero(page, page_size) && codec->format->decrypt(codec, pgno, page) == DP_OK;
        if (!authentic && !(torn_tail_allowed && i == count - 1)) result = dp_refuse(codec, "a page image does not authenticate");
    }
    OPENSSL_cleanse(page, (size_t)page_size);
    return result;
}

int dp_journal_read(dp_file *file, dp_codec *codec, void *buffer, int amount, sqlite3_int64 offset) {
    if (!file->journal_written && !file->journal_checked) {
        int rc = dp_journal_check(file, codec);
        if (rc != SQLITE_OK) return rc;
        file->journal_checked = 1;
    }
    int rc = file->real->pMethods->xRead(file->real, buffer, amount, offset);
    if (rc != SQLITE_OK) {
        file->jr_number_valid = file->jr_image_valid = 0;
        return rc;
    }
    unsigned char *data = buffer;
    int size = codec->page_size;
    if (amount == 4) {
        if (file->jr_image_valid && offset == file->jr_image_offset + size) {
            /* The checksum after an image: convert it to the one SQLite computes on the plain image. */
            uint32_t stored = dp_get_be32(data);
            uint32_t value = file->jr_image_failed ? stored + 1 /* make SQLite see a torn record */
                                                   : stored - file->jr_cipher_sum + file->jr_plain_sum;
            dp_put_be32(data, value);
            file->jr_image_valid = 0;
        } else {
            file->jr_number = dp_get_be32(data);
            file->jr_number_offset = offset;
            file->jr_number_valid = 1;
        }
        return SQLITE_OK;
    }
    if (amount == size && file->jr_number_valid && file->jr_number_offset == offset - 4) {
        uint32_t pgno = file->jr_number;
        file->jr_number_valid = 0;
        file->jr_cipher_sum = dp_sample_sum(data, size);
        /* A torn image stays as read; its checksum then fails and SQLite stops the playback there. */
        file->jr_image_failed = pgno == 0 || dp_is_zero(data, size) || codec->format->decrypt(codec, pgno, data) != DP_OK;
        if (!file->jr_image_failed && file->owner != NULL) dp_rekey_note_restore(file->owner, pgno);
        file->jr_plain_sum = file->jr_image_failed ? 0 : dp_sample_sum(data, size);
        file->jr_image_offset = offset;
        file->jr_image_valid = 1;
        return SQLITE_OK;
    }
    file->jr_number_valid = 0;
    return SQLITE_OK;
}

int dp_journal_write(dp_file *file, dp_codec *codec, const void *buffer, int amount, sqlite3_int64 offset) {
    sqlite3_file *real = file->real;
    const unsigned char *in = buffer;
    int size = codec->page_size;
    unsigned char *out = codec->work + DP_MAX_PAGE + 64;
    file->journal_written = 1;
    if (offset == 0 && amount >= DP_JOURNAL_TAG_OFFSET + DP_JOURNAL_TAG_LENGTH && amount <= DP_MAX_PAGE
        && dp_is_zero(in + DP_JOURNAL_TAG_OFFSET, DP_JOURNAL_TAG_LENGTH)) {
        /* The first journal header: tag it in its unused padding. */
        memcpy(out, in, (size_t)amount);
        if (dp_journal_tag(codec, in, out + DP_JOURNAL_TAG_OFFSET) != DP_OK) {
            dp_codec_fail(codec, DP_ERR_CRYPTO, 0, "cannot tag the rollback journal (OpenSSL error)");
            return SQLITE_IOERR_WRITE;
        }
        file->jw_number_valid = file->jw_image_valid = 0;
        return real->pMethods->xWrite(real, out, amount, offset);
    }
    if (amount == 4) {
        if (file->jw_image_valid && offset == file->jw_image_offset + size) {
            /* The checksum after an image: store it over the encrypted image instead of the plain one. */
            unsigned char value[4];
            dp_put_be32(value, dp_get_be32(in) - file->jw_plain_sum + file->jw_cipher_sum);
            file->jw_image_valid = 0;
            return real->pMethods->xWrite(real, value, 4, offset);
        }
        file->jw_number = dp_get_be32(in);
        file->jw_number_offset = offset;
        file->jw_number_valid = 1;
        return real->pMethods->xWrite(real, in, 4, offset);
    }
    if (amount == size && file->jw_number_valid && file->jw_number_offset == offset - 4) {
        uint32_t pgno = file->jw_number;
        file->jw_number_valid = 0;
        int error = codec->format->encrypt(codec, pgno, in, out);
        if (error != DP_OK) {
            dp_codec_fail(codec, error, pgno, "page %u could not be encrypted for the journal (OpenSSL error)", pgno);
            return SQLITE_IOERR_WRITE;
        }
        file->jw_plain_sum = dp_sample_sum(in, size);
        file->jw_cipher_sum = dp_sample_sum(out, size);
        file->jw_image_offset = offset;
        file->jw_image_valid = 1;
        return real->pMethods->xWrite(real, out, size, offset);
    }
    file->jw_number_valid = 0;
    return real->pMethods->xWrite(real, in, amount, offset);
}

/*
 * Page 1 as a hot rollback journal holds it, for a main file whose own page 1 no longer authenticates: a power cut
 * can tear the write of page 1 during a commit (or while leaving WAL mode), after the journal holding the old page 1
 * was synced. SQLite rolls that journal back once the file is open, restoring page 1; the codec, which needs page 1
 * at key time to find the format and page size, looks there first.
 *
 * Only records SQLite's playback would apply count: the journal magic, a valid page size and sector size, records
 * within each header's record count, and each record's checksum (stored over the encrypted image, see above). The
 * stored (encrypted) image of the first page-1 record goes to `out` (page_size bytes, which must be the journal's
 * page size unless 0); DP_OK, or DP_ERR_NOT_A_DATABASE when there is no journal, no valid page-1 record, or the
 * journal cannot be read.
 */
int dp_journal_original_page1(sqlite3_vfs *root, sqlite3_filename main_name, int page_size, unsigned char *out,
                              int *journal_page_size) {
    if (root == NULL || main_name == NULL) return DP_ERR_NOT_A_DATABASE;
    const char *journal_name = sqlite3_filename_journal(main_name);
    if (journal_name == NULL || journal_name[0] == 0) return DP_ERR_NOT_A_DATABASE;
    int exists = 0;
    if (root->xAccess(root, journal_name, SQLITE_ACCESS_EXISTS, &exists) != SQLITE_OK || !exists) {
        return DP_ERR_NOT_A_DATABASE;
    }
    sqlite3_file *journal = sqlite3_malloc(root->szOsFile);
    unsigned char *image = sqlite3_malloc(DP_MAX_PAGE);
    int result = DP_ERR_NOT_A_DATABASE;
    if (journal == NULL || image == NULL) goto done;
    memset(journal, 0, (size_t)root->szOsFile);
    int flags = 0;
    if (root->xOpen(root, journal_name, journal, SQLITE_OPEN_READONLY | SQLITE_OPEN_MAIN_JOURNAL, &flags) != SQLITE_OK) {
        if (journal->pMethods != NULL) journal->pMethods->xClose(journal);
        goto done;
    }
    sqlite3_int64 size = 0;
    if (journal->pMethods->xFileSize(journal, &size) != SQLITE_OK) goto close;
    /* Each segment: a header (one sector), then its records; the next header starts at a sector boundary. */
    for (sqlite3_int64 header_offset = 0; header_offset + 28 <= size && result != DP_OK;) {
        unsigned char header[28];
        if (journal->pMethods->xRead(journal, header, 28, header_offset) != SQLITE_OK) break;
        if (memcmp(header, dp_journal_magic, 8) != 0) break;
        uint32_t records = dp_get_be32(header + 8);
        uint32_t nonce = dp_get_be32(header + 12);
        int sector = (int)dp_get_be32(header + 20);
        int stated = (int)dp_get_be32(header + 24);
        if (!dp_valid_page_size(stated) || (page_size != 0 && stated != page_size)) break;
        if (sector < 32 || sector > 65536 || (sector & (sector - 1)) != 0) break;
        sqlite3_int64 record_size = 8 + (sqlite3_int64)stated;
        sqlite3_int64 offset = header_offset + sector;
        if (records == 0xFFFFFFFFu) records = (uint32_t)((size - offset) / record_size); /* written without syncs */
        if (records == 0) break; /* never synced: SQLite plays nothing from here on */
        uint32_t played = 0;
        for (; played < records && offset + record_size <= size; played++, offset += record_size) {
            unsigned char number[4], checksum[4];
            if (journal->pMethods->xRead(journal, number, 4, offset) != SQLITE_OK
                || journal->pMethods->xRead(journal, image, stated, offset + 4) != SQLITE_OK
                || journal->pMethods->xRead(journal, checksum, 4, offset + 4 + stated) != SQLITE_OK) break;
            uint32_t pgno = dp_get_be32(number);
            if (pgno == 0 || dp_get_be32(checksum) != nonce + dp_sample_sum(image, stated)) break; /* torn: stop */
            if (pgno == 1) {
                memcpy(out, image, (size_t)stated);
                if (journal_page_size != NULL) *journal_page_size = stated;
                result = DP_OK;
                break;
            }
        }
        if (played < records) break;
        header_offset = (offset + sector - 1) / sector * sector;
    }
close:
    journal->pMethods->xClose(journal);
done:
    sqlite3_free(journal);
    if (image != NULL) OPENSSL_cleanse(image, DP_MAX_PAGE);
    sqlite3_free(image);
    return result;
}
