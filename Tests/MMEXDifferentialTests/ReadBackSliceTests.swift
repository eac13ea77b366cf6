import Differential
import Foundation
import MMEXDifferential
import MMEXModel
import MMEXReaderWriter
import MMEXSession
import PersistenceSession
import TestSupport
import Testing

/// Every ported slice reads back what it writes through the legacy session, and the runner's harness reports a
/// read-back difference with its trap.
@Suite("MMEX read-back")
struct ReadBackSliceTests {
    @Test("every ported slice has read-back operations, each named for what it reads")
    func everySliceReadsBack() {
        for slice in SliceRegistry.ported {
            #expect(!slice.readBack.isEmpty, "\(slice.name) reads back what it writes")
            #expect(slice.readBack.allSatisfy { $0.name.hasPrefix("read back ") })
        }
    }

    @Test("read back after every scenario, the legacy session's read of the copy the queue left differs from the queue's own: named, not failing silently")
    func differenceIsReported() throws {
        let folder = ScratchDirectory()
        let slice = try #require(SliceRegistry.ported.first { $0.slice == .infoTable })
        // The planted queue lists its entries one short, so its own read differs from what the legacy session
        // reads on the same copy.
        let planted = DifferentialSide<any MMEXSession>(
            name: "queue (planted)",
            open: { path in
                let inner = try QueueSession.open(
                    at: path, key: nil, access: .readWrite,
                    configuration: SessionConfiguration(minter: DeterministicMinter.make())
                )
                return PlantedQueueSession(inner: inner, bug: .offByOneList)
            },
            close: { try $0.close() }
        )
        var harness = DifferentialHarness(
            baseline: DriverKind.legacy.differentialSide(.file(path: CommittedFixture.plain, key: nil)),
            candidate: planted, workDirectory: folder.url, shrinkBudget: 0, readBack: slice.readBack
        )
        // The planted bug is in a read only: both copies store the same thing, where the default skips the read-back.
        harness.readBackPolicy = .afterEveryScenario
        let report = try harness.run(Scenario(name: "open and close", operations: []), on: CommittedFixture.plain)
        let readBack = try #require(report.mismatches.first { $0.kind == .readBack })
        #expect(readBack.operation == "read back infoTable.entries")
        #expect(readBack.candidate == "(absent)")
        #expect(readBack.trap == .notReadableByLegacy)
        #expect(report.mismatches.allSatisfy { $0.kind == .readBack }, "nothing else differs: \(report.mismatches)")
    }
}
