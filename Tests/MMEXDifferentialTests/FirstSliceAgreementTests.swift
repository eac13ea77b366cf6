import Foundation
import MMEXDifferential
import MMEXModel
import PersistenceSession
import TestSupport
import Testing

/// The first slice (infotable and settings) returns and writes the same on the legacy session as on the queue and
/// pool sessions, on every kind of file the app meets.
@Suite("The first slice agrees on legacy, queue and pool")
struct FirstSliceAgreementTests {
    private func expectAgreement(_ report: SessionDiffReport, comment: String) {
        #expect(report.agrees, "\(comment)\n\(report.text)")
        let slice = report.slices.first { $0.name == "infotable" }
        #expect(slice?.comparisons.map(\.comparison) == ["legacy vs queue", "legacy vs pool"])
        #expect((slice?.operations ?? 0) > 0)
    }

    @Test("the committed plain fixture, with 1000 seeded random operations per comparison")
    func plainFixture() throws {
        let folder = ScratchDirectory()
        let before = fingerprint(ofFolderOf: CommittedFixture.plain)
        let report = try SessionDiffRunner(
            source: .file(path: CommittedFixture.plain, key: nil), options: DiffOptions(seed: 7, randomOperations: 1000),
            workDirectory: folder.url
        ).run(try SliceRegistry.slices(named: ["infotable"]))
        expectAgreement(report, comment: "plain fixture")
        #expect(report.slices[0].comparisons.allSatisfy { $0.operations >= 1000 })
        #expect(report.slices[0].recorded.isEmpty, "a rollback-journal file leaves every session as it came")
        #expect(fingerprint(ofFolderOf: CommittedFixture.plain) == before, "the source folder is untouched")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty, "working copies removed")
    }

    @Test("the committed SQLCipher 4 fixture")
    func sqlcipher4Fixture() throws {
        let folder = ScratchDirectory()
        let before = fingerprint(ofFolderOf: CommittedFixture.sqlcipher4)
        let report = try SessionDiffRunner(
            source: .file(path: CommittedFixture.sqlcipher4, key: try CommittedFixture.sqlcipher4RawKey()),
            options: DiffOptions(seed: 3, randomOperations: 250), workDirectory: folder.url
        ).run(try SliceRegistry.slices(named: ["infotable"]))
        expectAgreement(report, comment: "sqlcipher4 fixture")
        #expect(fingerprint(ofFolderOf: CommittedFixture.sqlcipher4) == before)
    }

    @Test("the committed AES-128 fixture, opened with its passphrase")
    func aes128Fixture() throws {
        let folder = ScratchDirectory()
        let report = try SessionDiffRunner(
            source: .file(path: CommittedFixture.aes128, key: CommittedFixture.key),
            options: DiffOptions(seed: 4, randomOperations: 250), workDirectory: folder.url
        ).run(try SliceRegistry.slices(named: ["infotable"]))
        expectAgreement(report, comment: "aes128 fixture")
    }

    @Test("every real MMEX file (copies), whatever its age, journal mode and extra columns", .needsSharedData, arguments: SharedData.realFiles.map(\.name))
    func realFile(name: String) throws {
        let folder = ScratchDirectory()
        let source = SharedData.realFile(name).path
        let before = fingerprint(ofFolderOf: source)
        let report = try SessionDiffRunner(
            source: .file(path: source, key: nil), options: DiffOptions(seed: 11, randomOperations: 250),
            workDirectory: folder.url
        ).run(try SliceRegistry.slices(named: ["infotable"]))
        expectAgreement(report, comment: name)
        #expect(fingerprint(ofFolderOf: source) == before, "the shared real files are never written")
        let recorded = Set(report.slices[0].recorded.map(\.id))
        if name == "desktop-1.9.2-wal-sample.mmb" {
            #expect(recorded == ["legacy-takes-wal-files-out-of-wal"], "the one deliberate difference, on the WAL file")
            #expect(report.slices[0].recorded.count == 2, "reported once per comparison, by the open-and-close scenario")
        } else {
            #expect(recorded.isEmpty)
        }
    }

    @Test("in-memory sample databases")
    func samples() throws {
        let folder = ScratchDirectory()
        let report = try SessionDiffRunner(
            source: .inMemorySample, options: DiffOptions(seed: 5, randomOperations: 250), workDirectory: folder.url
        ).run(try SliceRegistry.slices(named: ["infotable"]))
        expectAgreement(report, comment: "samples")
        #expect(report.file == "(in-memory samples)")
    }
}
