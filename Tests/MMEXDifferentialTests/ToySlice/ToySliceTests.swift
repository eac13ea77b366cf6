import Differential
import Foundation
import MMEXDifferential
import MMEXModel
import MMEXReaderWriter
import MMEXSession
import PersistenceSession
import TestSupport
import Testing

// Step 5: the registry line. MMEX's registry is `SliceRegistry.ported`; the toy slice's registry is that list with its
// line added, and everything below is derived from it.

/// MIGRATION.md's "How to add a slice", done for a toy slice (`DP_TOY_NOTE`) in this test target, in five files:
/// its model (`ToyRepository.swift`), its legacy and reader/writer sides, its scenario file and its registry line
/// (``registry``). The status table, `--slices`, the differential runner with its read-back and the test doubles
/// pick it up with nothing else edited; left out of the registry, its key is named.
@Suite("A slice added in five files through MIGRATION.md's checklist")
struct ToySliceTests {
    /// MMEX's registry with the toy slice's line.
    static var registry: [PortedSlice] { SliceRegistry.ported + [ToyScenarios.slice] }

    @Test("the registry knows it by name and lists its repository last")
    func registryHasIt() throws {
        #expect(try SliceRegistry.slices(named: ["toys"], in: Self.registry).map(\.slice) == [.toys])
        #expect(throws: UnknownSliceError.self) { try SliceRegistry.slices(named: ["toys"]) }
        #expect(SliceRegistry.repositories(of: Self.registry).last == .toys)
    }

    @Test("the status table has its row: both drivers vend it, and its scenarios are counted")
    func statusTableHasItsRow() throws {
        let rows = try MigrationStatus.rows(slices: Self.registry)
        let row = try #require(rows.last)
        #expect(row.repository == .toys && row.slice == .toys && row.isPorted)
        let scenarios = ToyScenarios.handWritten.count + DiffOptions.standard.randomScenarioCount
        #expect(row.scenarios == scenarios)
        let line = "| `ToyRepository` | 8: toys | yes | yes | \(scenarios) | `driverport diff Fixtures/mmex-200.mmb --slices toys` |"
        #expect(MigrationStatus.markdown(rows).hasSuffix(line))
    }

    @Test("driverport diff's runner runs its scenarios on a file and both drivers agree")
    func differentialRunsIt() throws {
        let folder = ScratchDirectory()
        let report = try SessionDiffRunner(
            source: .file(path: CommittedFixture.plain, key: nil), options: DiffOptions(seed: 7, randomOperations: 60),
            workDirectory: folder.url
        ).run(try SliceRegistry.slices(named: ["toys"], in: Self.registry))
        #expect(report.agrees, "\(report.text)")
        #expect(report.slices.map(\.name) == ["toys"])
        #expect(report.slices.allSatisfy { $0.operations > 0 })
    }

    @Test("a test double that replaces another repository forwards the toy notes without naming them")
    func doublesForwardIt() throws {
        let inner = try QueueSession.openInMemorySample(configuration: .standard)
        let planted = PlantedQueueSession(inner: inner, bug: .offByOneList)
        defer { try? planted.close() }
        let added = try planted.write { try $0.toys.add("through the double") }
        #expect(try planted.read { try $0.toys.notes() } == [added])
        #expect(try inner.read { try $0.toys.notes() } == [added])
    }

    @Test("its read-back is wired in: read back after every scenario, a candidate whose toy notes read one short is named")
    func readBackCatchesIt() throws {
        let folder = ScratchDirectory()
        let candidate = DifferentialSide<any MMEXSession>(
            name: "queue (toy notes one short)",
            open: { path in
                let inner = try QueueSession.open(
                    at: path, key: nil, access: .readWrite,
                    configuration: SessionConfiguration(minter: DeterministicMinter.make())
                )
                return ToyNotesOneShort(inner: inner)
            },
            close: { try $0.close() }
        )
        var harness = DifferentialHarness(
            baseline: DriverKind.legacy.differentialSide(.file(path: CommittedFixture.plain, key: nil)),
            candidate: candidate, workDirectory: folder.url, shrinkBudget: 0, readBack: ToyScenarios.slice.readBack
        )
        // The bug is in a read only: both copies store the same notes, where the default skips the read-back.
        harness.readBackPolicy = .afterEveryScenario
        let report = try harness.run(Scenario(name: "one note", operations: [ToyScenarios.add("n")]), on: CommittedFixture.plain)
        let readBack = try #require(report.mismatches.first { $0.kind == .readBack })
        #expect(readBack.operation == "read back toys.notes")
        #expect(readBack.trap == .notReadableByLegacy)
    }

    @Test("left out of the registry, its key is named with its file")
    func forgottenRegistryLineIsNamed() throws {
        let model = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ToyRepository.swift")
        let declared = try SliceRegistryCompletenessTests.declaredKeys(in: [model])
        #expect(declared == ["ToyRepositoryKey": "Tests/MMEXDifferentialTests/ToySlice/ToyRepository.swift"])
        let missing = SliceRegistryCompletenessTests.unregistered(declared, in: SliceRegistry.ported)
        #expect(missing.count == 1)
        #expect(missing.first?.hasPrefix("ToyRepositoryKey (Tests/MMEXDifferentialTests/ToySlice/ToyRepository.swift)") == true)
        #expect(SliceRegistryCompletenessTests.unregistered(declared, in: Self.registry).isEmpty)
    }
}

/// A queue session whose toy notes read one short (the last note left out): everything else, the toy writes
/// included, is the real session's.
private final class ToyNotesOneShort: MMEXSession {
    static var driver: DriverKind { .queue }
    let inner: QueueSession

    init(inner: QueueSession) { self.inner = inner }

    static func create(at path: String, key: DatabaseKey?, configuration: SessionConfiguration) throws -> ToyNotesOneShort {
        throw PersistenceError.invalidUse("made with init(inner:)")
    }

    static func open(
        at path: String, key: DatabaseKey?, access: SessionAccess, configuration: SessionConfiguration
    ) throws -> ToyNotesOneShort {
        throw PersistenceError.invalidUse("made with init(inner:)")
    }

    static func openInMemorySample(configuration: SessionConfiguration) throws -> ToyNotesOneShort {
        throw PersistenceError.invalidUse("made with init(inner:)")
    }

    var location: SessionLocation { inner.location }
    var access: SessionAccess { inner.access }
    var isClosed: Bool { inner.isClosed }

    func read<T>(_ work: (any MMEXReadContext) throws -> T) throws -> T {
        try inner.read { context in try work(context.replacing(ToyRepositoryKey.self, with: OneShort(real: context.toys))) }
    }

    func write<T>(_ work: (any MMEXWriteContext) throws -> T) throws -> T { try inner.write(work) }

    func close() throws { try inner.close() }

    private struct OneShort: ToyReading {
        let real: any ToyReading
        func notes() throws -> [ToyNote] { Array(try real.notes().dropLast()) }
    }
}
