import Foundation
import LegacyDriver
import SQLite3MultipleCiphers
import Testing
import TestSupport

/// `sqlite3_rekey_v2` stopped part way, as by a power cut or a killed process: from some write on, every write,
/// sync and delete fails, so the file keeps exactly what reached it. Whatever the point, the file is whole under one
/// key afterwards: the old key (SQLite rolls the hot journal back) or, once the rekey committed, the new one.
/// The fault VFS sits under a second codec instance (the default one, which `KeyPragmas.install()` registered): a
/// stack of instances must not encrypt the journal twice.
@Suite("SQLite3MC rekey interrupted")
struct RekeyInterruptionTests {
    static let oldKey = "driverport-fixture-key"
    static let newKey = "a new passphrase"

    init() throws { try KeyPragmas.install() }

    /// Opens through `vfs` and keys with the C API in SQLCipher 4.
    static func open(_ path: String, vfs: String? = nil, passphrase: String) throws -> Connection {
        let db = try Connection(path, vfs: vfs)
        db.chooseCipher("sqlcipher", legacy: 4)
        try db.unlock(passphrase)
        return db
    }

    /// The rows and integrity of `path` under `passphrase`, or nil when it does not open with it.
    static func state(_ path: String, passphrase: String) -> (rows: Int64, integrity: String)? {
        guard let db = try? open(path, passphrase: passphrase),
            let rows = try? db.scalar("SELECT count(*) FROM CHECKINGACCOUNT_V1") as? Int64,
            let integrity = try? db.scalar("PRAGMA integrity_check") as? String
        else { return nil }
        return (rows, integrity)
    }

    static let stopKinds: Set<FaultInjectingVFS.CallKind> = [.write, .sync, .truncate, .delete]

    /// Write, sync, truncate and delete calls a whole rekey of the fixture makes.
    static func callsOfWholeRekey(stack: CodecFaultStack, fixture: URL) throws -> Int64 {
        let folder = TemporaryDirectory.inMemory("sqlite3mc-count")
        let path = try folder.copy(fixture)
        let db = try open(path, vfs: stack.name, passphrase: oldKey)
        stack.faults.count(kinds: stopKinds)
        try db.changeKey(newKey)
        let total = stopKinds.reduce(Int64(0)) { $0 + stack.faults.calls($1) }
        stack.faults.disarm()
        return total
    }

    @Test("a rekey stopped at any write leaves the file whole under the old key or the new one, never neither")
    func stoppedRekeyLeavesOneKey() throws {
        let fixture = SharedData.repositoryRoot.appendingPathComponent("Fixtures/mmex-200-sqlcipher4.emb")
        let stack = try CodecFaultStack()
        stack.faults.resetCounts()
        let total = try Self.callsOfWholeRekey(stack: stack, fixture: fixture)
        #expect(total > 10)
        let points = stride(from: Int64(1), through: total, by: Int(Soak.stride(points: total, budget: 12)))
        var underOld = 0
        for nth in points {
            let folder = TemporaryDirectory.inMemory("sqlite3mc-stop")
            let path = try folder.copy(fixture)
            do {
                let db = try Self.open(path, vfs: stack.name, passphrase: Self.oldKey)
                stack.faults.arm(.init(kinds: Self.stopKinds, nth: nth, persistent: true))
                _ = sqlite3_rekey_v2(db.handle, "main", Self.newKey, Int32(Self.newKey.utf8.count))
                db.close()
            }
            stack.faults.disarm()
            let old = Self.state(path, passphrase: Self.oldKey)
            let new = Self.state(path, passphrase: Self.newKey)
            #expect((old == nil) != (new == nil), "stopped at call \(nth) of \(total): one key, exactly, opens it")
            if let state = old ?? new {
                #expect(state.rows == 200 && state.integrity == "ok", "stopped at call \(nth): \(state)")
            }
            if old != nil { underOld += 1 }
        }
        #expect(underOld > 0, "no stop point fell before the commit")
    }
}
