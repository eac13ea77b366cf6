import Foundation
@testable import ReaderWriterDriver
import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

@Suite("changePassphrase: GRDB's SQLCipher rekey, through the page codec's crash-safe rekey")
struct PassphraseChangeTests {
    /// The passphrase the app's `prepareDatabase` reads when a connection opens (GRDB: "get the latest passphrase
    /// when it is needed").
    final class PassphraseStore: Sendable {
        private let current: Locked<String>
        init(_ passphrase: String) { current = Locked(passphrase) }
        var passphrase: String {
            get { current.withLock { $0 } }
            set { current.withLock { $0 = newValue } }
        }
    }

    static func configuration(_ store: PassphraseStore) -> Configuration {
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.usePassphrase(store.passphrase) }
        return configuration
    }

    /// A database in `format` under `passphrase`, made with the codec directly (usePassphrase makes SQLCipher 4 only).
    static func makeEncrypted(_ path: String, format: CipherFormat, passphrase: String) throws {
        let connection = try EngineConnection(path: path, options: OpenOptions(access: .readWriteCreate, vfs: PageCodec.vfsName))
        defer { connection.close() }
        try PageCodec.apply(.format(format), key: try CipherKey.parsing(passphrase), to: connection)
        try connection.execute("CREATE TABLE secret (word TEXT); INSERT INTO secret VALUES ('battery staple')")
    }

    /// Whether `passphrase` opens the file in `format` (checked with the codec alone, so no auto-detection runs).
    static func opens(_ path: String, format: CipherFormat, passphrase: String) -> Bool {
        guard let connection = try? EngineConnection(path: path, options: OpenOptions(access: .readOnly, vfs: PageCodec.vfsName))
        else { return false }
        defer { connection.close() }
        guard (try? PageCodec.apply(.format(format), key: try CipherKey.parsing(passphrase), to: connection)) != nil
        else { return false }
        return (try? connection.scalar("SELECT word FROM secret")) == .text("battery staple")
    }

    /// The formats a rekey is tried on: MMEX's (SQLCipher 4, wxSQLite3 AES-128) and one of each other family by
    /// default (each costs the key derivations of every format detected before it); all of them under
    /// `DRIVERPORT_SOAK=1`.
    static let formats: [CipherFormat] = Soak.pick(
        normal: [.sqlcipher4, .aes128, .sqlcipher3, .chacha20, .aes256, .ascon128], soak: CipherFormat.detectionOrder)

    @Test("after changePassphrase in write, only the new passphrase opens the file, in its format, data intact",
          arguments: formats)
    func queueRekeysEveryFormat(format: CipherFormat) throws {
        let scratch = Scratch()
        try Self.makeEncrypted(scratch.path, format: format, passphrase: "old secret")
        let store = PassphraseStore("old secret")
        let dbQueue = try DatabaseQueue(path: scratch.path, configuration: Self.configuration(store))
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO secret VALUES ('before')")
            try db.changePassphrase("new secret")
            try db.execute(sql: "INSERT INTO secret VALUES ('after')")
        }
        store.passphrase = "new secret"
        // The same connection goes on with the new passphrase.
        #expect(try dbQueue.read { try String.fetchAll($0, sql: "SELECT word FROM secret ORDER BY rowid") }
            == ["battery staple", "before", "after"])
        try dbQueue.close()
        #expect(Self.opens(scratch.path, format: format, passphrase: "new secret"))
        #expect(!Self.opens(scratch.path, format: format, passphrase: "old secret"))
        let reopened = try DatabaseQueue(path: scratch.path, configuration: Self.configuration(store))
        #expect(try reopened.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM secret") } == 3)
    }

    @Test("on a pool, changePassphrase in barrierWriteWithoutTransaction rekeys; readers reopen with the new passphrase")
    func poolRekeysInBarrier() throws {
        let scratch = Scratch()
        try Self.makeEncrypted(scratch.path, format: .sqlcipher4, passphrase: "old secret")
        let store = PassphraseStore("old secret")
        let dbPool = try DatabasePool(path: scratch.path, configuration: Self.configuration(store))
        #expect(try dbPool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM secret") } == 1)  // a reader is open
        try dbPool.barrierWriteWithoutTransaction { db in
            try db.changePassphrase("new secret")
            store.passphrase = "new secret"
            dbPool.invalidateReadOnlyConnections()
        }
        try dbPool.write { db in try db.execute(sql: "INSERT INTO secret VALUES ('after')") }
        #expect(try dbPool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM secret") } == 2)
        #expect(try dbPool.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
        try dbPool.close()
        #expect(Self.opens(scratch.path, format: .sqlcipher4, passphrase: "new secret"))
        #expect(!Self.opens(scratch.path, format: .sqlcipher4, passphrase: "old secret"))
    }

    @Test("changePassphrase while a pool read holds the file fails with databaseInUse and changes nothing")
    func poolReadInProgressRefuses() throws {
        let scratch = Scratch()
        try Self.makeEncrypted(scratch.path, format: .sqlcipher4, passphrase: "old secret")
        let store = PassphraseStore("old secret")
        let dbPool = try DatabasePool(path: scratch.path, configuration: Self.configuration(store))
        let reading = Gate()
        let release = Gate()
        let reader = Thread {
            _ = try? dbPool.read { db in
                _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM secret")
                reading.open()
                release.wait()
            }
        }
        reader.start()
        #expect(reading.wait(), "the read never started")
        let error = #expect(throws: CipherError.self) {
            try dbPool.writeWithoutTransaction { db in try db.changePassphrase("new secret") }
        }
        release.open()
        if case .databaseInUse? = error {} else { Issue.record("expected databaseInUse, got \(String(describing: error))") }
        try dbPool.write { db in try db.execute(sql: "INSERT INTO secret VALUES ('still old')") }
        try dbPool.close()
        #expect(Self.opens(scratch.path, format: .sqlcipher4, passphrase: "old secret"))
    }

    @Test("changePassphrase outside a write access, or in a savepoint, throws a misuse and changes nothing")
    func misuse() throws {
        let scratch = Scratch()
        try Self.makeEncrypted(scratch.path, format: .sqlcipher4, passphrase: "old secret")
        let dbQueue = try DatabaseQueue(path: scratch.path, configuration: Self.configuration(PassphraseStore("old secret")))
        #expect(throws: DatabaseError.self) { try dbQueue.read { db in try db.changePassphrase("new") } }
        #expect(throws: DatabaseError.self) {
            try dbQueue.write { db in try db.inSavepoint { try db.changePassphrase("new"); return .commit } }
        }
        try dbQueue.close()
        #expect(Self.opens(scratch.path, format: .sqlcipher4, passphrase: "old secret"))
    }
}
