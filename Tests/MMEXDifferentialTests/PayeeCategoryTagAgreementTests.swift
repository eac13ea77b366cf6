import Foundation
import MMEXDifferential
import MMEXModel
import PersistenceSession
import TestSupport
import Testing

/// The rest of slice 2 (payees, categories, tags) returns and writes the same on the legacy session as on the queue
/// and pool sessions.
@Suite("Payees, categories and tags agree on legacy, queue and pool")
struct PayeeCategoryTagAgreementTests {
    static let names = ["payees", "categories", "tags"]
    private let agreement = SliceAgreement(names: Self.names)

    @Test("the committed plain fixture, 150 seeded random operations per slice and comparison")
    func plainFixture() throws {
        let before = fingerprint(ofFolderOf: CommittedFixture.plain)
        let report = try agreement.run(.file(path: CommittedFixture.plain, key: nil), seed: 31, operations: 150)
        agreement.expectAgreement(report, "plain fixture")
        #expect(report.slices.allSatisfy { $0.recorded.isEmpty })
        #expect(fingerprint(ofFolderOf: CommittedFixture.plain) == before)
    }

    @Test("the committed AES-128 fixture, opened with its passphrase")
    func aes128Fixture() throws {
        let report = try agreement.run(.file(path: CommittedFixture.aes128, key: CommittedFixture.key), seed: 32, operations: 60)
        agreement.expectAgreement(report, "aes128 fixture")
    }

    /// MMEX 0.9.7's old shapes (no `TAG_V1`, a `CATEGORY_V1` without `PARENTID`) are refused alike on both sides.
    @Test("every real MMEX file (copies)", .needsSharedData, arguments: SharedData.realFiles.map(\.name))
    func realFile(name: String) throws {
        let source = SharedData.realFile(name).path
        let before = fingerprint(ofFolderOf: source)
        let report = try agreement.run(.file(path: source, key: nil), seed: 33, operations: 60)
        agreement.expectAgreement(report, name)
        #expect(fingerprint(ofFolderOf: source) == before, "the shared real files are never written")
        let recorded = Set(report.slices.flatMap(\.recorded).map(\.id))
        #expect(recorded.isSubset(of: ["legacy-takes-wal-files-out-of-wal"]))
    }

    @Test("in-memory sample databases")
    func samples() throws {
        agreement.expectAgreement(try agreement.run(.inMemorySample, seed: 34, operations: 100), "samples")
    }
}
