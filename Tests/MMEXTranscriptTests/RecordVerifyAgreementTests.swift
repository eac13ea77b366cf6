import DriverPortCLI
import Foundation
import TestSupport
import Testing

/// `driverport record` on the legacy session, then `driverport verify` on queue, pool and legacy, agree on every
/// committed fixture and every real MMEX file. The default run takes every slice's hand-written scenarios and a few
/// random operations on the plain fixture and the real files, and two slices on the encrypted fixtures;
/// `DRIVERPORT_SOAK=1` takes every slice and hundreds of random operations everywhere.
@Suite("driverport record then verify agree")
struct RecordVerifyAgreementTests {
    static let operations = Soak.pick(normal: "2", soak: "300")

    private func recordThenVerify(_ path: String, slices: [String]) throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        let transcript = folder.path("golden.transcript")
        let before = folderFingerprint(URL(fileURLWithPath: path).deletingLastPathComponent())
        let key = TranscriptCLI.keyOptions(for: path)
        let recorded = TranscriptCLI.run(
            ["record", path, "--out", transcript, "--operations", Self.operations, "--seed", "5"] + slices + key
        )
        try #require(recorded.code == .ok, "record \(path): \(recorded.err)")
        for session in ["queue", "pool", "legacy"] {
            let verified = TranscriptCLI.run(["verify", path, "--transcript", transcript, "--session", session] + key)
            #expect(verified.code == .ok, "verify \(session) on \(path):\n\(verified.out.prefix(3000))\(verified.err)")
            #expect(verified.out.contains("\(session) session verified"))
        }
        #expect(folderFingerprint(URL(fileURLWithPath: path).deletingLastPathComponent()) == before, "FILE is never written")
    }

    @Test("every committed fixture", arguments: TranscriptCLI.committedFixtures)
    func committedFixture(name: String) throws {
        // Every slice on the plain fixture; on the encrypted ones (the same rows) two slices, every slice in the soak.
        let slices = name.hasSuffix(".mmb") || Soak.isEnabled ? [] : ["--slices", "infotable,transactions"]
        try recordThenVerify(TranscriptCLI.fixture(name), slices: slices)
    }

    @Test("every real MMEX file", arguments: SharedData.realFiles.map(\.name))
    func realFile(name: String) throws {
        try recordThenVerify(SharedData.realFile(name).path, slices: [])
    }
}
