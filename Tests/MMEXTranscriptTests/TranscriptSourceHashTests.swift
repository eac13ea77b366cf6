import DriverPortCLI
import Foundation
import SQLiteEngine
import Testing
import TestSupport

@Suite("The transcript's source hash is the file's SHA-256")
struct TranscriptSourceHashTests {
    /// What Debian's `sha256sum` prints for `path`.
    private func sha256sum(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return String(text.prefix(64))
    }

    private func sourceLine(_ transcript: String) throws -> [Substring] {
        let text = try String(contentsOfFile: transcript, encoding: .utf8)
        return try #require(text.split(separator: "\n").dropFirst().first).split(separator: " ")
    }

    @Test("record writes sha256sum's value of FILE, and of its -wal when it has one")
    func sourceHashIsSHA256Sum() throws {
        let folder = TemporaryDirectory("transcript-hash")
        let file = try folder.copy(SharedData.repositoryRoot.appendingPathComponent("Fixtures/mmex-200.mmb"), as: "money.mmb")
        let transcript = folder.path("t.transcript")
        let recorded = TranscriptCLI.run(["record", file, "--out", transcript, "--slices", "infotable", "--operations", "0"])
        try #require(recorded.code == .ok, "\(recorded.err)")
        let line = try sourceLine(transcript)
        #expect(line.count == 5)
        #expect(String(line[2]) == (try sha256sum(file)))

        // A WAL-mode copy with committed transactions still in its -wal: both hashes, each sha256sum's.
        let wal = folder.path("wal.mmb")
        let connection = try EngineConnection(path: file, options: .readWrite)
        _ = try connection.pragma("journal_mode = WAL")
        try connection.execute("PRAGMA wal_autocheckpoint = 0; UPDATE INFOTABLE_V1 SET INFOVALUE = INFOVALUE")
        try FileManager.default.copyItem(atPath: file, toPath: wal)
        try FileManager.default.copyItem(atPath: file + "-wal", toPath: wal + "-wal")
        connection.close()
        let walTranscript = folder.path("wal.transcript")
        let walRecorded = TranscriptCLI.run(["record", wal, "--out", walTranscript, "--slices", "infotable", "--operations", "0"])
        try #require(walRecorded.code == .ok, "\(walRecorded.err)")
        let walLine = try sourceLine(walTranscript)
        #expect(walLine.count == 7 && walLine[5] == "wal-sha256")
        #expect(String(walLine[2]) == (try sha256sum(wal)))
        #expect(String(walLine[6]) == (try sha256sum(wal + "-wal")))
    }
}
