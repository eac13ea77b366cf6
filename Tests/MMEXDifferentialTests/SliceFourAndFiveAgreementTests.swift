import Foundation
import MMEXDifferential
import MMEXModel
import PersistenceSession
import TestSupport
import Testing

/// Slices 4 (scheduled transactions, budgets, assets, stocks) and 5 (reports) return and write the same on the legacy session as on the queue and
/// pool sessions.
@Suite("Scheduled, budgets, assets, stocks and reports agree on legacy, queue and pool")
struct SliceFourAndFiveAgreementTests {
    static let names = ["scheduled", "budgets", "assets", "stocks", "reports"]
    private let agreement = SliceAgreement(names: Self.names)

    @Test("the committed plain fixture, 250 random operations per slice and comparison")
    func plainFixture() throws {
        let before = fingerprint(ofFolderOf: CommittedFixture.plain)
        let report = try agreement.run(.file(path: CommittedFixture.plain, key: nil), seed: 17, operations: 250)
        agreement.expectAgreement(report, "plain fixture")
        #expect(report.slices.allSatisfy { $0.comparisons.allSatisfy { $0.operations >= 250 } })
        #expect(fingerprint(ofFolderOf: CommittedFixture.plain) == before)
    }

    @Test("the committed SQLCipher 4 fixture")
    func sqlcipher4Fixture() throws {
        let report = try agreement.run(
            .file(path: CommittedFixture.sqlcipher4, key: try CommittedFixture.sqlcipher4RawKey()), seed: 18, operations: 120
        )
        agreement.expectAgreement(report, "sqlcipher4 fixture")
    }

    @Test("every real MMEX file (copies)", .needsSharedData, arguments: SharedData.realFiles.map(\.name))
    func realFile(name: String) throws {
        let source = SharedData.realFile(name).path
        let before = fingerprint(ofFolderOf: source)
        let report = try agreement.run(.file(path: source, key: nil), seed: 19, operations: 120)
        agreement.expectAgreement(report, name)
        #expect(fingerprint(ofFolderOf: source) == before)
        let recorded = Set(report.slices.flatMap(\.recorded).map(\.id))
        #expect(recorded.isSubset(of: ["legacy-takes-wal-files-out-of-wal"]))
    }

    @Test("in-memory sample databases")
    func samples() throws {
        agreement.expectAgreement(try agreement.run(.inMemorySample, seed: 20, operations: 200), "samples")
    }
}
