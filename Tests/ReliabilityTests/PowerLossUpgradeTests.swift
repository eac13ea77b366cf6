import DriverLedgers
import Foundation
import MMEXFiles
import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// Power cuts during `upgrade` (issue 21): the upgrade of a real MMEX 0.9.7 file (version 0 to 21, one transaction
/// per step, a backup first) runs over the power-loss VFS (for the encrypted file, the page codec over it), and its
/// backup's fsync, rename and unlinks go through the same simulated disk, so a cut can fall anywhere in it.
@Suite("Power cuts during upgrade: after every cut the file opens at a version it committed, consistent with it, and the next run finishes")
struct PowerLossUpgradeTests {
    @Test("plain and SQLCipher 4: the file passes integrity_check, its shape is that of its version, a backup is the file as it was, a rerun reaches 21", .needsSharedData,
          arguments: PowerLossCipher.allCases)
    func upgrade(cipher: PowerLossCipher) throws {
        let folder = TemporaryDirectory.inMemory("powerloss-upgrade")
        let base = folder.path("base.mmb")
        let key = try cipher.key
        if let key {
            let source = try CodecFaultStack.open(SharedData.realFile("mmex-0.9.7.0-v0.mmb").path, key: nil, access: .readOnly)
            defer { source.close() }
            try DatabaseCopy.export(from: source, to: base, as: CipherTarget(format: .sqlcipher4, key: key))
        } else {
            try FileManager.default.copyItem(atPath: SharedData.realFile("mmex-0.9.7.0-v0.mmb").path, toPath: base)
        }
        let baseBytes = try Data(contentsOf: URL(fileURLWithPath: base))
        let vfs = try PowerLossVFS()
        let access = try key.map { try DatabaseAccess.encrypted(.format(.sqlcipher4), key: $0, codecOver: vfs.name) }
            ?? DatabaseAccess(vfs: vfs.name)
        let nextLaunch = key.map { DatabaseAccess.encrypted(.format(.sqlcipher4), key: $0) } ?? .plain
        var upgraded = false
        var versions: [Int64: Int] = [:]
        let sweep = PowerLossSweep(base: base, vfs: vfs, folder: folder, durableAtCommit: true)
        let report = try sweep.run(budget: 8, workload: { path, log in
            upgraded = false
            for backup in UpgradeBackup.existing(for: path) { try? FileManager.default.removeItem(atPath: backup) }
            do {
                _ = try FileSystemCalls.$current.withValue(vfs.fileSystemCalls) {
                    try MMEXUpgrader(path: path, access: access).upgrade(keepBackup: false)
                }
                upgraded = true
            } catch {
                log.note("upgrade: \(error)")
            }
        }, check: { path, _, _ in
            var problems: [String] = []
            var version: Int64?
            do {
                let connection = try nextLaunch.openReadWrite(path)
                defer { connection.close() }
                if try connection.scalar("PRAGMA integrity_check") != .text("ok") { problems.append("integrity_check failed") }
                version = try connection.userVersion
            } catch {
                problems.append("does not open: \(error)")
            }
            if let version { versions[version, default: 0] += 1 }
            if upgraded, version != 21 { problems.append("reported upgraded but at version \(version.map(String.init) ?? "?")") }
            // The planner refuses a file whose shape contradicts its version: a half-applied step would be caught.
            do {
                _ = try MMEXUpgrader(path: path, access: nextLaunch).plan()
            } catch {
                problems.append("its shape is not that of version \(version.map(String.init) ?? "?"): \(error)")
            }
            for backup in UpgradeBackup.existing(for: path)
            where (try? Data(contentsOf: URL(fileURLWithPath: backup))) != baseBytes {
                problems.append("the backup \((backup as NSString).lastPathComponent) is not the file as it was")
            }
            if problems.isEmpty, version != 21 {
                // The next launch runs the upgrade again: it finishes from the version the cut left.
                do {
                    let rerun = try MMEXUpgrader(path: path, access: nextLaunch).upgrade(keepBackup: false)
                    if rerun.reachedVersion != 21 { problems.append("the rerun reached \(rerun.reachedVersion)") }
                } catch {
                    problems.append("the rerun failed: \(error)")
                }
            }
            return PowerLossVerdict(integrityOK: problems.isEmpty, lost: [], halfApplied: false,
                                    detail: problems.joined(separator: "; "))
        })
        ReliabilityFigures.report("power-loss upgrade \(cipher.rawValue)", [
            ("cut points", report.cutPoints), ("runs", report.runs), ("simulated cuts", report.cuts),
            ("unsynced writes at cut", report.unsyncedAtCut), ("versions seen", versions.count), ("damaged", report.damaged.count),
        ])
        #expect(report.cutPoints > 20, "the upgrade made too few disk-changing calls to sweep")
        #expect(versions.count > 1, "the cuts all left the same version: \(versions)")
        for damage in report.damaged.prefix(5) { Issue.record("upgrade \(cipher.rawValue): \(damage)") }
    }
}
