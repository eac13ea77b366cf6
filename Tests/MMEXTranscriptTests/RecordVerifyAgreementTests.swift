import DriverPortCLI
import Foundation
import TestSupport
import Testing

/// `driverport record` on the legacy session, then `driverport verify`, agree on every committed fixture and every
/// real MMEX file.
///
/// The default run keeps to seconds: on the plain fixture every slice's hand-written scenarios, verified on queue
/// and pool; on the encrypted fixtures and the real files the first slice's scenarios, each verified on one of
/// the three sessions in turn (every session meets encrypted and real files). `DRIVERPORT_SOAK=1` runs every slice
/// with 300 random operations each, on every file, verified on all three sessions.
@Suite("driverport record then verify agree")
struct RecordVerifyAgreementTests {
    static let sessions = ["queue", "pool", "legacy"]

    private func recordThenVerify(_ path: String, slices: [String], sessions: [String], operations: Int) throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        let transcript = folder.path("golden.transcript")
        let before = folderFingerprint(URL(fileURLWithPath: path).deletingLastPathComponent())
        let key = TranscriptCLI.keyOptions(for: path)
        let chosen = slices.isEmpty ? [] : ["--slices", slices.joined(separator: ",")]
        let recorded = TranscriptCLI.run(
            ["record", path, "--out", transcript, "--operations", String(operations), "--seed", "5"] + chosen + key
        )
        try #require(recorded.code == .ok, "record \(path): \(recorded.err)")
        for session in sessions {
            let verified = TranscriptCLI.run(["verify", path, "--transcript", transcript, "--session", session] + key)
            #expect(verified.code == .ok, "verify \(session) on \(path):\n\(verified.out.prefix(3000))\(verified.err)")
            #expect(verified.out.contains("\(session) session verified"))
        }
        #expect(folderFingerprint(URL(fileURLWithPath: path).deletingLastPathComponent()) == before, "FILE is never written")
    }

    @Test("the plain fixture: every slice, on queue and pool (and legacy in the soak)")
    func plainFixture() throws {
        try recordThenVerify(
            TranscriptCLI.fixture("mmex-200.mmb"), slices: [], sessions: Soak.pick(normal: ["queue", "pool"], soak: Self.sessions),
            operations: Soak.pick(normal: 0, soak: 300)
        )
    }

    static let encrypted = TranscriptCLI.committedFixtures.filter { $0.hasSuffix(".emb") }
    static let realFiles = SharedData.realFiles.map(\.name)

    @Test("every encrypted fixture", arguments: zip(encrypted.indices, encrypted))
    func encryptedFixture(index: Int, name: String) throws {
        try recordThenVerify(
            TranscriptCLI.fixture(name), slices: Soak.pick(normal: ["infotable"], soak: []),
            sessions: Soak.pick(normal: [Self.sessions[index % 3]], soak: Self.sessions),
            operations: Soak.pick(normal: 0, soak: 300)
        )
    }

    @Test("every real MMEX file", .needsSharedData, arguments: zip(realFiles.indices, realFiles))
    func realFile(index: Int, name: String) throws {
        try recordThenVerify(
            SharedData.realFile(name).path, slices: Soak.pick(normal: ["infotable"], soak: []),
            sessions: Soak.pick(normal: [Self.sessions[index % 3]], soak: Self.sessions),
            operations: Soak.pick(normal: 0, soak: 300)
        )
    }
}
