import CPageCodec
import Foundation
import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// The derived-key cache's memo of formats that did not open a file before another one did (`--cipher auto` on an
/// SQLCipher 3 file tries SQLCipher 4 first): later opens skip them, and it never changes what opens.
///
/// In the serialized cache suite (these tests hold and clear the process-wide cache), checking the memo by the
/// salt of a file each test creates.
extension DerivedKeyCacheTests {
    /// A new SQLCipher 3 file keyed with a passphrase, and its salt (file bytes 0-15).
    static func makeV3File(_ folder: TemporaryDirectory, passphrase: String = right) throws -> (path: String, salt: [UInt8]) {
        let path = folder.path("v3.emb")
        try CipherFixtures.create(path, format: .sqlcipher3, key: try CipherKey(passphrase: passphrase), rows: 20)
        return (path, try salt(of: path))
    }

    /// Detection's order puts SQLCipher 4 and wxSQLite3 AES-128 before SQLCipher 3 for a file whose header is hidden.
    static let failedBeforeV3: Set<CipherFormat> = [.sqlcipher4, .aes128]

    @Test("repeated auto opens of an SQLCipher 3 file skip the formats that failed at the first: memo per file, no key in it")
    func repeatedOpensSkipFailedFormats() throws {
        let folder = TemporaryDirectory()
        let (path, salt) = try Self.makeV3File(folder)
        try DerivedKeyCache.retainingEntries {
            let first = try Self.open(path, Self.right)
            #expect(DerivedKeyCache.failedFormats(forSalt: salt) == (Self.failedBeforeV3, 1))
            first.close()
            let skippedBefore = DerivedKeyCache.statistics.skippedAttempts
            let opens = 5
            for _ in 0..<opens {
                let connection = try Self.open(path, Self.right)
                #expect(try connection.scalar("SELECT count(*) FROM t") == .integer(20))
                connection.close()
            }
            #expect(
                DerivedKeyCache.statistics.skippedAttempts - skippedBefore >= opens * Self.failedBeforeV3.count,
                "every later open skips SQLCipher 4 and AES-128"
            )
            #expect(DerivedKeyCache.failedFormats(forSalt: salt) == (Self.failedBeforeV3, 0), "held: kept with no user")
            #expect(DerivedKeyCache.entries(forSalt: salt) == (1, 0), "only the SQLCipher 3 key is cached")
        }
        #expect(DerivedKeyCache.failedFormats(forSalt: salt).formats.isEmpty, "ending the hold wipes the memo")
    }

    @Test("with the memo in place a wrong passphrase is refused at its first open, and a right one still opens after it")
    func wrongThenRightWithMemo() throws {
        let folder = TemporaryDirectory()
        let (path, salt) = try Self.makeV3File(folder)
        try DerivedKeyCache.retainingEntries {
            // A wrong passphrase first leaves no memo; the right one then opens and makes one.
            #expect(throws: CipherError.wrongKey(format: nil)) { try Self.open(path, "memo: a wrong passphrase").close() }
            #expect(DerivedKeyCache.failedFormats(forSalt: salt).formats.isEmpty, "a refused passphrase leaves nothing")
            let open = try Self.open(path, Self.right)
            defer { open.close() }
            #expect(DerivedKeyCache.failedFormats(forSalt: salt) == (Self.failedBeforeV3, 1))
            // The memo is the right passphrase's: a wrong one still tries (and fails) every format.
            #expect(throws: CipherError.wrongKey(format: nil)) { try Self.open(path, "memo: a wrong passphrase").close() }
            #expect(throws: CipherError.wrongKey(format: nil)) { try Self.open(path, Self.right + " ").close() }
            let again = try Self.open(path, Self.right)
            #expect(try again.scalar("SELECT count(*) FROM t") == .integer(20))
            again.close()
            #expect(DerivedKeyCache.failedFormats(forSalt: salt) == (Self.failedBeforeV3, 1), "one memo, the right passphrase's")
        }
    }

    @Test("a file rekeyed to SQLCipher 4 under the same passphrase opens: its new salt has no memo")
    func rekeyedToSkippedFormat() throws {
        let folder = TemporaryDirectory()
        let (path, oldSalt) = try Self.makeV3File(folder)
        try DerivedKeyCache.retainingEntries {
            try Self.open(path, Self.right).close()
            #expect(DerivedKeyCache.failedFormats(forSalt: oldSalt).formats.contains(.sqlcipher4))
            let key = try CipherKey(passphrase: Self.right)
            try DatabaseRekey.rekey(path, key: key, newKey: key, newFormat: .format(.sqlcipher4))
            let newSalt = try Self.salt(of: path)
            #expect(newSalt != oldSalt)
            let (reopened, applied) = try CipherFixtures.open(path, key: key, access: .readOnly)
            defer { reopened.close() }
            #expect(applied.format == .sqlcipher4)
            #expect(try reopened.scalar("SELECT count(*) FROM t") == .integer(20))
            #expect(DerivedKeyCache.failedFormats(forSalt: newSalt).formats.isEmpty, "SQLCipher 4 opened it first")
        }
    }

    @Test("a memo gone wrong (the file is now the format it names) costs a second round, never an open")
    func wrongMemoStillOpens() throws {
        let folder = TemporaryDirectory()
        let (path, salt) = try Self.makeV3File(folder)
        try DerivedKeyCache.retainingEntries {
            let everyFormat = Set(CipherFormat.allCases)
            #expect(DerivedKeyCache.plantFailedFormats(everyFormat, salt: salt, passphrase: Self.right))
            let skippedBefore = DerivedKeyCache.statistics.skippedAttempts
            let (connection, applied) = try CipherFixtures.open(path, key: try CipherKey(passphrase: Self.right), access: .readOnly)
            defer { connection.close() }
            #expect(applied.format == .sqlcipher3)
            #expect(try connection.scalar("SELECT count(*) FROM t") == .integer(20))
            #expect(DerivedKeyCache.statistics.skippedAttempts > skippedBefore)
            let memo = DerivedKeyCache.failedFormats(forSalt: salt).formats
            #expect(!memo.contains(.sqlcipher3), "the format that opened the file leaves the memo")
            #expect(memo.contains(.sqlcipher4))
        }
    }

    @Test("the memo goes with the last connection's close and with clear(); a key that does not reuse derived keys keeps and skips nothing")
    func memoLifetime() throws {
        let folder = TemporaryDirectory()
        let (path, salt) = try Self.makeV3File(folder)
        let open = try Self.open(path, Self.right)
        #expect(DerivedKeyCache.failedFormats(forSalt: salt) == (Self.failedBeforeV3, 1))
        open.close()
        #expect(DerivedKeyCache.failedFormats(forSalt: salt).formats.isEmpty, "the last close wipes it")

        let again = try Self.open(path, Self.right)
        DerivedKeyCache.clear()
        #expect(DerivedKeyCache.failedFormats(forSalt: salt).formats.isEmpty, "clear() wipes it while in use")
        again.close()

        try DerivedKeyCache.retainingEntries {
            let skippedBefore = DerivedKeyCache.statistics.skippedAttempts
            try Self.open(path, Self.right, reusesDerivedKeys: false).close()
            try Self.open(path, Self.right, reusesDerivedKeys: false).close()
            #expect(DerivedKeyCache.failedFormats(forSalt: salt).formats.isEmpty)
            #expect(DerivedKeyCache.statistics.skippedAttempts == skippedBefore, "a key that does not reuse: every format is tried")
        }
    }

    @Test("the wipe audit sees the memo released all zero when the last connection closes")
    func memoWipedOnClose() throws {
        let folder = TemporaryDirectory()
        let (path, salt) = try Self.makeV3File(folder)
        dp_wipe_audit_begin()
        do {
            let connection = try Self.open(path, Self.right)
            #expect(!DerivedKeyCache.failedFormats(forSalt: salt).formats.isEmpty)
            connection.close()
        }
        var freed: UInt = 0
        var unwiped: UInt = 0
        dp_wipe_audit_end(&freed, &unwiped)
        #expect(DerivedKeyCache.failedFormats(forSalt: salt).formats.isEmpty)
        // The codec, its cache entry and its memo.
        #expect(freed >= 3)
        #expect(unwiped == 0)
    }
}
