/*
 * The WAL of an encrypted database. SQLite writes each frame as two calls, the 24-byte frame header (page number,
 * commit size, salts, checksum) and then the page; it reads pages back at frame offset + 24, and reads whole
 * frames only to recompute checksums (recovery, checksum rewrites), which need the bytes as stored.
 *
 * Frames are stored as SQLCipher and SQLite3 Multiple Ciphers store them: the page encrypted as in the main file,
 * and the frame checksum computed over the encrypted page (so their WAL files and ours recover alike). The header
 * SQLite writes carries a checksum over the plain page, so it is held back until its page arrives, then written
 * together with the encrypted page and a checksum recomputed from the previous frame's stored one.
 */
#include <string.h>
#include <openssl/crypto.h>
#include "vfs_internal.h"
#include "codec_support.h"

#define DP_WAL_HEADER 32
#define DP_FRAME_HEADER 24

/* The WAL checksum (SQLite's file format: pairs of 32-bit words, s0 += x0 + s1, s1 += x1 + s0). The codec's one
 * per-word loop, written to cost little unoptimised too (debug builds compile C at -O0): the byte order is chosen
 * once per call, and words are loaded with a fixed-size memcpy and swapped with a builtin, which the compiler
 * expands inline at every optimisation level (no call per word). */
static void dp_wal_checksum(int big_endian, const unsigned char *data, int length, uint32_t sum[2]) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    int swap = !big_endian;
#else
    int swap = big_endian;
#endif
    uint32_t s0 = sum[0], s1 = sum[1], x[2];
    int end = length & ~7;
    if (swap) {
        for (int i = 0; i < end; i += 8) {
            memcpy(x, data + i, 8);
            s0 += __builtin_bswap32(x[0]) + s1;
            s1 += __builtin_bswap32(x[1]) + s0;
        }
    } else {
        for (int i = 0; i < end; i += 8) {
            memcpy(x, data + i, 8);
            s0 += x[0] + s1;
            s1 += x[1] + s0;
        }
    }
    sum[0] = s0;
    sum[1] = s1;
}

static int dp_wal_read_raw(dp_file *file, void *buffer, int amount, sqlite3_int64 offset) {
    return file->real->pMethods->xRead(file->real, buffer, amount, offset);
}

/* Writes the held-back frame header and its page: encrypted page, checksum over it chained from the stored one. */
static int dp_wal_write_frame(dp_file *file, dp_codec *codec, const unsigned char *plain, sqlite3_int64 header_offset) {
    int size = codec->page_size;
    unsigned char *frame = codec->work + DP_MAX_PAGE + 64 - DP_FRAME_HEADER; /* the page lands on a page buffer */
    memcpy(frame, file->wal_pending_header, DP_FRAME_HEADER);
    file->wal_pending = 0;
    uint32_t pgno = dp_get_be32(frame);
    int error = codec->format->encrypt(codec, pgno, plain, frame + DP_FRAME_HEADER);
    if (error != DP_OK) {
        dp_codec_fail(codec, error, pgno, "page %u could not be encrypted for the WAL (OpenSSL error)", pgno);
        return SQLITE_IOERR_WRITE;
    }
    unsigned char wal_header[DP_WAL_HEADER], previous[8];
    int rc = dp_wal_read_raw(file, wal_header, DP_WAL_HEADER, 0);
    if (rc != SQLITE_OK) return rc;
    uint32_t magic = dp_get_be32(wal_header);
    if ((magic & 0xFFFFFFFEu) != 0x377f0682u) {
        dp_codec_fail(codec, DP_ERR_IO, pgno, "the WAL header is not valid");
        return SQLITE_IOERR_WRITE;
    }
    if (header_offset == DP_WAL_HEADER) {
        memcpy(previous, wal_header + 24, 8);
    } else {
        rc = dp_wal_read_raw(file, previous, 8, header_offset - (DP_FRAME_HEADER + size) + 16);
        if (rc != SQLITE_OK) return rc;
    }
    uint32_t sum[2] = {dp_get_be32(previous), dp_get_be32(previous + 4)};
    int big_endian = (int)(magic & 1);
    dp_wal_checksum(big_endian, frame, 8, sum);
    dp_wal_checksum(big_endian, frame + DP_FRAME_HEADER, size, sum);
    dp_put_be32(frame + 16, sum[0]);
    dp_put_be32(frame + 20, sum[1]);
    codec->pages_written++;
    return file->real->pMethods->xWrite(file->real, frame, DP_FRAME_HEADER + size, header_offset);
}

int dp_wal_flush(dp_file *file) {
    if (!file->wal_pending) return SQLITE_OK;
    file->wal_pending = 0; /* a header rewritten on its own (SQLite recomputing checksums): stored as given */
    return file->real->pMethods->xWrite(file->real, file->wal_pending_header, DP_FRAME_HEADER, file->wal_pending_offset);
}

static int dp_is_frame_header(sqlite3_int64 offset, int amount, int size) {
    return amount == DP_FRAME_HEADER && offset >= DP_WAL_HEADER
        && (offset - DP_WAL_HEADER) % (DP_FRAME_HEADER + size) == 0;
}

static int dp_is_frame_page(sqlite3_int64 offset, int amount, int size) {
    return amount == size && offset >= DP_WAL_HEADER + DP_FRAME_HEADER
        && (offset - DP_WAL_HEADER - DP_FRAME_HEADER) % (DP_FRAME_HEADER + size) == 0;
}

int dp_wal_write(dp_file *file, dp_codec *codec, const void *buffer, int amount, sqlite3_int64 offset) {
    int size = codec->page_size;
    if (dp_is_frame_header(offset, amount, size)) {
        int rc = dp_wal_flush(file);
        if (rc != SQLITE_OK) return rc;
        memcpy(file->wal_pending_header, buffer, DP_FRAME_HEADER);
        file->wal_pending_offset = offset;
        file->wal_pending = 1;
        return SQLITE_OK;
    }
    if (dp_is_frame_page(offset, amount, size)) {
        if (file->wal_pending && file->wal_pending_offset == offset - DP_FRAME_HEADER) {
            return dp_wal_write_frame(file, codec, buffer, offset - DP_FRAME_HEADER);
        }
        int rc = dp_wal_flush(file);
        if (rc != SQLITE_OK) return rc;
        /* A page overwritten in place (same transaction): its number is in the stored frame header. */
        unsigned char number[4];
        rc = dp_wal_read_raw(file, number, 4, offset - DP_FRAME_HEADER);
        if (rc != SQLITE_OK) return rc;
        uint32_t pgno = dp_get_be32(number);
        unsigned char *out = codec->work + DP_MAX_PAGE + 64;
        int error = codec->format->encrypt(codec, pgno, buffer, out);
        if (error != DP_OK) {
            dp_codec_fail(codec, error, pgno, "page %u could not be encrypted for the WAL (OpenSSL error)", pgno);
            return SQLITE_IOERR_WRITE;
        }
        codec->pages_written++;
        return file->real->pMethods->xWrite(file->real, out, size, offset);
    }
    int rc = dp_wal_flush(file);
    if (rc != SQLITE_OK) return rc;
    if (offset == 0 && amount == DP_WAL_HEADER) return file->real->pMethods->xWrite(file->real, buffer, amount, offset);
    /* Nothing else is ever written to a WAL; refuse rather than risk a plain page reaching the disk. */
    dp_codec_fail(codec, DP_ERR_IO, 0, "unexpected WAL write of %d bytes at offset %lld", amount, (long long)offset);
    return SQLITE_IOERR_WRITE;
}

int dp_wal_read(dp_file *file, dp_codec *codec, void *buffer, int amount, sqlite3_int64 offset) {
    int rc = dp_wal_flush(file);
    if (rc != SQLITE_OK) return rc;
    rc = dp_wal_read_raw(file, buffer, amount, offset);
    int size = codec->page_size;
    if (rc != SQLITE_OK || !dp_is_frame_page(offset, amount, size)) return rc;
    unsigned char number[4];
    rc = dp_wal_read_raw(file, number, 4, offset - DP_FRAME_HEADER);
    if (rc != SQLITE_OK) return rc;
    uint32_t pgno = dp_get_be32(number);
    int error = codec->format->decrypt(codec, pgno, buffer);
    if (error != DP_OK) {
        dp_codec_fail(codec, error, pgno, "page %u (in the WAL) failed authentication (%s): the WAL was modified, or "
                      "written with another key", pgno, codec->format->name);
        return dp_sqlite_code(error, 0);
    }
    return SQLITE_OK;
}

/*
 * Page 1 as the WAL holds it, for a main file whose own page 1 no longer authenticates: a power cut or a full disk
 * can tear page 1 while the closing checkpoint copies the WAL into the file. The WAL then still holds every
 * committed transaction, and SQLite, which reads page 1 from the WAL, would open the file; the codec, which needs
 * page 1 to find the page size and to present the header, looks there too.
 *
 * Only frames SQLite's own recovery would accept count: the salts of the WAL header, an unbroken checksum chain,
 * and a commit frame at or after the page-1 frame. The stored (encrypted) page of the newest such page-1 frame goes
 * to `out` (page_size bytes, which must be the WAL's page size); DP_OK, or DP_ERR_NOT_A_DATABASE when there is
 * no WAL, no valid frame for page 1, or the WAL cannot be read.
 */
int dp_wal_committed_page1(sqlite3_vfs *root, sqlite3_filename main_name, int page_size, unsigned char *out,
                           int *wal_page_size) {
    if (root == NULL || main_name == NULL) return DP_ERR_NOT_A_DATABASE;
    const char *wal_name = sqlite3_filename_wal(main_name);
    if (wal_name == NULL || wal_name[0] == 0) return DP_ERR_NOT_A_DATABASE;
    int exists = 0;
    if (root->xAccess(root, wal_name, SQLITE_ACCESS_EXISTS, &exists) != SQLITE_OK || !exists) return DP_ERR_NOT_A_DATABASE;
    sqlite3_file *wal = sqlite3_malloc(root->szOsFile);
    unsigned char *frame = sqlite3_malloc(DP_MAX_PAGE + DP_FRAME_HEADER);
    unsigned char *candidate = sqlite3_malloc(DP_MAX_PAGE); /* the page-1 frame of the open transaction */
    int found = 0, result = DP_ERR_NOT_A_DATABASE;
    if (wal == NULL || frame == NULL || candidate == NULL) goto done;
    memset(wal, 0, (size_t)root->szOsFile);
    int flags = 0;
    if (root->xOpen(root, wal_name, wal, SQLITE_OPEN_READONLY | SQLITE_OPEN_WAL, &flags) != SQLITE_OK) {
        if (wal->pMethods != NULL) wal->pMethods->xClose(wal);
        sqlite3_free(wal);
        wal = NULL;
        goto done;
    }
    unsigned char header[DP_WAL_HEADER];
    sqlite3_int64 size = 0;
    if (wal->pMethods->xFileSize(wal, &size) != SQLITE_OK || size < DP_WAL_HEADER
        || wal->pMethods->xRead(wal, header, DP_WAL_HEADER, 0) != SQLITE_OK) goto close;
    uint32_t magic = dp_get_be32(header);
    int stated = (int)dp_get_be32(header + 8);
    if (stated == 1) stated = 65536;
    if ((magic & 0xFFFFFFFEu) != 0x377f0682u || !dp_valid_page_size(stated)) goto close;
    if (page_size != 0 && stated != page_size) goto close;
    int big_endian = (int)(magic & 1);
    uint32_t sum[2] = {0, 0};
    dp_wal_checksum(big_endian, header, 24, sum);
    if (sum[0] != dp_get_be32(header + 24) || sum[1] != dp_get_be32(header + 28)) goto close;
    /* Walk the frames as recovery does; remember the newest page-1 frame, keep it once a commit frame follows. */
    int frame_size = DP_FRAME_HEADER + stated;
    int has_pending = 0;
    for (sqlite3_int64 offset = DP_WAL_HEADER; offset + frame_size <= size; offset += frame_size) {
        if (wal->pMethods->xRead(wal, frame, frame_size, offset) != SQLITE_OK) break;
        if (memcmp(frame + 8, header + 16, 8) != 0) break;
        uint32_t pgno = dp_get_be32(frame);
        if (pgno == 0) break;
        dp_wal_checksum(big_endian, frame, 8, sum);
        dp_wal_checksum(big_endian, frame + DP_FRAME_HEADER, stated, sum);
        if (sum[0] != dp_get_be32(frame + 16) || sum[1] != dp_get_be32(frame + 20)) break;
        if (pgno == 1) {
            memcpy(candidate, frame + DP_FRAME_HEADER, (size_t)stated);
            has_pending = 1;
        }
        if (dp_get_be32(frame + 4) != 0 && has_pending) { /* a commit frame: the transaction's page 1 counts */
            memcpy(out, candidate, (size_t)stated);
            found = 1;
            has_pending = 0;
        }
    }
    if (found) {
        if (wal_page_size != NULL) *wal_page_size = stated;
        result = DP_OK;
    }
close:
    wal->pMethods->xClose(wal);
done:
    sqlite3_free(wal);
    if (frame != NULL) OPENSSL_cleanse(frame, DP_MAX_PAGE + DP_FRAME_HEADER);
    if (candidate != NULL) OPENSSL_cleanse(candidate, DP_MAX_PAGE);
    sqlite3_free(frame);
    sqlite3_free(candidate);
    return result;
}
