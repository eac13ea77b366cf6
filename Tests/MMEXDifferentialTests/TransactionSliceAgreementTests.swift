import Foundation
import MMEXDifferential
import MMEXLegacy
import MMEXModel
import PersistenceSession
import TestSupport
import Testing

/// Slice 3 (transactions and their dependants, the register with its running balance) returns and writes the same on
/// the legacy session as on the queue and pool sessions.
@Suite("The transactions slice agrees on legacy, queue and pool")
struct TransactionSliceAgreementTests {
    private func run(_ source: DiffSource, seed: UInt64, operations: Int) throws -> SessionDiffReport {
        let folder = TemporaryDirectory()
        let slices = try SliceRegistry.slices(named: ["transactions"])
        return try SessionDiffRunner(
            source: source, options: DiffOptions(seed: seed, randomOperations: operations), workDirectory: folder.url
        ).run(slices)
    }

    private func expectAgreement(_ report: SessionDiffReport, operations: Int, comment: String) {
        #expect(report.agrees, "\(comment)\n\(report.text)")
        let slice = report.slices.first { $0.name == "transactions" }
        #expect(slice?.comparisons.map(\.comparison) == ["legacy vs queue", "legacy vs pool"])
        #expect(slice?.comparisons.allSatisfy { $0.operations >= operations } == true, "\(comment)")
    }

    @Test("the committed plain fixture, 300 seeded random operations per comparison")
    func plainFixture() throws {
        let before = fingerprint(ofFolderOf: CommittedFixture.plain)
        let report = try run(.file(path: CommittedFixture.plain, key: nil), seed: 21, operations: 300)
        expectAgreement(report, operations: 300, comment: "plain fixture")
        #expect(fingerprint(ofFolderOf: CommittedFixture.plain) == before, "the source folder is untouched")
    }

    @Test("the committed SQLCipher 4 fixture")
    func sqlcipher4Fixture() throws {
        let report = try run(
            .file(path: CommittedFixture.sqlcipher4, key: try CommittedFixture.sqlcipher4RawKey()), seed: 22, operations: 200
        )
        expectAgreement(report, operations: 200, comment: "sqlcipher4 fixture")
    }

    @Test("every real MMEX file the sessions open (copies)", .needsSharedData, arguments: SharedData.realFiles.map(\.name))
    func realFile(name: String) throws {
        let source = SharedData.realFile(name).path
        let before = fingerprint(ofFolderOf: source)
        let report = try run(.file(path: source, key: nil), seed: 23, operations: 200)
        // The desktop 1.9.2 sync build's triggers stamp `pb_updated_at` with the wall clock (whole seconds) on every
        // write: two sessions writing a second apart differ there whatever the driver. Those cells are the only
        // differences allowed; every returned value and every other cell must agree.
        let details = report.slices.flatMap(\.details).map { "\($0)" }
        let other = details.filter { !$0.contains(".pb_updated_at:") }
        #expect(other.isEmpty, "\(name)\n\(other.joined(separator: "\n"))")
        let slice = report.slices.first { $0.name == "transactions" }
        #expect(slice?.comparisons.allSatisfy { $0.operations >= 200 } == true, "\(name)")
        #expect(fingerprint(ofFolderOf: source) == before, "the shared real files are never written")
    }

    @Test("in-memory sample databases")
    func samples() throws {
        let report = try run(.inMemorySample, seed: 24, operations: 200)
        expectAgreement(report, operations: 200, comment: "samples")
    }

    @Test("a planted bug in the register (ledger order by TRANSID only) is caught")
    func plantedOrderBug() throws {
        // The register of account 1 in the fixture holds rows whose TRANSID order is not their date order; a session
        // that sorted by id alone would disagree with the legacy one on `ledger(accountId: 1, ...)`.
        let folder = TemporaryDirectory()
        let path = try folder.copy(URL(fileURLWithPath: CommittedFixture.plain), as: "f.mmb")
        let session = try LegacySession.open(at: path, key: nil, access: .readWrite, configuration: .standard)
        defer { try? session.close() }
        let lines = try session.read { try $0.transactions.ledger(accountId: 1, from: nil, to: nil) }
        #expect(lines.count > 10)
        #expect(lines.map(\.transaction.id) != lines.map(\.transaction.id).sorted(), "the fixture makes the order matter")
        let days = lines.compactMap { $0.transaction.date?.rawValue }
        #expect(days == days.sorted(), "ordered by TRANSDATE")
    }
}
