import DriverPortCLI
import Foundation
import TestSupport
import Testing

/// `driverport verify` and `record`: a planted difference is exit 1 naming scenario and operation; a transcript that
/// cannot be used is exit 65 with one line (66 when it is missing); FILE is never written.
@Suite("driverport verify and record: mismatches and bad transcripts")
struct VerifyCommandTests {
    /// A transcript of the plain fixture's first slice, recorded once per test.
    private func recorded(_ folder: TemporaryDirectory) throws -> (file: String, transcript: String) {
        let file = TranscriptCLI.fixture("mmex-200.mmb")
        let transcript = folder.path("golden.transcript")
        let result = TranscriptCLI.run(["record", file, "--out", transcript, "--slices", "infotable", "--operations", "10"])
        try #require(result.code == .ok, "\(result.err)")
        #expect(result.out.hasPrefix("recorded "))
        return (file, transcript)
    }

    @Test("a hand-edited value makes verify exit 1, naming the scenario, the operation and the line; --json counts it")
    func plantedValue() throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        let (file, transcript) = try recorded(folder)
        var lines = try String(contentsOfFile: transcript, encoding: .utf8).split(separator: "\n").map(String.init)
        let index = try #require(lines.firstIndex { $0.hasPrefix("= ") && $0.count > 10 }, "a returned value to edit")
        let operationLine = lines[index - 1]
        lines[index] = "= \"planted\""
        try (lines.joined(separator: "\n") + "\n").write(toFile: transcript, atomically: true, encoding: .utf8)

        let text = TranscriptCLI.run(["verify", file, "--transcript", transcript])
        #expect(text.code == .differenceFound)
        // The operation's name as the transcript quotes it (JSON escapes), read back as the report prints it.
        let quotedName = try #require(operationLine.split(separator: " ", maxSplits: 2).last)
        let operationName = try JSONDecoder().decode(String.self, from: Data(quotedName.utf8))
        #expect(text.out.contains("line \(index): scenario "), "\(text.out)")
        #expect(text.out.contains("operation \(operationLine.split(separator: " ")[1]) \(operationName)"), "\(text.out)")
        #expect(text.out.contains("result: transcript \"planted\"; got "))

        let json = TranscriptCLI.run(["verify", file, "--transcript", transcript, "--session", "pool", "--json"])
        #expect(json.code == .differenceFound)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(object["mismatches"] as? Int == 1)
        #expect((object["operations"] as? Int ?? 0) > 10)
        #expect(object["session"] as? String == "pool")
        let detail = try #require((object["details"] as? [[String: Any]])?.first)
        for key in ["scenario", "scenarioNumber", "operation", "operationNumber", "field", "expected", "actual", "line"] {
            #expect(detail[key] != nil, "detail has \(key)")
        }
    }

    @Test("a missing transcript exits 66; malformed, truncated and foreign ones 65; each with one line naming which and where")
    func unusableTranscripts() throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        let (file, transcript) = try recorded(folder)
        let text = try String(contentsOfFile: transcript, encoding: .utf8)
        let malformed = folder.path("malformed.transcript")
        try text.replacingOccurrences(of: "\nclose ok\n", with: "\nclosed fine\n").write(toFile: malformed, atomically: true, encoding: .utf8)
        let truncated = folder.path("truncated.transcript")
        try String(text.prefix(text.count / 2)).write(toFile: truncated, atomically: true, encoding: .utf8)
        let foreign = folder.path("foreign.transcript")
        let otherFile = folder.path("other.mmb")
        try #require(TranscriptCLI.run(["create", otherFile]).code == .ok)
        let other = TranscriptCLI.run(["record", otherFile, "--out", foreign, "--slices", "infotable", "--operations", "0"])
        try #require(other.code == .ok, "\(other.err)")

        let cases: [(String, String)] = [
            (folder.path("missing.transcript"), "no such transcript"),
            (malformed, "malformed transcript"),
            (truncated, "truncated transcript"),
            (foreign, "recorded on another file"),
        ]
        for (path, words) in cases {
            let result = TranscriptCLI.run(["verify", file, "--transcript", path])
            #expect(result.code == (path == cases[0].0 ? .noInput : .dataError), "\(path): \(result.err)")
            #expect(result.out.isEmpty)
            let lines = result.err.split(separator: "\n")
            #expect(lines.count == 1, "one line: \(result.err)")
            #expect(result.err.hasPrefix("driverport verify: \(path)"), "names the transcript: \(result.err)")
            #expect(result.err.contains(words), "\(result.err)")
            if path != cases[0].0 { #expect(result.err.contains(": line "), "names the line: \(result.err)") }
        }
    }

    @Test("record never writes FILE or a file that is not a transcript; --help for both")
    func recordRefusals() throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        let file = try folder.copy(URL(fileURLWithPath: TranscriptCLI.fixture("mmex-200.mmb")))
        let before = folderFingerprint(folder.url)
        let onto = TranscriptCLI.run(["record", file, "--out", file])
        #expect(onto.code == .usage, "\(onto.err)")
        let notes = folder.path("notes.txt")
        try "my notes\n".write(toFile: notes, atomically: true, encoding: .utf8)
        let other = TranscriptCLI.run(["record", file, "--out", notes, "--slices", "infotable", "--operations", "0"])
        #expect(other.code == .cannotCreate, "\(other.err)")
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "my notes\n")
        let missing = TranscriptCLI.run(["record", folder.path("none.mmb"), "--out", folder.path("t")])
        #expect(missing.code == .noInput, "\(missing.err)")
        let noOut = TranscriptCLI.run(["record", file])
        #expect(noOut.code == .usage)
        let unknownSlice = TranscriptCLI.run(["record", file, "--out", folder.path("t"), "--slices", "nope"])
        #expect(unknownSlice.code == .usage)
        let badSession = TranscriptCLI.run(["verify", file, "--transcript", folder.path("t"), "--session", "grdb"])
        #expect(badSession.code == .usage)
        try FileManager.default.removeItem(atPath: notes)
        #expect(folderFingerprint(folder.url) == before, "FILE and its folder are as they were")
        for command in ["record", "verify"] {
            let help = TranscriptCLI.run([command, "--help"])
            #expect(help.code == .ok && help.out.contains("Usage: driverport \(command) FILE"))
        }
        #expect(TranscriptCLI.run(["--help"]).out.contains("record"))
    }

    @Test("a wrong key is exit 65 before anything is recorded")
    func wrongKey() throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        setenv("DP_TRANSCRIPT_WRONG_KEY", "not-the-key", 1)
        let result = TranscriptCLI.run(["record", TranscriptCLI.fixture("mmex-200-aes128.emb"), "--out",
                                        folder.path("t"), "--key-env", "DP_TRANSCRIPT_WRONG_KEY"])
        #expect(result.code == .dataError, "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("t")))
        #expect(!result.err.contains("not-the-key"))
    }
}
