import Differential
import Foundation
import MMEXFiles
import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// The content of an encrypted (or plain) database, read through the codec: every row of every table, in order.
private func content(of path: String, key: String?) throws -> String {
    let connection = try EngineConnection(
        path: FileURI.make(path: path, query: "mode=ro"), options: OpenOptions(access: .readOnly, uri: true, vfs: PageCodec.vfsName)
    )
    defer { connection.close() }
    try PageCodec.apply(.auto, key: try key.map { try CipherKey.parsing($0) }, to: connection)
    guard try connection.rows("PRAGMA integrity_check") == [[.text("ok")]] else { throw ContentError.integrity }
    var text = ""
    for table in try connection.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") {
        guard case .text(let name) = table[0] else { continue }
        text += "\(name): \(try connection.rows("SELECT * FROM \(quoteIdentifier(name)) ORDER BY rowid"))\n"
    }
    return text
}

private enum ContentError: Error { case integrity }

/// Which of `keys` opens the file with the expected content (none, or more than one, is a failure).
private func keysThatOpen(_ path: String, keys: [String], expected: String) -> [String] {
    keys.filter { (try? content(of: path, key: $0)) == expected }
}

@Suite("CLI rekey and export under kill -9: the file is whole under the old or the new key; the source never changes")
struct CLICrashTests {
    static let keyA = "x'" + String(repeating: "a1", count: 32) + "'"
    static let keyB = "x'" + String(repeating: "b2", count: 32) + "'"
    static let runs = Soak.pick(normal: 15, soak: 150)

    private func makeSource(at path: String, walMode: Bool) throws {
        let key = try CipherKey.parsing(Self.keyA)
        let target = try CipherTarget(newFile: .format(.sqlcipher4), key: key)
        let connection = try MMEXFileCreator.create(at: path, vfs: PageCodec.vfsName, prepare: { connection in
            try target.applyToNewFile(connection)
        }, populate: { connection in
            try FixtureContent.fill(connection)
        })
        if walMode { _ = try connection.scalar("PRAGMA journal_mode = WAL") }
        connection.close()
    }

    @Test("rekey killed at random moments, back and forth between two keys", arguments: [false, true])
    func rekey(walMode: Bool) throws {
        let folder = TemporaryDirectory.inMemory("rekey-crash")
        let path = folder.path("file.emb")
        try makeSource(at: path, walMode: walMode)
        let expected = try content(of: path, key: Self.keyA)
        var current = Self.keyA
        var random = SplitMix64(seed: walMode ? 0x5EED1 : 0x5EED2)
        let environment = ["DP_A": Self.keyA, "DP_B": Self.keyB]
        func arguments(from key: String) -> [String] {
            ["rekey", path, "--key-env", key == Self.keyA ? "DP_A" : "DP_B", "--new-key-env", key == Self.keyA ? "DP_B" : "DP_A"]
        }
        let unkilled = try CrashHarness.run(DriverPortBinary.url, arguments(from: current), kill: .never, environment: environment)
        #expect(unkilled.status == 0, "\(unkilled.standardError)")
        current = Self.keyB
        let window = max(1_000, Int((unkilled.workDuration ?? 0.2) * 1_200_000))  // a few runs finish
        var kills = 0
        var switched = 0
        var failures: [String] = []
        var journalModeChanged = 0
        for run in 0..<Self.runs {
            let delay = random.below(window)
            // Every fifth run is left to finish, so the switch itself is checked whatever the machine's speed.
            let moment: CrashHarness.KillMoment = run % 5 == 4 ? .never : .afterStart(microseconds: delay)
            let result = try CrashHarness.run(DriverPortBinary.url, arguments(from: current), kill: moment, environment: environment)
            if result.killed { kills += 1 }
            let opening = keysThatOpen(path, keys: [Self.keyA, Self.keyB], expected: expected)
            guard opening.count == 1, let now = opening.first else {
                failures.append("run \(run) at \(delay)µs: opens with \(opening.count) keys (status \(result.status), \(result.standardError))")
                break
            }
            if now != current { switched += 1 }
            current = now
            if walMode, let mode = try? journalMode(path, key: now), mode != "wal" { journalModeChanged += 1 }
        }
        let debris = (try FileManager.default.contentsOfDirectory(atPath: folder.url.path)).filter { $0.hasSuffix(".tmp") }
        ReliabilityFigures.report("crash rekey\(walMode ? " wal" : "")", [
            "runs": Self.runs, "kills": kills, "completed rekeys": switched, "failures": failures.count,
            "left out of WAL mode": journalModeChanged, "temporary files left": debris.count,
        ])
        for failure in failures { Issue.record("\(failure)") }
        #expect(kills > 0 && switched > 0, "the kills must land both before and after the switch")
    }

    @Test("export killed at random moments: the destination is absent or complete, the source unchanged")
    func export() throws {
        let folder = TemporaryDirectory.inMemory("export-crash")
        let source = folder.path("source.emb")
        try makeSource(at: source, walMode: false)
        let expected = try content(of: source, key: Self.keyA)
        let sourceBytes = try Data(contentsOf: URL(fileURLWithPath: source))
        let environment = ["DP_A": Self.keyA, "DP_B": Self.keyB]
        let out = TemporaryDirectory.inMemory("export-crash-out")
        let destination = out.path("copy.emb")
        let arguments = ["export", source, "--to", destination, "--key-env", "DP_A", "--to-key-env", "DP_B"]
        let unkilled = try CrashHarness.run(DriverPortBinary.url, arguments, kill: .never, environment: environment)
        #expect(unkilled.status == 0, "\(unkilled.standardError)")
        let window = max(1_000, Int((unkilled.workDuration ?? 0.2) * 1_200_000))  // a few runs finish
        var random = SplitMix64(seed: 0xE4_0000)
        var kills = 0, complete = 0, absent = 0, debris = 0
        var failures: [String] = []
        for run in 0..<Self.runs {
            for name in (try FileManager.default.contentsOfDirectory(atPath: out.url.path)) {
                if name.hasSuffix(".tmp") || name.contains(".tmp-") { debris += 1 }
                try FileManager.default.removeItem(atPath: out.path(name))
            }
            let delay = random.below(window)
            let moment: CrashHarness.KillMoment = run % 5 == 4 ? .never : .afterStart(microseconds: delay)
            let result = try CrashHarness.run(DriverPortBinary.url, arguments, kill: moment, environment: environment)
            if result.killed { kills += 1 }
            if FileManager.default.fileExists(atPath: destination) {
                if (try? content(of: destination, key: Self.keyB)) == expected { complete += 1 } else {
                    failures.append("run \(run) at \(delay)µs: the destination exists but is not a complete copy")
                }
            } else {
                absent += 1
            }
            if (try Data(contentsOf: URL(fileURLWithPath: source))) != sourceBytes {
                failures.append("run \(run): the source changed")
            }
        }
        ReliabilityFigures.report("crash export", [
            "runs": Self.runs, "kills": kills, "destination complete": complete, "destination absent": absent,
            "temporary files left": debris, "failures": failures.count,
        ])
        for failure in failures.prefix(5) { Issue.record("\(failure)") }
        #expect(kills > 0)
        #expect(complete > 0, "the unkilled runs must leave a complete copy")
    }

    private func journalMode(_ path: String, key: String) throws -> String? {
        let probe = try CipherProbe.examine(path: path, key: try CipherKey.parsing(key))
        return probe.walMode ? "wal" : "rollback"
    }
}

/// Rows for the crash tests' files, so a copy has something to get wrong.
enum FixtureContent {
    static func fill(_ connection: EngineConnection) throws {
        try connection.execute("BEGIN")
        let insert = try connection.prepare("INSERT INTO PAYEE_V1 (PAYEENAME, CATEGID) VALUES (?, -1)")
        for index in 0..<2000 {
            try insert.bind([.text("payee \(index) " + String(repeating: "p", count: index % 50))])
            _ = try insert.step()
            insert.reset()
        }
        try connection.execute("COMMIT")
    }
}
