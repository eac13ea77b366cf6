import DriverLedgers
import Foundation
@testable import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// Power cuts during rekey and export: the copy is written through the codec over the power-loss VFS, and the
/// steps outside SQLite (the copy's fsync, the rename or link that publishes it, the unlinks) go through the same
/// simulated disk (`PowerLossVFS.fileSystemCalls`), so a cut can fall before any of them.
@Suite("Power cuts during rekey and export: after every cut the file opens with exactly one key, whole; an export leaves a whole copy or none")
struct PowerLossFileStepTests {
    static let committed = 0..<4

    static func holdsCommitted(_ path: String, key: CipherKey?) -> LedgerVerdict {
        LedgerVerdict.check(path: path, acknowledged: Set(committed), inDoubt: []) { try CodecFaultStack.open($0, key: key) }
    }

    static func opens(_ path: String, key: CipherKey) -> Bool {
        guard let connection = try? CodecFaultStack.open(path, key: key) else { return false }
        defer { connection.close() }
        return (try? connection.scalar("SELECT count(*) FROM sqlite_master")) != nil
    }

    @Test("rekey SQLCipher 4 to a new key, rollback journal and WAL: one key opens it, all rows; a rekey reported done leaves the new key",
          arguments: ["delete", "wal"])
    func rekey(journalMode: String) throws {
        let oldKey = try CodecFaultStack.rawKey(8), newKey = try CodecFaultStack.rawKey(9)
        let folder = TemporaryDirectory.inMemory("powerloss-rekey")
        let base = folder.path("base.db")
        try CodecFaultStack.createLedgerBase(at: base, key: oldKey, journalMode: journalMode, committed: Self.committed)
        let vfs = try PowerLossVFS()
        let codec = try PageCodec.vfsName(over: vfs.name)
        var rekeyed = false
        let sweep = PowerLossSweep(base: base, vfs: vfs, folder: folder, durableAtCommit: true)
        let report = try sweep.run(budget: 25, workload: { path, log in
            rekeyed = false
            do {
                try FileSystemCalls.$current.withValue(vfs.fileSystemCalls) {
                    try DatabaseRekey.rekey(path, key: oldKey, choice: .format(.sqlcipher4), newKey: newKey, newFormat: nil,
                                            busyTimeoutMilliseconds: 2000, progress: nil, vfs: codec)
                }
                rekeyed = true
            } catch {
                log.note("rekey: \(error)")
            }
        }, check: { path, _, _ in
            let opensOld = Self.opens(path, key: oldKey), opensNew = Self.opens(path, key: newKey)
            let verdict = Self.holdsCommitted(path, key: opensNew ? newKey : oldKey)
            var problems: [String] = []
            if opensOld == opensNew { problems.append("opens with the old key \(opensOld), the new key \(opensNew)") }
            if rekeyed, !opensNew { problems.append("the rekey was reported done but the new key does not open it") }
            return PowerLossVerdict(
                integrityOK: verdict.integrityOK && problems.isEmpty, lost: verdict.lost, halfApplied: verdict.halfApplied,
                detail: (problems + ["\(verdict)"]).joined(separator: "; ")
            )
        })
        expectWhole(report, area: "rekey \(journalMode)")
    }

    @Test("export plain to SQLCipher 4: the source byte for byte; the destination absent or whole, and there when reported done")
    func export() throws {
        let key = try CodecFaultStack.rawKey(10)
        let folder = TemporaryDirectory.inMemory("powerloss-export")
        let base = folder.path("base.db")
        try CodecFaultStack.createLedgerBase(at: base, key: nil, committed: Self.committed)
        let baseBytes = try Data(contentsOf: URL(fileURLWithPath: base))
        let vfs = try PowerLossVFS()
        let codec = try PageCodec.vfsName(over: vfs.name)
        var exported = false
        let sweep = PowerLossSweep(base: base, vfs: vfs, folder: folder, durableAtCommit: true)
        let report = try sweep.run(budget: 25, workload: { path, log in
            exported = false
            try? FileManager.default.removeItem(atPath: path + ".copy")
            do {
                try FileSystemCalls.$current.withValue(vfs.fileSystemCalls) {
                    let source = try CodecFaultStack.open(path, key: nil, vfs: codec)
                    defer { source.close() }
                    try DatabaseCopy.export(from: source, to: path + ".copy", as: CipherTarget(format: .sqlcipher4, key: key))
                }
                exported = true
            } catch {
                log.note("export: \(error)")
            }
        }, check: { path, _, _ in
            var problems: [String] = []
            if (try? Data(contentsOf: URL(fileURLWithPath: path))) != baseBytes { problems.append("the source changed") }
            let copy = path + ".copy"
            var verdict: LedgerVerdict?
            if FileManager.default.fileExists(atPath: copy) {
                verdict = Self.holdsCommitted(copy, key: key)
                if verdict?.isExact != true { problems.append("the copy: \(verdict.map { "\($0)" } ?? "")") }
            } else if exported {
                problems.append("the export was reported done but there is no destination")
            }
            return PowerLossVerdict(
                integrityOK: problems.isEmpty, lost: [], halfApplied: false, detail: problems.joined(separator: "; ")
            )
        })
        expectWhole(report, area: "export plain to encrypted")
    }

    @Test("a second codec instance under the power-loss VFS leaves the new file's key to the one above it: the disk holds the copy encrypted")
    func exportThroughStackedCodecInstances() throws {
        let key = try CodecFaultStack.rawKey(11)
        let folder = TemporaryDirectory.inMemory("powerloss-stacked")
        let base = folder.path("base.db")
        try CodecFaultStack.createLedgerBase(at: base, key: nil, committed: Self.committed)
        // As when another suite made a codec the process's default VFS before the power-loss VFS was registered.
        let vfs = try PowerLossVFS(base: try PageCodec.vfsName(over: "unix"))
        let codec = try PageCodec.vfsName(over: vfs.name)
        vfs.arm(cutBefore: nil)
        try FileSystemCalls.$current.withValue(vfs.fileSystemCalls) {
            let source = try CodecFaultStack.open(base, key: nil, vfs: codec)
            defer { source.close() }
            try DatabaseCopy.export(from: source, to: base + ".copy", as: CipherTarget(format: .sqlcipher4, key: key))
        }
        // The disk as the power-loss VFS recorded it: encrypted by the instance the copy was keyed on, not in clear.
        try vfs.apply(.keep, seed: 1)
        let verdict = Self.holdsCommitted(base + ".copy", key: key)
        #expect(verdict.isExact, "\(verdict)")
    }

    private func expectWhole(_ report: PowerLossSweep.Report, area: String) {
        // A cut that tears page 1 while leaving WAL mode used to leave an encrypted file that did not open (its hot
        // journal held the old page 1); the codec now takes page 1 from there: such a cut counts as damage.
        ReliabilityFigures.report("power-loss \(area)", [
            ("cut points", report.cutPoints), ("runs", report.runs), ("simulated cuts", report.cuts),
            ("unsynced writes at cut", report.unsyncedAtCut), ("damaged", report.damaged.count),
        ])
        #expect(report.cutPoints > 20)
        for damage in report.damaged.prefix(5) { Issue.record("\(area): \(damage)") }
    }
}
