import Foundation
import MMEXFiles
@testable import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// Fails the Nth call of one kind among the fsync, rename, link and unlink calls DriverPort's own file steps make
/// (``FileSystemCalls``), counting every call.
final class FileCallFailer: @unchecked Sendable {
    // @unchecked: `lock` guards `counts` and `fired`; `target` is immutable.
    private let lock = NSLock()
    private var counts: [FileSystemCalls.Call: Int] = [:]
    private var fired = false
    let target: (call: FileSystemCalls.Call, nth: Int)?

    init(failing target: (call: FileSystemCalls.Call, nth: Int)?) { self.target = target }

    var calls: [FileSystemCalls.Call: Int] { lock.withLock { counts } }
    var didFail: Bool { lock.withLock { fired } }

    /// Runs `body` with this task's file steps going through the failer.
    func run<T>(_ body: () throws -> T) rethrows -> T {
        try FileSystemCalls.$current.withValue(FileSystemCalls.intercepting { call, _ in self.decide(call) }, operation: body)
    }

    private func decide(_ call: FileSystemCalls.Call) -> Int32? {
        lock.withLock {
            counts[call, default: 0] += 1
            guard let target, target.call == call, counts[call] == target.nth else { return nil }
            fired = true
            return EIO
        }
    }

    /// Runs `operation` once counting, then once per call with that call failing; `check` returns the problems of
    /// one run (its error, and the failed call, if any). Returns the runs made and every problem.
    static func sweep(
        setUp: (URL) throws -> Void, operation: (URL) -> String?,
        check: (_ here: URL, _ error: String?, _ failed: FileSystemCalls.Call?) -> [String]
    ) throws -> (runs: Int, failed: Int, calls: [FileSystemCalls.Call: Int], problems: [String]) {
        let folder = TemporaryDirectory.inMemory("file-steps")
        func fresh(_ name: String) throws -> URL {
            let here = folder.url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: here, withIntermediateDirectories: true)
            try setUp(here)
            return here
        }
        let dry = try fresh("dry-run")
        let counter = FileCallFailer(failing: nil)
        let dryError = counter.run { operation(dry) }
        var problems = check(dry, dryError, nil)
        if let dryError { problems.append("fails without a fault: \(dryError)") }
        var runs = 0, failed = 0
        for call in FileSystemCalls.Call.allCases {
            for nth in 1...max(1, counter.calls[call] ?? 0) where (counter.calls[call] ?? 0) > 0 {
                let here = try fresh("\(call.rawValue)-\(nth)")
                let failer = FileCallFailer(failing: (call, nth))
                let error = failer.run { operation(here) }
                runs += 1
                if failer.didFail { failed += 1 }
                problems += check(here, error, failer.didFail ? call : nil).map { "\(call.rawValue) #\(nth) fails: \($0)" }
            }
        }
        return (runs, failed, counter.calls, problems)
    }
}

@Suite("fsync, rename, link and unlink failing in DriverPort's own file steps (export, rekey, upgrade backup): the file stays whole, the outcome is what was reported")
struct FileStepFailureTests {
    static let committed = 0..<4

    static func holdsCommitted(_ path: String, key: CipherKey?) -> LedgerVerdict {
        LedgerVerdict.check(path: path, acknowledged: Set(committed), inDoubt: []) { try CodecFaultStack.open($0, key: key) }
    }

    static func opens(_ path: String, key: CipherKey) -> Bool {
        guard let connection = try? CodecFaultStack.open(path, key: key) else { return false }
        defer { connection.close() }
        return (try? connection.scalar("SELECT count(*) FROM sqlite_master")) != nil
    }

    static func report(_ area: String, _ result: (runs: Int, failed: Int, calls: [FileSystemCalls.Call: Int], problems: [String])) {
        let calls = FileSystemCalls.Call.allCases.map { "\($0.rawValue)=\(result.calls[$0] ?? 0)" }.joined(separator: ",")
        ReliabilityFigures.report("fault-sweep file steps \(area)", [
            "calls": calls, "runs": result.runs, "calls failed": result.failed, "damaged": result.problems.count,
        ])
        #expect(result.failed > 0, "no file step failed")
        for problem in result.problems.prefix(5) { Issue.record("\(area): \(problem)") }
    }

    @Test("export to a new SQLCipher 4 file: failed -> no destination and the source unchanged; succeeded -> the copy whole")
    func export() throws {
        let key = try CodecFaultStack.rawKey(3)
        let folder = TemporaryDirectory.inMemory("file-steps-export")
        let base = folder.path("base.db")
        try CodecFaultStack.createLedgerBase(at: base, key: nil, committed: Self.committed)
        let baseBytes = try Data(contentsOf: URL(fileURLWithPath: base))
        let result = try FileCallFailer.sweep(
            setUp: { try FileManager.default.copyItem(atPath: base, toPath: $0.appendingPathComponent("source.db").path) },
            operation: { here in
                do {
                    let source = try CodecFaultStack.open(here.appendingPathComponent("source.db").path, key: nil)
                    defer { source.close() }
                    try DatabaseCopy.export(from: source, to: here.appendingPathComponent("copy.db").path,
                                            as: CipherTarget(format: .sqlcipher4, key: key))
                    return nil
                } catch {
                    return "\(error)"
                }
            },
            check: { here, error, failed in
                var problems: [String] = []
                if (try? Data(contentsOf: here.appendingPathComponent("source.db"))) != baseBytes { problems.append("the source changed") }
                let copy = here.appendingPathComponent("copy.db").path
                if FileManager.default.fileExists(atPath: copy) {
                    if let error { problems.append("failed (\(error)) but left a destination") }
                    let verdict = Self.holdsCommitted(copy, key: key)
                    if !verdict.isExact { problems.append("the copy: \(verdict)") }
                } else if error == nil {
                    problems.append("succeeded but wrote no destination")
                }
                // A failed unlink of the temporary name may leave it (a second name of the copy, or a partial copy);
                // the next export or rekey removes it (StaleTemporaries). Anything else must leave nothing.
                let leftovers = OperationSweep.temporaryFiles(in: here)
                if !leftovers.isEmpty, failed != .unlink { problems.append("left behind: \(leftovers)") }
                return problems
            }
        )
        Self.report("export", result)
    }

    @Test("rekey SQLCipher 4 to a new key (rollback journal and WAL): failed -> the old key opens it, all rows; succeeded -> the new key",
          arguments: ["delete", "wal"])
    func rekey(journalMode: String) throws {
        let oldKey = try CodecFaultStack.rawKey(4)
        let newKey = try CodecFaultStack.rawKey(5)
        let folder = TemporaryDirectory.inMemory("file-steps-rekey")
        let base = folder.path("base.db")
        try CodecFaultStack.createLedgerBase(at: base, key: oldKey, journalMode: journalMode, committed: Self.committed)
        let result = try FileCallFailer.sweep(
            setUp: { try FileManager.default.copyItem(atPath: base, toPath: $0.appendingPathComponent("db").path) },
            operation: { here in
                do {
                    try DatabaseRekey.rekey(here.appendingPathComponent("db").path, key: oldKey, choice: .format(.sqlcipher4),
                                            newKey: newKey)
                    return nil
                } catch {
                    return "\(error)"
                }
            },
            check: { here, error, failed in
                let path = here.appendingPathComponent("db").path
                var problems: [String] = []
                let opensOld = Self.opens(path, key: oldKey), opensNew = Self.opens(path, key: newKey)
                if error != nil, !opensOld || opensNew { problems.append("failed (\(error ?? "")) but the old key does not open it alone") }
                if error == nil, !opensNew || opensOld { problems.append("succeeded but the new key does not open it alone") }
                let verdict = Self.holdsCommitted(path, key: opensNew ? newKey : oldKey)
                if !verdict.isExact { problems.append("content: \(verdict)") }
                let leftovers = OperationSweep.temporaryFiles(in: here)
                if !leftovers.isEmpty, failed != .unlink { problems.append("left behind: \(leftovers)") }
                return problems
            }
        )
        Self.report("rekey \(journalMode)", result)
    }

    @Test("upgrade of an MMEX 0.9.7 file: a failed backup step stops the upgrade before any change; the backup, when written, is whole", .needsSharedData)
    func upgradeBackup() throws {
        let original = try Data(contentsOf: SharedData.realFile("mmex-0.9.7.0-v0.mmb"))
        let result = try FileCallFailer.sweep(
            setUp: { try original.write(to: $0.appendingPathComponent("money.mmb")) },
            operation: { here in
                do {
                    _ = try MMEXUpgrader(path: here.appendingPathComponent("money.mmb").path).upgrade(keepBackup: false)
                    return nil
                } catch {
                    return "\(error)"
                }
            },
            check: { here, error, failed in
                let path = here.appendingPathComponent("money.mmb").path
                var problems: [String] = []
                let backups = UpgradeBackup.existing(for: path)
                let names = (try? FileManager.default.contentsOfDirectory(atPath: here.path)) ?? []
                if names.contains(where: { $0.hasSuffix(".partial") }) { problems.append("a .partial backup was left") }
                for backup in backups where (try? Data(contentsOf: URL(fileURLWithPath: backup))) != original {
                    problems.append("the backup \(backup) is not the file as it was")
                }
                let version = (try? EngineConnection(path: path, options: .readOnly)).flatMap { connection in
                    defer { connection.close() }
                    return try? connection.scalar("PRAGMA user_version")?.integerValue
                }
                if error != nil {
                    // The backup comes first: its failure leaves the file exactly as it was.
                    if (try? Data(contentsOf: URL(fileURLWithPath: path))) != original { problems.append("failed (\(error ?? "")) but the file changed") }
                } else {
                    if version != 21 { problems.append("succeeded but the file is at version \(version.map(String.init) ?? "?")") }
                    // Removing the backup after success is best effort: a failed unlink keeps it (it is whole).
                    if !backups.isEmpty, failed != .unlink { problems.append("succeeded but left the backup \(backups)") }
                }
                return problems
            }
        )
        Self.report("upgrade backup", result)
    }
}
