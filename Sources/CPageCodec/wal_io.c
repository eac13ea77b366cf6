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
