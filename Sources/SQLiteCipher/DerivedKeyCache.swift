import CPageCodec

/// The process-wide cache of keys derived from passphrases, so a file's key is derived once, not on every open.
///
/// Deriving an SQLCipher 4 key runs PBKDF2-HMAC-SHA512 256,000 times; without the cache every connection (each pool
/// reader, each session of a `diff`, the verification after an export or rekey) pays it again. With it, the first
/// open that succeeds keeps the derived key, and later opens of a file with the same salt and passphrase take it.
///
/// - What finds an entry: the KDF, its iterations, the file's salt and an HMAC-SHA256 of the passphrase under a key
///   drawn at random once per process. Neither the passphrase nor the key can be recovered from it.
/// - What is kept: only keys that opened a file (or created one); a wrong passphrase is never cached. A cached key is
///   checked against page 1 like a derived one, so it cannot make a wrong passphrase work, nor an old one open a
///   rekeyed file (a rekeyed file has a new salt and a new passphrase).
/// - Where and for how long: in memory locked against swapping (where the system allows it) and left out of core
///   dumps, never written anywhere; wiped when the last connection using an entry closes, unless ``retainingEntries(_:)``
///   holds the cache, then when the last hold ends; wiped by ``clear()``.
/// - Who uses it: every open whose ``CipherKey/reusesDerivedKeys`` is `true` (the default). A key made with
///   ``CipherKey/reusingDerivedKeys(_:)``(`false`) derives at every open and neither takes nor leaves an entry: the
///   choice travels with the key, so one caller's measurement never changes another's opens.
///
/// Beside the keys, the cache keeps a memo of the formats that did not open a file before another one did (with
/// `--cipher auto`, an SQLCipher 3 file is first tried as SQLCipher 4): found the same way, by the file's bytes 0-15
/// and the passphrase's HMAC, holding format names only, never key material. A later open of a file with the same
/// first bytes and passphrase skips those formats and their key derivations, and still tries them if nothing else
/// opens the file. It is kept only after a format opened the file (a wrong passphrase leaves nothing), it is per
/// passphrase, a rekeyed file has new first bytes, and it is wiped with the entries.
///
/// Wrong-passphrase attempts still pay the full derivation, as they should. wxSQLite3 AES keys take no salt and
/// little time, and raw keys take no derivation: neither goes through the cache.
public enum DerivedKeyCache {
    /// Wipes every entry now. Open connections keep their own keys and are unaffected.
    public static func clear() {
        dp_key_cache_clear()
    }

    /// Runs `body` with the cache held: entries survive their last connection's close until `body` returns (and no
    /// other hold is active), so a run that opens the same file many times in a row derives its key once.
    public static func retainingEntries<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        dp_key_cache_hold()
        defer { dp_key_cache_release() }
        return try body()
    }

    /// Holds the cache until ``endHold()``; for a process that holds it for its whole run (the command line).
    package static func beginHold() { dp_key_cache_hold() }

    /// Ends a hold ``beginHold()`` started; the last one wipes every entry no open connection uses.
    package static func endHold() { dp_key_cache_release() }

    /// What the cache holds and has done in this process.
    public struct Statistics: Sendable, Equatable {
        /// Entries (derived keys) in the cache now.
        public var entries: Int
        /// Active holds.
        public var holds: Int
        /// Key derivations from a passphrase (PBKDF2) this process ran, cached or not.
        public var derivations: Int
        /// Opens that took their key from the cache instead of deriving it.
        public var hits: Int
        /// Format attempts (and their key derivations) that detection skipped because the memo holds that the format
        /// did not open a file with the same first bytes and passphrase.
        public var skippedAttempts: Int
    }

    /// The cache's statistics now.
    public static var statistics: Statistics {
        var stats = dp_key_cache_stats()
        dp_key_cache_get_stats(&stats)
        return Statistics(
            entries: Int(stats.entries), holds: Int(stats.holds), derivations: Int(stats.derivations), hits: Int(stats.hits),
            skippedAttempts: Int(stats.skipped)
        )
    }

    /// For tests: the entries holding a key for this 16-byte salt, and how many open connections use them.
    package static func entries(forSalt salt: [UInt8]) -> (entries: Int, users: Int) {
        guard salt.count == 16 else { return (0, 0) }
        var users: UInt = 0
        let count = salt.withUnsafeBufferPointer { dp_key_cache_entries_for_salt($0.baseAddress, &users) }
        return (Int(count), Int(users))
    }

    /// For tests: the formats the memo holds as failed on files whose bytes 0-15 are this salt, and how many open
    /// connections use those memos.
    package static func failedFormats(forSalt salt: [UInt8]) -> (formats: Set<CipherFormat>, users: Int) {
        guard salt.count == 16 else { return ([], 0) }
        var users: UInt = 0
        let mask = salt.withUnsafeBufferPointer { dp_key_cache_failed_formats_for_salt($0.baseAddress, &users) }
        let formats = CipherFormat.allCases.filter { format in mask & (1 << UInt32(format.codecID)) != 0 }
        return (Set(formats), Int(users))
    }

    /// For tests, inside ``retainingEntries(_:)``: makes the memo hold `formats` as failed on files whose bytes 0-15
    /// are `salt` with this (test) passphrase, whatever the file is, as a memo that has gone wrong would.
    package static func plantFailedFormats(_ formats: Set<CipherFormat>, salt: [UInt8], passphrase: String) -> Bool {
        guard salt.count == 16 else { return false }
        let mask = formats.reduce(UInt32(0)) { $0 | (1 << UInt32($1.codecID)) }
        let bytes = Array(passphrase.utf8)
        return salt.withUnsafeBufferPointer { head in
            bytes.withUnsafeBufferPointer { secret in
                dp_key_cache_plant_failed_formats(head.baseAddress, secret.baseAddress, Int32(secret.count), mask) != 0
            }
        }
    }
}
