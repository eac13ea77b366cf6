import DriverPortCLI
import Foundation
import TestSupport
import Testing

/// Transcripts of the previous format still verify: `FormatTwo/mmex-200-tags.transcript` is what `driverport record
/// Fixtures/mmex-200.mmb --slices tags --operations 10` wrote in format 2 (state hashes only, errors in their type and
/// description: `PersistenceError: constraint violated: unique on TAG_V1(TAGNAME)`), before row detail and the
/// standard error form.
@Suite("driverport verify reads transcripts of format 2 and refuses format 1 in one line")
struct FormatTwoTests {
    private static let transcript = SharedData.repositoryRoot
        .appendingPathComponent("Tests/MMEXTranscriptTests/FormatTwo/mmex-200-tags.transcript").path

    @Test("a format 2 transcript, its errors in the old words, verifies against every session")
    func formatTwoVerifies() throws {
        let text = try String(contentsOfFile: Self.transcript, encoding: .utf8)
        #expect(text.hasPrefix("driverport-transcript 2\n"))
        #expect(text.contains("! \"PersistenceError: constraint violated: unique on TAG_V1(TAGNAME)\""))
        for session in ["legacy", "queue", "pool"] {
            let result = TranscriptCLI.run([
                "verify", TranscriptCLI.fixture("mmex-200.mmb"), "--transcript", Self.transcript, "--session", session,
            ])
            #expect(result.code == .ok, "\(session): \(result.out)\(result.err)")
            #expect(result.out.contains("no mismatch"), "\(session): \(result.out)")
        }
    }

    @Test("a refusal edited to another constraint in a format 2 transcript is still a mismatch")
    func formatTwoErrorsStillCompared() throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        let edited = folder.path("edited.transcript")
        let text = try String(contentsOfFile: Self.transcript, encoding: .utf8)
        let unique = "! \"PersistenceError: constraint violated: unique on TAG_V1(TAGNAME)\""
        let range = try #require(text.range(of: unique))
        try text.replacingCharacters(in: range, with: "! \"PersistenceError: constraint violated: foreignKey on TAG_V1(TAGID)\"")
            .write(toFile: edited, atomically: true, encoding: .utf8)
        let result = TranscriptCLI.run(["verify", TranscriptCLI.fixture("mmex-200.mmb"), "--transcript", edited])
        #expect(result.code == .differenceFound, "\(result.out)\(result.err)")
        #expect(result.out.contains("foreignKey"), "\(result.out)")
    }

    @Test("a format 1 transcript is refused with one line naming the version")
    func formatOneRefused() throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        let old = folder.path("old.transcript")
        let text = try String(contentsOfFile: Self.transcript, encoding: .utf8)
        try text.replacingOccurrences(of: "driverport-transcript 2\n", with: "driverport-transcript 1\n")
            .write(toFile: old, atomically: true, encoding: .utf8)
        let result = TranscriptCLI.run(["verify", TranscriptCLI.fixture("mmex-200.mmb"), "--transcript", old])
        #expect(result.code == .dataError)
        #expect(result.err.split(separator: "\n").count == 1, "\(result.err)")
        #expect(result.err.contains("transcript format version 1 is not one this toolkit reads"), "\(result.err)")
        #expect(result.err.contains("record the transcript again"), "\(result.err)")
    }
}
