import Foundation
import MMEXDifferential
import MMEXModel
import PersistenceSession
import TestSupport
import Testing

/// Slice 1 (currencies) and the accounts repository of slice 2 return and write the same on the legacy session as
/// on the queue and pool sessions.
@Suite("Currencies and accounts agree on legacy, queue and pool")
struct LookupSliceAgreementTests {
    static let names = ["currencies", "accounts"]
    private let agreement = SliceAgreement(names: Self.names)

    @Test("the committed plain fixture, with seeded random operations")
    func plainFixture() throws {
        let before = fingerprint(ofFolderOf: CommittedFixture.plain)
        let report = try agreement.run(.file(path: CommittedFixture.plain, key: nil), seed: 21, operations: 250)
        agreement.expectAgreement(report, "plain fixture")
        #expect(report.slices.allSatisfy { $0.recorded.isEmpty })
        #expect(fingerprint(ofFolderOf: CommittedFixture.plain) == before)
    }

    @Test("the committed SQLCipher 4 fixture")
    func sqlcipher4Fixture() throws {
        let report = try agreement.run(.file(path: CommittedFixture.sqlcipher4, key: try CommittedFixture.sqlcipher4RawKey()), seed: 22, operations: 60)
        agreement.expectAgreement(report, "sqlcipher4 fixture")
    }

    /// Includes MMEX 0.9.7's old table shapes (no `CURRENCY_TYPE`, `INITIALDATE`, `DELETEDTIME`): both sides refuse
    /// them with the same error instead of the legacy driver reading a missing quoted column as its name.
    @Test("every real MMEX file (copies)", .needsSharedData, arguments: SharedData.realFiles.map(\.name))
    func realFile(name: String) throws {
        let source = SharedData.realFile(name).path
        let before = fingerprint(ofFolderOf: source)
        let report = try agreement.run(.file(path: source, key: nil), seed: 23, operations: 60)
        agreement.expectAgreement(report, name)
        #expect(fingerprint(ofFolderOf: source) == before, "the shared real files are never written")
        let recorded = Set(report.slices.flatMap(\.recorded).map(\.id))
        #expect(recorded.isSubset(of: ["legacy-takes-wal-files-out-of-wal"]))
    }

    @Test("in-memory sample databases")
    func samples() throws {
        agreement.expectAgreement(try agreement.run(.inMemorySample, seed: 24, operations: 100), "samples")
    }
}
