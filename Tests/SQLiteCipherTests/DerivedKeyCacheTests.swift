import CPageCodec
import Foundation
import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// The process-wide cache of derived keys: reuse, never a wrong key that works, wiping.
///
/// Serialized: these tests hold, clear and switch the process-wide cache, and check its entries by the salt of a file
/// each test creates (so connections of other suites running alongside never match).
@Suite("derived-key cache", .serialized)
struct DerivedKeyCacheTests {
    static let right = "cache: the right passphrase"

    /// A new SQLCipher 4 file here, keyed with a passphrase, and its salt (file bytes 0-15).
    static func makeFile(_ folder: TemporaryDirectory, passphrase: String = right) throws -> (path: String, salt: [UInt8]) {
        let path = folder.path("cached.emb")
        try CipherFixtures.create(path, format: .sqlcipher4, key: try CipherKey(passphrase: passphrase), rows: 20)
        return (path, try salt(of: path))
    }

    static func salt(of path: String) throws -> [UInt8] {
        let handle = try #require(FileHandle(forReadingAtPath: path))
        defer { try? handle.close() }
        return [UInt8](try #require(try handle.read(upToCount: 16)))
    }

    static func open(_ path: String, _ passphrase: String, reusesDerivedKeys: Bool = true) throws -> EngineConnection {
        let key = try CipherKey(passphrase: passphrase).reusingDerivedKeys(reusesDerivedKeys)
        let (connection, _) = try CipherFixtures.open(path, key: key, access: .readOnly)
        return connection
    }

    @Test("a second connection to a file takes its key from the cache: one entry, two users, no new derivation")
    func secondConnectionReuses() throws {
        let folder = TemporaryDirectory()
        let (path, salt) = try Self.makeFile(folder)
        let first = try Self.open(path, Self.right)
        #expect(DerivedKeyCache.entries(forSalt: salt) == (1, 1))
        let hitsBefore = DerivedKeyCache.statistics.hits
        let second = try Self.open(path, Self.right)
        #expect(DerivedKeyCache.entries(forSalt: salt) == (1, 2))
        #expect(DerivedKeyCache.statistics.hits > hitsBefore)
        #expect(try second.scalar("SELECT count(*) FROM t") == .integer(20))
        first.close()
        #expect(DerivedKeyCache.entries(forSalt: salt) == (1, 1))
        second.close()
        #expect(DerivedKeyCache.entries(forSalt: salt).entries == 0, "the last connection's close wipes the entry")
    }

    @Test("a wrong passphrase is refused at its first open while the right key is cached and in use, and is not cached")
    func wrongPassphraseStillRefused() throws {
        let folder = TemporaryDirectory()
        let (path, salt) = try Self.makeFile(folder)
        let open = try Self.open(path, Self.right)
        defer { open.close() }
        DerivedKeyCache.retainingEntries {
            #expect(throws: CipherError.wrongKey(format: nil)) { try Self.open(path, "cache: a wrong passphrase").close() }
            #expect(throws: CipherError.wrongKey(format: nil)) { try Self.open(path, Self.right + " ").close() }
        }
        #expect(DerivedKeyCache.entries(forSalt: salt) == (1, 1), "only the right key is in the cache")
    }

    @Test("after a rekey the new passphrase opens the file and the old one is refused, with the old key still cached")
    func rekeyedFile() throws {
        let folder = TemporaryDirectory()
        let (path, oldSalt) = try Self.makeFile(folder)
        let newPassphrase = "cache: the new passphrase"
        try DerivedKeyCache.retainingEntries {
            try Self.open(path, Self.right).close()
            #expect(DerivedKeyCache.entries(forSalt: oldSalt).entries == 1)
            try DatabaseRekey.rekey(path, key: try CipherKey(passphrase: Self.right), newKey: try CipherKey(passphrase: newPassphrase))
            let newSalt = try Self.salt(of: path)
            #expect(newSalt != oldSalt)
            #expect(throws: CipherError.wrongKey(format: nil)) { try Self.open(path, Self.right).close() }
            let reopened = try Self.open(path, newPassphrase)
            #expect(try reopened.scalar("SELECT count(*) FROM t") == .integer(20))
            reopened.close()
        }
    }

    @Test("a hold keeps entries after the last close; ending it wipes them; clear wipes entries in use")
    func holdAndClear() throws {
        let folder = TemporaryDirectory()
        let (path, salt) = try Self.makeFile(folder)
        try DerivedKeyCache.retainingEntries {
            try Self.open(path, Self.right).close()
            #expect(DerivedKeyCache.entries(forSalt: salt) == (1, 0), "held: kept with no user")
        }
        #expect(DerivedKeyCache.entries(forSalt: salt).entries == 0)
        let open = try Self.open(path, Self.right)
        defer { open.close() }
        #expect(DerivedKeyCache.entries(forSalt: salt).entries == 1)
        DerivedKeyCache.clear()
        #expect(DerivedKeyCache.entries(forSalt: salt).entries == 0)
        #expect(try open.scalar("SELECT count(*) FROM t") == .integer(20), "a connection keeps its own key")
        let another = try Self.open(path, Self.right)
        #expect(DerivedKeyCache.entries(forSalt: salt) == (1, 1), "derived again; the first connection's release of the cleared entry is a no-op")
        another.close()
    }

    @Test("a key that does not reuse derived keys derives at every open and neither takes nor leaves an entry, while other keys still share theirs")
    func keyBypassingTheCache() throws {
        let folder = TemporaryDirectory()
        let (path, salt) = try Self.makeFile(folder)
        let cached = try Self.open(path, Self.right)
        defer { cached.close() }
        #expect(DerivedKeyCache.entries(forSalt: salt) == (1, 1))
        let key = try CipherKey(passphrase: Self.right)
        #expect(key.reusesDerivedKeys)
        #expect(!key.reusingDerivedKeys(false).reusesDerivedKeys)
        #expect(key.reusingDerivedKeys(true) === key, "the same key when nothing changes")
        for _ in 0..<2 {
            let before = DerivedKeyCache.statistics
            let uncached = try Self.open(path, Self.right, reusesDerivedKeys: false)
            #expect(try uncached.scalar("SELECT count(*) FROM t") == .integer(20))
            let after = DerivedKeyCache.statistics
            #expect(after.derivations > before.derivations, "derived, though an entry was there")
            #expect(after.hits == before.hits, "took nothing from the cache")
            #expect(DerivedKeyCache.entries(forSalt: salt) == (1, 1), "left nothing, used nothing")
            uncached.close()
        }
        let hitsBefore = DerivedKeyCache.statistics.hits
        let second = try Self.open(path, Self.right)
        defer { second.close() }
        #expect(DerivedKeyCache.statistics.hits == hitsBefore + 1, "a key that reuses still takes the entry")
        #expect(DerivedKeyCache.entries(forSalt: salt) == (1, 2))
    }

    @Test("the wipe audit sees the cache entry released all zero when the last connection closes")
    func entryWipedOnClose() throws {
        let folder = TemporaryDirectory()
        let (path, salt) = try Self.makeFile(folder)
        dp_wipe_audit_begin()
        do {
            let connection = try Self.open(path, Self.right)
            #expect(DerivedKeyCache.entries(forSalt: salt).entries == 1)
            connection.close()
        }
        var freed: UInt = 0
        var unwiped: UInt = 0
        dp_wipe_audit_end(&freed, &unwiped)
        #expect(DerivedKeyCache.entries(forSalt: salt).entries == 0)
        // The codec, and the cache entry it released as its last user.
        #expect(freed >= 2)
        #expect(unwiped == 0)
    }

    @Test("a raw key takes no cache entry (nothing is derived)")
    func rawKeyNotCached() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("raw.emb")
        try CipherFixtures.create(path, format: .sqlcipher4, key: try CipherFixtures.rawKey(), rows: 5)
        let salt = try Self.salt(of: path)
        let (connection, _) = try CipherFixtures.open(path, key: try CipherFixtures.rawKey(), access: .readOnly)
        defer { connection.close() }
        #expect(DerivedKeyCache.entries(forSalt: salt).entries == 0)
    }
}
