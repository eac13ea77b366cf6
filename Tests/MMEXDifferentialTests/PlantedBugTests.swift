import Differential
import Foundation
import MMEXDifferential
import MMEXModel
import MMEXReaderWriter
import MMEXSession
import PersistenceSession
import TestSupport
import Testing

/// The differential suite catches a bug planted into the real slice on the reader/writer side, and names the
/// operation and the field.
@Suite("Planted bugs in the first slice are caught")
struct PlantedBugTests {
    private func harness(_ bug: PlantedBug, folder: ScratchDirectory) -> DifferentialHarness<any MMEXSession> {
        let planted = DifferentialSide<any MMEXSession>(
            name: "queue (planted)",
            open: { path in
                let inner = try QueueSession.open(
                    at: path, key: nil, access: .readWrite,
                    configuration: SessionConfiguration(minter: DeterministicMinter.make())
                )
                return PlantedQueueSession(inner: inner, bug: bug)
            },
            close: { try $0.close() }
        )
        return DifferentialHarness(
            baseline: DriverKind.legacy.differentialSide(.file(path: CommittedFixture.plain, key: nil)),
            candidate: planted, workDirectory: folder.url, shrinkBudget: 32
        )
    }

    private func scenario(_ name: String) throws -> Scenario<any MMEXSession> {
        let slice = try #require(SliceRegistry.ported.first { $0.slice == .infoTable })
        return try #require(slice.scenarios(DiffOptions(randomOperations: 0)).first { $0.name == name })
    }

    @Test("a NOCASE lookup made case-sensitive: the lookup's result, then the update that fails")
    func caseSensitiveLookup() throws {
        let folder = ScratchDirectory()
        let report = try harness(.caseSensitiveLookup, folder: folder).run(scenario("NOCASE lookups"), on: CommittedFixture.plain)
        let first = try #require(report.mismatches.first)
        #expect(first.kind == .result)
        #expect(first.operationIndex == 0)
        #expect(first.operation == "infoTable.entry(for: \"dataversion\")")
        #expect(first.field == "(result)")
        #expect(first.baseline.contains("name: \"DATAVERSION\"") && first.candidate == "null")
        let update = try #require(report.mismatches.first { $0.operation == "infoTable.setValue(\"4\", for: \"dataversion\")" })
        #expect(update.field == "(outcome)")
        #expect(update.baseline.hasPrefix("returned"))
        #expect(update.candidate.contains("unique on INFOTABLE_V1(INFONAME)"), "the insert meets the NOCASE unique index")
        #expect(report.shortestFailingSequence == ["infoTable.entry(for: \"dataversion\")"])
    }

    @Test("an off-by-one limit: the list is one entry short, named by its index")
    func offByOneList() throws {
        let folder = ScratchDirectory()
        let report = try harness(.offByOneList, folder: folder).run(scenario("read everything"), on: CommittedFixture.plain)
        let first = try #require(report.mismatches.first)
        #expect(first.kind == .result)
        #expect(first.operation == "infoTable.entries()")
        #expect(first.operationIndex == 0)
        #expect(first.field.hasPrefix("[") && first.field.hasSuffix("]"), "the missing element's index")
        #expect(first.candidate == "(absent)")
        #expect(report.mismatches.allSatisfy { $0.operation == "infoTable.entries()" }, "\(report.mismatches)")
        #expect(report.shortestFailingSequence == ["infoTable.entries()"])
    }

    @Test("a value written with another storage class: the file shows the blob, the next read fails")
    func blobValues() throws {
        let folder = ScratchDirectory()
        let report = try harness(.blobValues, folder: folder).run(scenario("values are stored exactly"), on: CommittedFixture.plain)
        let read = try #require(report.mismatches.first { $0.kind == .result })
        #expect(read.operation == "infoTable.entry(for: \"DP_TEXT\")")
        #expect(read.operationIndex == 1)
        #expect(read.field == "(outcome)")
        #expect(read.candidate.contains("INFOTABLE_V1.INFOVALUE holds blob, not text"))
        let disk = try #require(report.mismatches.first { $0.kind == .rows && $0.baseline.contains("'007'") })
        #expect(disk.field.hasPrefix("INFOTABLE_V1[rowid ") && disk.field.hasSuffix("].INFOVALUE"))
        #expect(disk.baseline == "'007' (text)" && disk.candidate == "x'303037' (blob)")
    }

    @Test("a random scenario reports its seed and a shortest failing sequence much shorter than itself")
    func randomScenarioIsShrunk() throws {
        let folder = ScratchDirectory()
        let slice = try #require(SliceRegistry.ported.first)
        let random = slice.random.scenario(named: "random-42", seed: 42, count: 120)
        let report = try harness(.caseSensitiveLookup, folder: folder).run(random, on: CommittedFixture.plain)
        #expect(!report.agrees)
        #expect(report.seed == 42)
        #expect(report.mismatches.allSatisfy { $0.seed == 42 && $0.scenario == "random-42" })
        let shortest = try #require(report.shortestFailingSequence)
        #expect(!shortest.isEmpty && shortest.count < 10, "\(shortest)")
        let replay = slice.random.scenario(named: "replay", seed: 42, count: 120)
        #expect(replay.operations.map(\.name) == random.operations.map(\.name), "the seed replays the same operations")
    }

    @Test("a planted bug the operations never reach is not reported: no false positives")
    func unreachedBugIsNotReported() throws {
        let folder = ScratchDirectory()
        let report = try harness(.offByOneList, folder: folder).run(
            Scenario(name: "settings only", operations: [try scenario("units of work").operations[1]]),
            on: CommittedFixture.plain
        )
        #expect(report.agrees, "\(report.mismatches)")
    }
}
