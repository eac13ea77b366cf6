/* Read-ahead for b-tree scans of encrypted main files (btree_readahead.c). Not part of the public API. */
#ifndef DRIVERPORT_READAHEAD_H
#define DRIVERPORT_READAHEAD_H

#include "vfs_internal.h"

/* Whether the codec's format decrypts four pages at once on this CPU: read-ahead only pays off then. */
int dp_readahead_supported(const dp_codec *codec);
/* A new read-ahead state (enabled, holding nothing); NULL when out of memory. */
dp_readahead *dp_readahead_new(void);
/* Wipes and frees it (NULL: nothing). */
void dp_readahead_free(dp_readahead *ahead);
/* Wipes every page it read ahead (the child list, a guess only, stays): after any write, truncate or lock call. */
void dp_readahead_forget(dp_readahead *ahead);
void dp_readahead_set_enabled(dp_readahead *ahead, int enabled);
int dp_readahead_enabled(const dp_readahead *ahead);
/* Pages handed to SQLite from read-ahead since the file was opened. */
unsigned long long dp_readahead_served(const dp_readahead *ahead);
/* Copies page `pgno` into `out` when it was read ahead (and forgets it); 1 when it was, 0 when not. */
int dp_readahead_take(dp_readahead *ahead, uint32_t pgno, unsigned char *out, int page_size);
/* Called with every whole page SQLite got, decrypted: notes interior pages, reads siblings ahead during a scan.
 * Returns SQLITE_OK, or the I/O error reading ahead met, which the read of `pgno` then returns. */
int dp_readahead_after_read(dp_readahead *ahead, dp_file *file, dp_codec *codec, uint32_t pgno,
                             const unsigned char *page);

#endif
