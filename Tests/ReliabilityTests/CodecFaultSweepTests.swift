import Foundation
@testable import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// Fault sweeps with the page codec over the fault VFS (``CodecFaultStack``): the faults hit the encrypted I/O.
/// Keys are raw SQLCipher 4 keys, so hundreds of opens skip the key derivation (not I/O; tested elsewhere).
enum CodecSweepSetup {
    static let oldKey = Result { try CodecFaultStack.rawKey(1) }
    static let newKey = Result { try CodecFaultStack.rawKey(2) }
    /// The transactions already in the base file of the export and rekey sweeps.
    static let committed = 0..<4

    /// Whether `path` opens with `key` (`nil`: as a plain file) and holds exactly ``committed``, whole and intact.
    static func holdsCommitted(_ path: String, key: CipherKey?) -> LedgerVerdict {
        LedgerVerdict.check(path: path, acknowledged: Set(committed), inDoubt: []) {
            try CodecFaultStack.open($0, key: key)
        }
    }

    /// Whether `key` opens `path` and reads it, as the next launch would (read-write: a hot journal is rolled back).
    static func opens(_ path: String, key: CipherKey) -> Bool {
        guard let connection = try? CodecFaultStack.open(path, key: key) else { return false }
        defer { connection.close() }
        return (try? connection.scalar("SELECT count(*) FROM sqlite_master")) != nil
    }
}

@Suite("Encrypted writes under I/O faults: after every fault the file opens with its key and holds exactly the acknowledged transactions")
struct CodecWriteFaultSweepTests {
    static let transactions = 1..<9
    static let variants = [JournalVariant.safe[0], JournalVariant.safe[3]]  // delete, wal

    @Test(
        "rollback journal and WAL through the codec: no lost, unexpected or half-applied transaction, integrity ok, errors reported",
        arguments: variants, FaultFamily.allCases
    )
    func sweep(variant: JournalVariant, family: FaultFamily) throws {
        let key = try CodecSweepSetup.oldKey.get()
        let stack = try CodecFaultStack()
        let folder = TemporaryDirectory.inMemory("codec-write-sweep")
        let base = folder.path("base.db")
        try CodecFaultStack.createLedgerBase(at: base, key: key, journalMode: variant.baseMode)
        let sweep = FaultSweep(base: base, vfs: stack.faults, folder: folder) { try CodecFaultStack.open($0, key: key) }
        let setup = variant.setup + ["PRAGMA cache_size = 8"]
        let workload = { (path: String, vfs: FaultInjectingVFS) in
            EngineLedgerRunner.run(path: path, vfs: vfs, transactions: Self.transactions, setup: setup) {
                try stack.open($0, key: key)
            }
        }
        let counting = try sweep.run(plan: family.plan, stride: Int64.max, workload: workload)
        let stride = Soak.stride(points: counting.callPoints, budget: 100)
        // A page 1 torn by the closing checkpoint of a WAL file counts like any other point: the codec reads page 1
        // from the WAL then (CodecWALCheckpointTests).
        let report = try sweep.run(plan: family.plan, stride: stride, workload: workload)
        LedgerSweep.check(report, area: "fault-sweep codec writes \(variant.name) \(family.rawValue)", family: family,
                          transactions: Self.transactions.count)
    }
}

@Suite("Rekey under I/O faults: after every fault an error, and the file opens with exactly one of the two keys, whole")
struct CodecRekeyFaultSweepTests {
    @Test("rekey SQLCipher 4 to a new key, rollback journal and WAL: one key opens it, all rows, integrity ok, nothing left behind",
          arguments: ["delete", "wal"], FaultFamily.allCases)
    func sweep(journalMode: String, family: FaultFamily) throws {
        let oldKey = try CodecSweepSetup.oldKey.get()
        let newKey = try CodecSweepSetup.newKey.get()
        let stack = try CodecFaultStack()
        let folder = TemporaryDirectory.inMemory("codec-rekey-sweep")
        let base = folder.path("base.db")
        try CodecFaultStack.createLedgerBase(at: base, key: oldKey, journalMode: journalMode, committed: CodecSweepSetup.committed)
        var underNewKey = 0
        var leftOutOfWAL = 0
        let report = try OperationSweep.run(
            family, faults: stack.faults, budget: 60, folder: folder,
            setUp: { try FileManager.default.copyItem(atPath: base, toPath: $0.appendingPathComponent("db").path) },
            operation: { here in
                do {
                    try DatabaseRekey.rekey(
                        here.appendingPathComponent("db").path, key: oldKey, choice: .format(.sqlcipher4), newKey: newKey,
                        newFormat: nil, busyTimeoutMilliseconds: 2000, progress: nil, vfs: stack.name
                    )
                    return nil
                } catch {
                    return "\(error)"
                }
            },
            check: { here, error in
                let path = here.appendingPathComponent("db").path
                var problems: [String] = []
                let opensOld = CodecSweepSetup.opens(path, key: oldKey)
                let opensNew = CodecSweepSetup.opens(path, key: newKey)
                if opensOld == opensNew { problems.append("opens with old key \(opensOld), new key \(opensNew)") }
                if error == nil, !opensNew { problems.append("the rekey succeeded but the new key does not open it") }
                let isPoint = here.lastPathComponent != "dry-run"
                if opensNew, isPoint { underNewKey += 1 }
                let verdict = CodecSweepSetup.holdsCommitted(path, key: opensNew ? newKey : oldKey)
                if !verdict.isExact { problems.append("content: \(verdict)") }
                let leftovers = OperationSweep.temporaryFiles(in: here)
                if !leftovers.isEmpty { problems.append("left behind: \(leftovers)") }
                if journalMode == "wal", let connection = try? CodecFaultStack.open(path, key: opensNew ? newKey : oldKey) {
                    if (try? connection.scalar("PRAGMA journal_mode")) != .text("wal"), isPoint { leftOutOfWAL += 1 }
                    connection.close()
                }
                return problems
            }
        )
        OperationSweep.check(report, area: "fault-sweep codec rekey \(journalMode) \(family.rawValue)", extra: [
            "under new key": underNewKey, "left out of WAL mode": leftOutOfWAL,
        ])
        // A fault that only a lasting failure keeps from being undone may cost WAL mode; a transient one may not.
        if family == .transient { #expect(leftOutOfWAL == 0) }
    }
}

@Suite("Export under I/O faults: after every fault an error, no destination (never a partial one), the source unchanged")
struct CodecExportFaultSweepTests {
    enum Direction: String, CaseIterable, CustomTestStringConvertible {
        case plainToEncrypted = "plain to encrypted"
        case encryptedToPlain = "encrypted to plain"
        var testDescription: String { rawValue }
    }

    @Test("export plain to SQLCipher 4 and SQLCipher 4 to plain: the source byte for byte unchanged, the copy absent or whole",
          arguments: Direction.allCases, FaultFamily.allCases)
    func sweep(direction: Direction, family: FaultFamily) throws {
        let key = try CodecSweepSetup.oldKey.get()
        let (sourceKey, target): (CipherKey?, CipherTarget) =
            direction == .plainToEncrypted ? (nil, CipherTarget(format: .sqlcipher4, key: key)) : (key, .plain)
        let stack = try CodecFaultStack()
        let folder = TemporaryDirectory.inMemory("codec-export-sweep")
        let base = folder.path("base.db")
        try CodecFaultStack.createLedgerBase(at: base, key: sourceKey, committed: CodecSweepSetup.committed)
        let baseBytes = try Data(contentsOf: URL(fileURLWithPath: base))
        var copies = 0
        let report = try OperationSweep.run(
            family, faults: stack.faults, budget: 60, folder: folder,
            setUp: { try FileManager.default.copyItem(atPath: base, toPath: $0.appendingPathComponent("source.db").path) },
            operation: { here in
                do {
                    let source = try stack.open(here.appendingPathComponent("source.db").path, key: sourceKey)
                    defer { source.close() }
                    try DatabaseCopy.export(from: source, to: here.appendingPathComponent("copy.db").path, as: target)
                    return nil
                } catch {
                    return "\(error)"
                }
            },
            check: { here, error in
                var problems: [String] = []
                let source = here.appendingPathComponent("source.db").path
                if (try? Data(contentsOf: URL(fileURLWithPath: source))) != baseBytes { problems.append("the source changed") }
                let sidecars = ["-journal", "-wal", "-shm"].filter { FileManager.default.fileExists(atPath: source + $0) }
                if !sidecars.isEmpty { problems.append("the source has sidecars \(sidecars)") }
                let copy = here.appendingPathComponent("copy.db").path
                if FileManager.default.fileExists(atPath: copy) {
                    if error != nil { problems.append("the export failed but left a destination") }
                    if here.lastPathComponent != "dry-run" { copies += 1 }
                    let verdict = CodecSweepSetup.holdsCommitted(copy, key: target.key)
                    if !verdict.isExact { problems.append("the copy: \(verdict)") }
                } else if error == nil {
                    problems.append("the export succeeded but wrote no destination")
                }
                let leftovers = OperationSweep.temporaryFiles(in: here)
                if !leftovers.isEmpty { problems.append("left behind: \(leftovers)") }
                return problems
            }
        )
        OperationSweep.check(report, area: "fault-sweep codec export \(direction.rawValue) \(family.rawValue)",
                             extra: ["whole copies (export succeeded)": copies])
    }
}

@Suite("Encrypted WAL database: a disk that fills while the last connection checkpoints page 1")
struct CodecWALCheckpointTests {
    @Test("a plain WAL file through the same stack survives the same torn page 1 (SQLite reads page 1 from the WAL)")
    func plainControl() throws {
        let verdict = try Self.tearPage1AtClose(key: nil)
        #expect(verdict.isExact, "\(verdict)")
    }

    @Test("a torn write of page 1 during the closing checkpoint loses nothing: the file opens from the WAL's page 1")
    func tornPage1AtCloseCheckpoint() throws {
        let verdict = try Self.tearPage1AtClose(key: CodecSweepSetup.oldKey.get())
        ReliabilityFigures.report("codec wal torn page 1 at close", ["exact": verdict.isExact, "verdict": verdict])
        // The codec finds the format and page size, and presents the header, from the newest committed page-1
        // frame of the WAL when the file's page 1 does not authenticate; SQLite reads page 1 from the WAL anyway.
        #expect(verdict.isExact, "\(verdict)")
    }

    /// Runs transactions on a WAL file through the codec over the fault VFS, tears the first database write of the
    /// closing checkpoint (page 1), and checks the file as the next launch would.
    private static func tearPage1AtClose(key: CipherKey?) throws -> LedgerVerdict {
        let stack = try CodecFaultStack()
        let folder = TemporaryDirectory()
        let path = folder.path("wal.db")
        try CodecFaultStack.createLedgerBase(at: path, key: key, journalMode: "wal")
        let connection = try stack.open(path, key: key)
        try connection.execute("PRAGMA wal_autocheckpoint = 0")
        // A schema change rewrites page 1 (its schema cookie), so the closing checkpoint writes page 1 first.
        try connection.execute("CREATE TABLE extra(x)")
        for transaction in 1..<4 { try LedgerWorkload.run(transaction, on: connection) }
        // The closing checkpoint copies the WAL's pages into the file in page order: the first write is page 1.
        stack.faults.arm(.init(kinds: [.write], files: .mainDatabase, nth: 1, errorCode: 13, action: .tearWrite))
        connection.close()
        let injected = stack.faults.injectedFaults
        stack.faults.disarm()
        #expect(injected == 1, "the closing checkpoint wrote to the database file")
        return LedgerVerdict.check(path: path, acknowledged: Set(1..<4), inDoubt: []) {
            try CodecFaultStack.open($0, key: key)
        }
    }
}
