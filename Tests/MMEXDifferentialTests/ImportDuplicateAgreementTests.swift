import Foundation
import MMEXDifferential
import MMEXModel
import TestSupport
import Testing

/// Slices 6 and 7 return and write the same on legacy, queue and pool, on the committed fixtures, samples and the
/// real MMEX files. Every scenario runs each time; the random operations after them are fewer in the test run than
/// in the soak.
@Suite("Import and duplicates agree on legacy, queue and pool")
struct ImportDuplicateAgreementTests {
    private func run(
        _ source: DiffSource, seed: UInt64, operations: Int = Soak.pick(normal: 80, soak: 200)
    ) throws -> SessionDiffReport {
        let folder = TemporaryDirectory()
        return try SessionDiffRunner(
            source: source, options: DiffOptions(seed: seed, randomOperations: operations), workDirectory: folder.url
        ).run(try SliceRegistry.slices(named: ["import", "duplicates"]))
    }

    private func expectAgreement(_ report: SessionDiffReport, _ comment: String) {
        #expect(report.agrees, "\(comment)\n\(report.text)")
        #expect(report.slices.map(\.name) == ["import", "duplicates"])
        #expect(report.slices.allSatisfy { $0.operations > 0 })
    }

    @Test("the committed plain fixture")
    func plain() throws {
        let before = fingerprint(ofFolderOf: CommittedFixture.plain)
        expectAgreement(try run(.file(path: CommittedFixture.plain, key: nil), seed: 21, operations: Soak.pick(normal: 80, soak: 300)), "plain")
        #expect(fingerprint(ofFolderOf: CommittedFixture.plain) == before)
    }

    @Test("the committed SQLCipher 4 fixture")
    func sqlcipher4() throws {
        expectAgreement(
            try run(.file(path: CommittedFixture.sqlcipher4, key: try CommittedFixture.sqlcipher4RawKey()), seed: 22), "sqlcipher4"
        )
    }

    @Test("in-memory samples")
    func samples() throws {
        expectAgreement(try run(.inMemorySample, seed: 23), "samples")
    }

    @Test("every real MMEX file (copies)", .needsSharedData, arguments: SharedData.realFiles.map(\.name))
    func realFile(name: String) throws {
        let source = SharedData.realFile(name).path
        let before = fingerprint(ofFolderOf: source)
        let report = try run(.file(path: source, key: nil), seed: 24)
        #expect(report.slices.allSatisfy { $0.mismatches == 0 }, "\(name)\n\(report.text)")
        #expect(fingerprint(ofFolderOf: source) == before)
    }
}
