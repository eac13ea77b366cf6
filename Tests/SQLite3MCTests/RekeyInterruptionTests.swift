import Foundation
import LegacyDriver
import SQLite3MultipleCiphers
import Testing
import TestSupport

/// `sqlite3_rekey_v2` stopped part way, as by a power cut or a killed process: from some write on, every write,
/// sync and delete fails, so the file keeps exactly what reached it. Whatever the point, the file is whole under one
/// state afterwards: the old one (SQLite rolls the hot journal back) or, once the rekey committed, the new one. A
/// state is a key, or none for a plain file, so the same holds for decrypting and encrypting in place; and opening
/// with the other state first never reads it (nor spoils the rollback the right state then makes).
/// The fault VFS sits under a second codec instance (the default one, which `KeyPragmas.install()` registered): a
/// stack of instances must not encrypt the journal twice.
@Suite("SQLite3MC rekey interrupted")
struct RekeyInterruptionTests {
    static let oldKey = "driverport-fixture-key"
    static let newKey = "a new passphrase"
    static let fixtures = SharedData.repositoryRoot.appendingPathComponent("Fixtures")

    init() throws { try KeyPragmas.install() }

    /// Opens through `vfs`, configures SQLCipher 4 and keys with the C API (`nil`: no key, a plain file).
    static func open(_ path: String, vfs: String? = nil, passphrase: String?) throws -> Connection {
        let db = try Connection(path, vfs: vfs)
        db.chooseCipher("sqlcipher", legacy: 4)
        if let passphrase { try db.unlock(passphrase) }
        return db
    }

    /// The rows and integrity of `path` under `passphrase` (`nil`: opened without a key), or nil when it does not
    /// open so.
    static func state(_ path: String, passphrase: String?) -> (rows: Int64, integrity: String)? {
        guard let db = try? open(path, passphrase: passphrase),
            let rows = try? db.scalar("SELECT count(*) FROM CHECKINGACCOUNT_V1") as? Int64,
            let integrity = try? db.scalar("PRAGMA integrity_check") as? String
        else { return nil }
        return (rows, integrity)
    }

    static let stopKinds: Set<FaultInjectingVFS.CallKind> = [.write, .sync, .truncate, .delete]

    /// The rekey a sweep stops: from the fixture's state to another (a key, or `nil` for plain pages).
    struct Change: CustomStringConvertible {
        let fixture: String
        let from: String?
        let to: String?
        var description: String { "\(from == nil ? "plain" : "key") -> \(to == nil ? "plain" : "key")" }

        func run(on db: Connection) -> Int32 {
            guard let to else { return sqlite3_rekey_v2(db.handle, "main", nil, 0) }
            return sqlite3_rekey_v2(db.handle, "main", to, Int32(to.utf8.count))
        }
    }

    /// Write, sync, truncate and delete calls a whole rekey of the fixture makes.
    static func callsOfWholeRekey(stack: CodecFaultStack, change: Change) throws -> Int64 {
        let folder = TemporaryDirectory.inMemory("sqlite3mc-count")
        let path = try folder.copy(fixtures.appendingPathComponent(change.fixture))
        let db = try open(path, vfs: stack.name, passphrase: change.from)
        stack.faults.count(kinds: stopKinds)
        #expect(change.run(on: db) == SQLITE_OK, "\(change): the whole rekey")
        let total = stopKinds.reduce(Int64(0)) { $0 + stack.faults.calls($1) }
        stack.faults.disarm()
        return total
    }

    /// Which state opens `path`, checking `first` then `second`: exactly one must, and read whole.
    static func oneStateOpens(_ path: String, first: String?, second: String?, _ label: String) -> Bool? {
        let one = state(path, passphrase: first)
        let other = state(path, passphrase: second)
        #expect((one == nil) != (other == nil), "\(label): one state, exactly, opens it")
        if let whole = one ?? other {
            #expect(whole.rows == 200 && whole.integrity == "ok", "\(label): \(whole)")
        }
        return one == nil && other == nil ? nil : one != nil
    }

    /// Stops `change` at writes spread over it (every one under `make soak`); each stopped file is checked twice, from
    /// copies: the old state first, and the new state first. Returns how many stops left the old state.
    static func sweep(_ change: Change) throws -> (points: Int, underOld: Int) {
        let stack = try CodecFaultStack()
        stack.faults.resetCounts()
        let total = try callsOfWholeRekey(stack: stack, change: change)
        #expect(total > 10)
        let points = stride(from: Int64(1), through: total, by: Int(Soak.stride(points: total, budget: 12)))
        var underOld = 0
        for nth in points {
            let folder = TemporaryDirectory.inMemory("sqlite3mc-stop")
            let path = try folder.copy(fixtures.appendingPathComponent(change.fixture))
            do {
                let db = try open(path, vfs: stack.name, passphrase: change.from)
                stack.faults.arm(.init(kinds: stopKinds, nth: nth, persistent: true))
                _ = change.run(on: db)
                db.close()
            }
            stack.faults.disarm()
            let second = folder.path("new-first.db")
            try FileManager.default.copyItem(atPath: path, toPath: second)
            if FileManager.default.fileExists(atPath: path + "-journal") {
                try FileManager.default.copyItem(atPath: path + "-journal", toPath: second + "-journal")
            }
            let label = "\(change) stopped at call \(nth) of \(total)"
            let old = oneStateOpens(path, first: change.from, second: change.to, label + ", old state first")
            let new = oneStateOpens(second, first: change.to, second: change.from, label + ", new state first")
            if let old, let new { #expect(old == !new, "\(label): both orders find the same state") }
            if old == true { underOld += 1 }
        }
        return (points.underestimatedCount, underOld)
    }

    @Test("a rekey stopped at any write leaves the file whole under the old key or the new one, never neither")
    func stoppedRekeyLeavesOneKey() throws {
        let result = try Self.sweep(Change(fixture: "mmex-200-sqlcipher4.emb", from: Self.oldKey, to: Self.newKey))
        #expect(result.underOld > 0, "no stop point fell before the commit")
    }

    @Test("a decryption in place stopped at any write leaves the file whole, encrypted under the old key or plain; opened without a key first, it is never read as plain")
    func stoppedDecryptionLeavesOneState() throws {
        let result = try Self.sweep(Change(fixture: "mmex-200-sqlcipher4.emb", from: Self.oldKey, to: nil))
        #expect(result.underOld > 0, "no stop point fell before the commit")
    }

    @Test("an encryption in place stopped at any write leaves the file whole, plain or under the new key; the new key never reads a file still rolling back")
    func stoppedEncryptionLeavesOneState() throws {
        let result = try Self.sweep(Change(fixture: "mmex-200.mmb", from: nil, to: Self.newKey))
        #expect(result.underOld > 0, "no stop point fell before the commit")
    }
}
